package dev.stackbench.core.gate;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.stats.Bootstrap;
import dev.stackbench.core.stats.Estimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The current results in the formats of tools CI users already have:
 * <ul>
 *   <li>github-action-benchmark's {@code customSmallerIsBetter} (latency percentiles in ms, errors) and
 *       {@code customBiggerIsBetter} (rps): a JSON array of {name, unit, value, range, extra};</li>
 *   <li>Bencher's metric format (BMF): {benchmark: {measure: {value, lower_value, upper_value}}}, with the
 *       built-in measures {@code latency} (p50, in ns) and {@code throughput} (req/s), and
 *       {@code latency-p90/p99/p999} (ns) and {@code errors}, which Bencher creates on first use.</li>
 * </ul>
 * Ranges and lower/upper values are the 95% bootstrap interval of {@link Gate}.
 */
public final class BenchmarkExports {

    private static final double NANOS_PER_MILLI = 1e6;

    private BenchmarkExports() {}

    public record GithubBenchmarkEntry(String name, String unit, double value, String range, String extra) {}

    public static List<GithubBenchmarkEntry> githubSmallerIsBetter(RecordedResults results) {
        var entries = new ArrayList<GithubBenchmarkEntry>();
        forEach(results, (target, estimates) -> {
            for (Metric metric : Bootstrap.METRICS) {
                Estimate estimate = estimates.get(metric);
                if (metric.smallerIsBetter() && !Double.isNaN(estimate.point())) {
                    entries.add(github(target, estimate));
                }
            }
        });
        return entries;
    }

    public static List<GithubBenchmarkEntry> githubBiggerIsBetter(RecordedResults results) {
        var entries = new ArrayList<GithubBenchmarkEntry>();
        forEach(results, (target, estimates) -> entries.add(github(target, estimates.get(Metric.RPS))));
        return entries;
    }

    public static Map<String, Map<String, Map<String, Double>>> bencher(RecordedResults results) {
        var benchmarks = new LinkedHashMap<String, Map<String, Map<String, Double>>>();
        forEach(results, (target, estimates) -> {
            var measures = new LinkedHashMap<String, Map<String, Double>>();
            measures.put("throughput", bencherValue(estimates.get(Metric.RPS), 1));
            measures.put("latency", bencherValue(estimates.get(Metric.P50), NANOS_PER_MILLI));
            measures.put("latency-p90", bencherValue(estimates.get(Metric.P90), NANOS_PER_MILLI));
            measures.put("latency-p99", bencherValue(estimates.get(Metric.P99), NANOS_PER_MILLI));
            measures.put("latency-p999", bencherValue(estimates.get(Metric.P999), NANOS_PER_MILLI));
            measures.put("errors", Map.of("value", estimates.get(Metric.ERRORS).point()));
            measures.values().removeIf(value -> value.values().stream().anyMatch(v -> Double.isNaN(v)));
            benchmarks.put(target.label(), measures);
        });
        return benchmarks;
    }

    private static GithubBenchmarkEntry github(RecordedTarget target, Estimate estimate) {
        String range = estimate.hasResamples() && estimate.metric() != Metric.ERRORS
                ? String.format(Locale.ROOT, "%.4g to %.4g", estimate.low(), estimate.high())
                : null;
        String extra = target.repeats() + (target.repeats() == 1 ? " run" : " runs") + ": " + target.setup();
        return new GithubBenchmarkEntry(
                target.label() + " " + estimate.metric(), estimate.metric().unit(), estimate.point(), range, extra);
    }

    private static Map<String, Double> bencherValue(Estimate estimate, double scale) {
        var value = new LinkedHashMap<String, Double>();
        value.put("value", estimate.point() * scale);
        if (estimate.hasResamples()) {
            value.put("lower_value", estimate.low() * scale);
            value.put("upper_value", estimate.high() * scale);
        }
        return value;
    }

    private static void forEach(RecordedResults results, BiConsumer<RecordedTarget, Map<Metric, Estimate>> action) {
        for (RecordedTarget target : results.targets().values()) {
            action.accept(target, Gate.estimates(target, "current"));
        }
    }
}
