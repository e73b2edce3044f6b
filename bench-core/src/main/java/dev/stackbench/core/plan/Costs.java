package dev.stackbench.core.plan;

import dev.stackbench.core.vocabulary.Durations;
import java.time.Duration;

/**
 * What each level of a design costs in wall time: a JVM (its start and warm-up until steady, its rehearsals), and a
 * trial (its re-warm and window). Measured by a pilot; on this machine about 75 s and 10 s (docs/compare.md).
 *
 * <pre>{@code
 * Costs costs = new Costs(Duration.ofSeconds(75), Duration.ofSeconds(10));
 * }</pre>
 *
 * @param perJvm   a JVM's start and warm-up, before its first trial
 * @param perTrial one trial, re-warm included
 */
public record Costs(Duration perJvm, Duration perTrial) {

    /** @throws IllegalArgumentException naming the cost that is missing or not positive */
    public Costs {
        if (perJvm == null || !perJvm.isPositive()) {
            throw new IllegalArgumentException("the cost of a JVM (start and warm-up) must be positive, got "
                    + (perJvm == null ? null : Durations.format(perJvm)));
        }
        if (perTrial == null || !perTrial.isPositive()) {
            throw new IllegalArgumentException("the cost of a trial must be positive, got "
                    + (perTrial == null ? null : Durations.format(perTrial)));
        }
    }

    double jvmSeconds() {
        return perJvm.toNanos() / 1e9;
    }

    double trialSeconds() {
        return perTrial.toNanos() / 1e9;
    }

    /** Seconds for one JVM with {@code trials} trials. */
    double jvmWithTrialsSeconds(int trials) {
        return jvmSeconds() + trials * trialSeconds();
    }
}
