package dev.stackbench.core.result.read;

import dev.stackbench.core.result.Metric;
import java.util.Map;

/**
 * One measured JMH iteration of one fork: its score (requests/s) and the LatencyProfiler's values for
 * it (p50, p90, p99, p99.9 in ms). A metric JMH kept no per-iteration value of is absent.
 */
public record IterationScores(Map<Metric, Double> values) {

    public IterationScores {
        values = Map.copyOf(values);
    }

    /** The iteration's value, or NaN when JMH kept none. */
    public double value(Metric metric) {
        return values.getOrDefault(metric, Double.NaN);
    }
}
