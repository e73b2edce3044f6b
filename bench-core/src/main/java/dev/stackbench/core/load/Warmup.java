package dev.stackbench.core.load;

import dev.stackbench.core.vocabulary.Durations;
import java.time.Duration;

/**
 * How long a run warms up before its measured window: a fixed duration, or until the run is steady
 * (the JIT quiet and no trend in throughput and p50, as {@code dev.stackbench.core.steady.WarmupUntilSteady}
 * decides), at most a cap.
 *
 * <pre>{@code
 * Warmup.parse("auto");       // until steady, at most LoadDefaults.WARMUP_CAP
 * Warmup.parse("auto:90s");   // until steady, at most 90 s
 * Warmup.parse("30s");        // 30 s, steady or not
 * }</pre>
 */
public sealed interface Warmup {

    /** The longest the warm-up may last: its duration, or its cap. */
    Duration max();

    /**
     * How much of the schedule comes before the window at most: {@link #max()}, and for a warm-up until
     * steady one interval more, as its window starts at the next interval's boundary (the workers learn
     * of it before it begins, and its intervals stay whole).
     */
    default Duration span() {
        return this instanceof UntilSteady ? max().plus(LoadDefaults.REPORT_INTERVAL) : max();
    }

    record Fixed(Duration duration) implements Warmup {
        @Override
        public Duration max() {
            return duration;
        }

        @Override
        public String toString() {
            return Durations.format(duration);
        }
    }

    record UntilSteady(Duration cap) implements Warmup {
        public UntilSteady {
            if (!cap.isPositive()) {
                throw new IllegalArgumentException(
                        "the cap of a warm-up until steady must be positive, got " + Durations.format(cap));
            }
        }

        @Override
        public Duration max() {
            return cap;
        }

        @Override
        public String toString() {
            return cap.equals(LoadDefaults.WARMUP_CAP) ? AUTO : AUTO + ":" + Durations.format(cap);
        }
    }

    /** The word for a warm-up until steady. */
    String AUTO = "auto";

    /** The default: until steady, at most {@link LoadDefaults#WARMUP_CAP}. */
    static Warmup untilSteady() {
        return new UntilSteady(LoadDefaults.WARMUP_CAP);
    }

    /**
     * {@code auto}, {@code auto:CAP} or a duration ({@link Durations#parse}).
     *
     * @throws IllegalArgumentException naming the text and what is expected
     */
    static Warmup parse(String text) {
        String trimmed = text.trim();
        if (trimmed.equals(AUTO)) {
            return untilSteady();
        }
        if (trimmed.startsWith(AUTO + ":")) {
            return new UntilSteady(Durations.parse(trimmed.substring(AUTO.length() + 1)));
        }
        try {
            return new Fixed(Durations.parse(trimmed));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is neither auto, auto:CAP nor a duration (e.g. 30s)");
        }
    }
}
