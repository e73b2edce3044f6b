package dev.stackbench.core.vocabulary;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them on command lines: {@code 250ms}, {@code 30s}, {@code 1m30s}, {@code 2h}. */
public final class Durations {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|us|s|m|h)");

    private Durations() {}

    /** @throws IllegalArgumentException naming the text when it is not a duration */
    public static Duration parse(String text) {
        String trimmed = text.trim();
        Matcher matcher = PART.matcher(trimmed);
        long nanos = 0;
        int end = 0;
        while (matcher.find() && matcher.start() == end) {
            double amount = Double.parseDouble(matcher.group(1));
            nanos += (long) (amount
                    * switch (matcher.group(2)) {
                        case "us" -> 1e3;
                        case "ms" -> 1e6;
                        case "s" -> 1e9;
                        case "m" -> 60e9;
                        default -> 3600e9;
                    });
            end = matcher.end();
        }
        if (end == 0 || end != trimmed.length()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h");
        }
        return Duration.ofNanos(nanos);
    }

    /** {@code duration} times {@code factor}, rounded to whole milliseconds, so that the result reads back as it prints. */
    public static Duration scaled(Duration duration, double factor) {
        return Duration.ofMillis(Math.round(duration.toNanos() * factor / 1e6));
    }

    /** The shortest readable form, e.g. {@code 1m30s}, {@code 250ms}. */
    public static String format(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        if (duration.toNanos() % 1_000_000_000L != 0) {
            return duration.toNanos() % 1_000_000 == 0 ? duration.toMillis() + "ms" : duration.toNanos() / 1000 + "us";
        }
        long seconds = duration.toSeconds();
        var text = new StringBuilder();
        if (seconds >= 3600) {
            text.append(seconds / 3600).append('h');
        }
        if (seconds % 3600 >= 60) {
            text.append(seconds % 3600 / 60).append('m');
        }
        if (seconds % 60 != 0) {
            text.append(seconds % 60).append('s');
        }
        return text.toString();
    }
}
