package dev.stackbench.core.profile;

import java.time.Duration;
import java.util.Objects;

/**
 * What a recording samples, and how finely: only the events the analysis reads, each as coarse as it can be, so that the
 * recording costs the server little. An immutable value; each {@code with...} returns a new one.
 *
 * @param mode                       who samples the CPU (the other events are always JFR's)
 * @param cpuInterval                one CPU sample per running thread per this period, at most ({@link #CPU_INTERVAL})
 * @param allocationSamplesPerSecond JFR's throttle of jdk.ObjectAllocationSample ({@link #ALLOCATION_SAMPLES_PER_SECOND})
 * @param lockThreshold              monitor entries and parks shorter than this are not recorded ({@link #LOCK_THRESHOLD})
 * @param stackDepth                 frames kept per stack ({@link #STACK_DEPTH})
 * @param keepRecordings             whether the .jfr files are kept beside the results (they are large)
 */
public record ProfileSettings(
        ProfileMode mode,
        Duration cpuInterval,
        int allocationSamplesPerSecond,
        Duration lockThreshold,
        int stackDepth,
        boolean keepRecordings) {

    /** JFR's own "profile" setting for execution samples; "default" has 20 ms. */
    public static final Duration CPU_INTERVAL = Duration.ofMillis(10);
    /** JFR's "profile" setting (its "default" has 150/s): a short window still gets a few hundred samples. */
    public static final int ALLOCATION_SAMPLES_PER_SECOND = 300;
    /**
     * JFR's own thresholds are 20 ms (default) and 10 ms (profile); 1 ms catches the short waits that add up on a busy
     * server while leaving out the sub-millisecond hand-offs that would make the recording costly.
     */
    public static final Duration LOCK_THRESHOLD = Duration.ofMillis(1);
    /**
     * JFR's default of 64 frames cuts Spring's stacks (often over 100 deep) and loses their roots; 256 keeps them whole.
     * Deeper stacks cost only the samples' walk. The depth can be set only before JFR first starts in the JVM.
     */
    public static final int STACK_DEPTH = 256;

    public ProfileSettings {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(cpuInterval, "cpuInterval");
        Objects.requireNonNull(lockThreshold, "lockThreshold");
        if (cpuInterval.isNegative() || cpuInterval.isZero()) {
            throw new IllegalArgumentException("cpuInterval of " + cpuInterval + " is not positive");
        }
        if (allocationSamplesPerSecond <= 0) {
            throw new IllegalArgumentException(
                    "allocationSamplesPerSecond of " + allocationSamplesPerSecond + " is not positive");
        }
        if (lockThreshold.isNegative()) {
            throw new IllegalArgumentException("lockThreshold of " + lockThreshold + " is negative");
        }
        if (stackDepth < 1 || stackDepth > 2048) {
            throw new IllegalArgumentException("stackDepth of " + stackDepth + " is not within 1..2048 (JFR's limit)");
        }
    }

    /** The defaults above, with {@code mode}'s CPU samples and the recordings not kept. */
    public static ProfileSettings of(ProfileMode mode) {
        return new ProfileSettings(
                mode, CPU_INTERVAL, ALLOCATION_SAMPLES_PER_SECOND, LOCK_THRESHOLD, STACK_DEPTH, false);
    }

    public ProfileSettings withKeepRecordings(boolean keep) {
        return new ProfileSettings(mode, cpuInterval, allocationSamplesPerSecond, lockThreshold, stackDepth, keep);
    }

    public ProfileSettings withCpuInterval(Duration interval) {
        return new ProfileSettings(
                mode, interval, allocationSamplesPerSecond, lockThreshold, stackDepth, keepRecordings);
    }
}
