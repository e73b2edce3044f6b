package dev.stackbench.core.stats;

import dev.stackbench.core.result.Histograms;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.SampleResults;
import dev.stackbench.core.result.read.IntervalHistogram;
import dev.stackbench.core.result.read.IterationScores;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.result.read.Setup;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Results drawn from known distributions with the spread real ones have, so that a gate's verdicts
 * and a bootstrap's intervals can be checked against the truth: from second to second the number of
 * responses varies ({@link #INTERVAL_RPS_CV}), from run to run the whole level moves
 * ({@link #RUN_CV}: a JVM that warmed up differently, a neighbour on the machine), and latencies are
 * exponential above a minimum.
 */
public final class SyntheticResults {

    /** Second-to-second variation of the response count, as a coefficient of variation. */
    public static final double INTERVAL_RPS_CV = 0.05;
    /** Run-to-run variation of the rps level and of the latency, as a coefficient of variation. */
    public static final double RUN_CV = 0.03;

    private final Map<String, List<RecordedRun>> runs = new LinkedHashMap<>();
    private final SplittableRandom random;
    private RunResult.Steadiness steadiness;
    private RunResult.Agents agents;
    private Setup setup = new Setup(Map.of("model", "synthetic"));

    public SyntheticResults(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** How the runs added after this were measured (repeats of a label must agree). */
    public SyntheticResults setup(Map<String, String> facts) {
        this.setup = new Setup(facts);
        return this;
    }

    /** The steadiness verdict of the load runs added after this (null: unknown, as in older results). */
    public SyntheticResults steadiness(RunResult.Steadiness verdict) {
        this.steadiness = verdict;
        return this;
    }

    /** The agents section of the load runs added after this (null: one generator); partial to stand for a lost agent. */
    public SyntheticResults agents(RunResult.Agents section) {
        this.agents = section;
        return this;
    }

    /**
     * Adds a run of {@code intervals} one-second intervals: about {@code requestsPerSecond} latencies
     * each, exponentially distributed above {@code minMillis} with mean excess {@code meanExcessMillis},
     * and this run's own level drawn around them.
     */
    public SyntheticResults run(
            String label,
            int intervals,
            double requestsPerSecond,
            double minMillis,
            double meanExcessMillis,
            long errors) {
        double level = 1 + RUN_CV * random.nextGaussian();
        double latencyLevel = 1 + RUN_CV * random.nextGaussian();
        var list = new ArrayList<IntervalHistogram>();
        for (int i = 0; i < intervals; i++) {
            Histogram histogram = Histograms.newLatencyHistogram();
            long count =
                    Math.max(1, Math.round(requestsPerSecond * level * (1 + INTERVAL_RPS_CV * random.nextGaussian())));
            for (long k = 0; k < count; k++) {
                double millis = latencyLevel * (minMillis - meanExcessMillis * Math.log(1 - random.nextDouble()));
                histogram.recordValue((long) (millis * 1e6));
            }
            list.add(new IntervalHistogram(1.0, histogram));
        }
        long ok = list.stream().mapToLong(IntervalHistogram::ok).sum();
        Histogram merged = Histograms.newLatencyHistogram();
        list.forEach(interval -> merged.add(interval.latencyNanos()));
        var result = SampleResults.builder()
                .target(RunResult.Target.url(java.net.URI.create("http://127.0.0.1:1/"))
                        .withLabel(label))
                .profile(new RunResult.Profile(
                        LoadModel.CLOSED,
                        "synthetic",
                        1,
                        null,
                        null,
                        ThinkTime.NONE,
                        1,
                        1,
                        0,
                        intervals,
                        null,
                        1,
                        1,
                        true,
                        false,
                        List.of()))
                .environment(new RunResult.Environment("25", "vm", 2, "os", 1, false, 1))
                .window(new RunResult.Window("2026-01-01T00:00:00Z", 0, intervals, steadiness, null, false))
                .requests(new RunResult.Requests(ok + errors, ok + errors, ok, errors, Map.of(), 0, 0))
                .rps(ok / (double) intervals)
                .latencyMs(Percentiles.ofNanos(merged))
                .agents(agents)
                .build();
        add(label, result, List.copyOf(list), List.of(), Map.of(Metric.RPS, result.rps()), errors, ok + errors);
        return this;
    }

    /** {@code count} runs of {@link #run}. */
    public SyntheticResults runs(
            String label,
            int count,
            int intervals,
            double requestsPerSecond,
            double minMillis,
            double meanExcessMillis) {
        for (int i = 0; i < count; i++) {
            run(label, intervals, requestsPerSecond, minMillis, meanExcessMillis, 0);
        }
        return this;
    }

    /** A run known only by its summary values, as a result.json without its latency.hlog. */
    public SyntheticResults summaryRun(String label, double rps, double p50, double p99, long errors) {
        var reported = new EnumMap<Metric, Double>(Metric.class);
        reported.put(Metric.RPS, rps);
        reported.put(Metric.P50, p50);
        reported.put(Metric.P90, p99);
        reported.put(Metric.P99, p99);
        reported.put(Metric.P999, p99);
        add(label, null, List.of(), List.of(), reported, errors, 0);
        return this;
    }

    /** A JMH fork: its iterations' scores (requests/s), each iteration's p50 and p99 in ms. */
    public SyntheticResults jmhFork(String label, double[] scores, double[] p50s, double[] p99s) {
        var iterations = new ArrayList<IterationScores>();
        for (int k = 0; k < scores.length; k++) {
            iterations.add(new IterationScores(Map.of(
                    Metric.RPS,
                    scores[k],
                    Metric.P50,
                    p50s[k],
                    Metric.P90,
                    p99s[k],
                    Metric.P99,
                    p99s[k],
                    Metric.P999,
                    p99s[k])));
        }
        add(
                label,
                null,
                List.of(),
                iterations,
                Map.of(Metric.RPS, java.util.Arrays.stream(scores).average().orElseThrow()),
                0,
                0);
        return this;
    }

    private void add(
            String label,
            RunResult result,
            List<IntervalHistogram> intervals,
            List<IterationScores> iterations,
            Map<Metric, Double> reported,
            long errors,
            long finished) {
        List<RecordedRun> list = runs.computeIfAbsent(label, l -> new ArrayList<>());
        String source = label + " run " + (list.size() + 1);
        list.add(new RecordedRun(
                Path.of(label, "run-" + (list.size() + 1), "result.json"),
                source,
                label,
                setup,
                result,
                intervals,
                iterations,
                reported,
                errors,
                finished));
    }

    public RecordedResults build() {
        var targets = new LinkedHashMap<String, RecordedTarget>();
        runs.forEach((label, list) ->
                targets.put(label, new RecordedTarget(label, list.getFirst().setup(), list)));
        return new RecordedResults(
                List.of(), runs.values().stream().flatMap(List::stream).toList(), targets);
    }

    /** The one target of results with one label. */
    public RecordedTarget target(String label) {
        return build().target(label);
    }
}
