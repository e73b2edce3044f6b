package dev.stackbench.core.vocabulary;

import java.time.Duration;

/**
 * One piece of a ramp: over {@code duration}, go linearly from the previous stage's target (0 at
 * the start) to {@code target}. A zero duration jumps, which expresses sharp spikes. A list of them
 * is {@link Stages}.
 *
 * @param target users, or requests per second for a rate ramp
 */
public record Stage(Duration duration, double target) {

    public Stage {
        if (duration.isNegative() || !(target >= 0) || Double.isInfinite(target)) {
            throw new IllegalArgumentException(
                    "a stage needs a duration >= 0 and a finite target >= 0, got " + duration + ":" + target);
        }
    }

    /** This stage lasting {@code factor} times as long, rounded to whole milliseconds so that it reads back as it prints. */
    public Stage scaled(double factor) {
        return new Stage(Durations.scaled(duration, factor), target);
    }

    /** {@code 30s:100}: the duration as {@link Durations#format} writes it, the target without a needless fraction. */
    @Override
    public String toString() {
        return Durations.format(duration) + ":" + Numbers.plain(target);
    }
}
