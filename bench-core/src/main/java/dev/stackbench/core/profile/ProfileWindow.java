package dev.stackbench.core.profile;

import dev.stackbench.core.result.RunResult;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A span of time whose events a profile keeps, [start, end): an event counts by its start time, as JFR stamps it.
 *
 * <pre>{@code
 * recorder.include(ProfileWindow.measuredWindowOf(measurement.result()).orElseThrow());
 * recorder.include(new ProfileWindow(trialStart, trialEnd));   // a comparison: one per trial
 * }</pre>
 */
public record ProfileWindow(Instant start, Instant end) {

    public ProfileWindow {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        if (end.isBefore(start)) {
            throw new IllegalArgumentException("window end " + end + " is before its start " + start);
        }
    }

    /**
     * A load run's measured window: from the end of its warm-up for its measured seconds, the intervals its numbers (and
     * its server CPU) come from, not its drain. Empty for a run that never reached its window, and for a result without
     * a start time.
     */
    public static Optional<ProfileWindow> measuredWindowOf(RunResult result) {
        var window = result.window();
        if (window == null || window.startedAt() == null || window.measuredSeconds() <= 0) {
            return Optional.empty();
        }
        Instant start = Instant.parse(window.startedAt()).plus(nanos(window.warmupSeconds()));
        return Optional.of(new ProfileWindow(start, start.plus(nanos(window.measuredSeconds()))));
    }

    public boolean contains(Instant instant) {
        return !instant.isBefore(start) && instant.isBefore(end);
    }

    public Duration length() {
        return Duration.between(start, end);
    }

    private static Duration nanos(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
