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
}
