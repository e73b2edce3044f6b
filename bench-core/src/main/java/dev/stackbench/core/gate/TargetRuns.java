package dev.stackbench.core.gate;

import java.util.List;

/**
 * The runs of one target on one side of a gate: K repeats of the same measurement.
 *
 * @param label       the target's name (result.json's target label, or JMH benchmark parameters)
 * @param measurement what was measured, in words; repeats must agree on it
 */
public record TargetRuns(String label, String measurement, List<Run> runs) {

    public int repeats() {
        return runs.size();
    }

    /** The bound that explains this target's throughput, from its first run's own settings; empty if none applies. */
    public java.util.Optional<dev.stackbench.core.result.ThroughputBound> bound() {
        return java.util.Optional.ofNullable(runs.getFirst().bound());
    }
}
