package dev.stackbench.core.gate;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.HdrHistogram.Histogram;

/** Results made from known distributions, so that a gate's verdicts can be checked exactly. */
final class SyntheticResults {

    private final Map<String, List<Run>> runs = new LinkedHashMap<>();
    private final SplittableRandom random;

    SyntheticResults(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /**
     * Adds a run: {@code intervals} one-second intervals of {@code requestsPerSecond} latencies each,
     * exponentially distributed above {@code minMillis} with mean excess {@code meanExcessMillis}.
     */
    SyntheticResults run(String label, int intervals, int requestsPerSecond, double minMillis, double meanExcessMillis, long errors) {
        var list = new ArrayList<Interval>();
        for (int i = 0; i < intervals; i++) {
            var histogram = new Histogram(3);
            for (int k = 0; k < requestsPerSecond; k++) {
                double millis = minMillis - meanExcessMillis * Math.log(1 - random.nextDouble());
                histogram.recordValue((long) (millis * 1e6));
            }
            list.add(new Interval(1.0, LatencyCounts.of(histogram)));
        }
        runs.computeIfAbsent(label, l -> new ArrayList<>()).add(new Run(label + " run " + (runs.getOrDefault(label, List.of()).size() + 1),
                list, Map.of(), errors, (long) intervals * requestsPerSecond + errors, null));
        return this;
    }

    /** A run known only by its summary values, as a JMH fork. */
    SyntheticResults summaryRun(String label, double rps, double p50, double p99, long errors) {
        var reported = new EnumMap<GateMetric, Double>(GateMetric.class);
        reported.put(GateMetric.RPS, rps);
        reported.put(GateMetric.P50, p50);
        reported.put(GateMetric.P90, p99);
        reported.put(GateMetric.P99, p99);
        reported.put(GateMetric.P999, p99);
        runs.computeIfAbsent(label, l -> new ArrayList<>()).add(new Run(label, List.of(), reported, errors, 0, null));
        return this;
    }

    Results build() {
        var targets = new LinkedHashMap<String, TargetRuns>();
        runs.forEach((label, list) -> targets.put(label, new TargetRuns(label, "synthetic", List.copyOf(list))));
        return new Results(List.of(), targets);
    }
}
