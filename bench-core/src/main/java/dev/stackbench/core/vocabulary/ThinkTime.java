package dev.stackbench.core.vocabulary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * What a closed-model user waits between receiving a response and sending the next request:
 * fixed, or uniform in [min, max] (k6's {@code sleep(random(1, 3))}). Written as {@code 1s} or
 * {@code 1s..3s}, on the command line and in result.json alike.
 */
public record ThinkTime(Duration min, Duration max) {

    public static final ThinkTime NONE = new ThinkTime(Duration.ZERO, Duration.ZERO);

    public ThinkTime {
        if (min.isNegative() || max.compareTo(min) < 0) {
            throw new IllegalArgumentException("think time must be 0 or more with min <= max, got " + min + ".." + max);
        }
    }

    /** {@code 1s} (fixed) or {@code 1s..3s} (uniform). */
    @JsonCreator
    public static ThinkTime parse(String text) {
        int range = text.indexOf("..");
        if (range < 0) {
            Duration fixed = Durations.parse(text);
            return new ThinkTime(fixed, fixed);
        }
        return new ThinkTime(Durations.parse(text.substring(0, range)), Durations.parse(text.substring(range + 2)));
    }

    public boolean isNone() {
        return max.isZero();
    }

    /** The mean wait: what a closed model's bound on throughput counts per request. */
    public double meanMillis() {
        return (min.toNanos() + max.toNanos()) / 2.0 / 1e6;
    }

    public long sampleNanos(RandomGenerator random) {
        long minNanos = min.toNanos();
        long maxNanos = max.toNanos();
        return minNanos == maxNanos ? minNanos : random.nextLong(minNanos, maxNanos + 1);
    }

    @JsonValue
    @Override
    public String toString() {
        return min.equals(max) ? Durations.format(min) : Durations.format(min) + ".." + Durations.format(max);
    }
}
