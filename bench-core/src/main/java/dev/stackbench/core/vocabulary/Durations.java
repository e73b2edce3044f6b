package dev.stackbench.core.vocabulary;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Durations as people write them on command lines: {@code 250ms}, {@code 30s}, {@code 1m30s}, {@code 2h}.
 *
 * <p>A {@link Duration} that JSON files keep in these words (where they were strings before it was a duration) says
 * so on its record component:
 *
 * <pre>{@code
 * record Design(@JsonSerialize(using = Durations.Writer.class) @JsonDeserialize(using = Durations.Reader.class)
 *         Duration trialWarmup) {}  // "trialWarmup" : "1s"
 * }</pre>
 */
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

    /** Writes a duration as {@link #format} does: {@code "1s"}. */
    public static final class Writer extends StdSerializer<Duration> {
        public Writer() {
            super(Duration.class);
        }

        @Override
        public void serialize(Duration value, JsonGenerator gen, SerializationContext context) {
            gen.writeString(format(value));
        }
    }

    /** Reads a duration as {@link #parse} does ({@code "1s"}), or in ISO-8601 ({@code "PT1S"}), as Jackson writes one. */
    public static final class Reader extends StdScalarDeserializer<Duration> {
        public Reader() {
            super(Duration.class);
        }

        @Override
        public Duration deserialize(JsonParser parser, DeserializationContext context) {
            if (!parser.hasToken(JsonToken.VALUE_STRING)) {
                return (Duration) context.handleUnexpectedToken(Duration.class, parser);
            }
            String text = parser.getString();
            try {
                return text.strip().startsWith("P") ? Duration.parse(text.strip()) : parse(text);
            } catch (RuntimeException e) {
                throw InvalidFormatException.from(parser, e.getMessage(), text, Duration.class);
            }
        }
    }
}
