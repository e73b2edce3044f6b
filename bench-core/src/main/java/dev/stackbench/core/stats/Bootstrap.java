package dev.stackbench.core.stats;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.read.IntervalHistogram;
import dev.stackbench.core.result.read.IterationScores;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.RecordedTarget;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Estimates each of {@link #METRICS} of one target and how much it could move by chance, with a
 * two-level bootstrap: a resample draws K runs from the K runs with replacement (first level), then
 * from each drawn run as many of its samples as it has, with replacement (second level), and computes
 * the metric over everything drawn. The samples of a load run are its one-second interval histograms
 * (latency.hlog): latency percentiles come from the merged resampled histograms, rps is all successes
 * over all seconds drawn. The samples of a JMH fork are its measured iterations: a metric is the mean
 * of the drawn iterations' values. The first level carries the run-to-run spread (a JVM that warmed
 * up differently, a neighbour on the machine), the second the spread within a run, so even one run (one
 * fork) of several intervals (iterations) has a spread; it understates the noise between runs, which is
 * why gates take K runs per side.
 *
 * <p>Runs known only by their summary values (a result.json without its latency.hlog) are resampled
 * at the first level only, and a metric is then the mean of the runs' values. Errors are counted per
 * run: a resample's errors are the drawn runs' errors.
 *
 * <pre>{@code
 * Map<Metric, Estimate> estimates = Bootstrap.estimate(target, Bootstrap.RESAMPLES, new SplittableRandom(seed));
 * Estimate p99 = estimates.get(Metric.P99);     // p99.point(), p99.low(), p99.high()
 * }</pre>
 */
public final class Bootstrap {

    /** Resamples per estimate: enough for stable 2.5th and 97.5th percentiles. */
    public static final int RESAMPLES = 2000;
    /** What the bootstrap estimates: the metrics a gate checks and the report's winners table ranks with a spread. */
    public static final Set<Metric> METRICS = Collections.unmodifiableSet(
            EnumSet.of(Metric.P50, Metric.P90, Metric.P99, Metric.P999, Metric.RPS, Metric.ERRORS));

    private static final Metric[] LATENCY =
            METRICS.stream().filter(Metric::isPercentile).toArray(Metric[]::new);

    /** What the second level resamples. */
    private enum Samples {
        INTERVALS,
        ITERATIONS,
        NONE
    }

    private final List<RecordedRun> runs;
    private final Samples samples;
    private final int[] sampleCounts; // [run] -> how many samples it has
    private final long[] scaleNanos; // every bucket value of every interval, ascending, distinct
    private final int[][][] bucketIndex; // [run][interval][bucket] -> index into scaleNanos
    private final LatencyCounts[][] counts; // [run][interval]

    private Bootstrap(RecordedTarget target) {
        this.runs = target.runs();
        if (runs.stream().allMatch(run -> !run.intervals().isEmpty())) {
            samples = Samples.INTERVALS;
        } else if (runs.stream().allMatch(run -> !run.iterations().isEmpty())) {
            samples = Samples.ITERATIONS;
        } else {
            samples = Samples.NONE;
        }
        sampleCounts = runs.stream()
                .mapToInt(run -> switch (samples) {
                    case INTERVALS -> run.intervals().size();
                    case ITERATIONS -> run.iterations().size();
                    case NONE -> 0;
                })
                .toArray();
        counts = new LatencyCounts[runs.size()][];
        if (samples == Samples.INTERVALS) {
            for (int r = 0; r < runs.size(); r++) {
                counts[r] = runs.get(r).intervals().stream()
                        .map(IntervalHistogram::latencyNanos)
                        .map(LatencyCounts::of)
                        .toArray(LatencyCounts[]::new);
            }
            scaleNanos = Arrays.stream(counts)
                    .flatMap(Arrays::stream)
                    .flatMapToLong(c -> Arrays.stream(c.valuesNanos()))
                    .distinct()
                    .sorted()
                    .toArray();
            bucketIndex = new int[runs.size()][][];
            for (int r = 0; r < runs.size(); r++) {
                bucketIndex[r] = new int[counts[r].length][];
                for (int k = 0; k < counts[r].length; k++) {
                    long[] values = counts[r][k].valuesNanos();
                    bucketIndex[r][k] = new int[values.length];
                    for (int b = 0; b < values.length; b++) {
                        bucketIndex[r][k][b] = Arrays.binarySearch(scaleNanos, values[b]);
                    }
                }
            }
        } else {
            scaleNanos = new long[0];
            bucketIndex = new int[0][][];
        }
    }

    /** A fixed seed, so that the same files always give the same estimates, verdicts and ranks. */
    public static final long SEED = 20261122L;

    /**
     * Every metric of {@link #METRICS} with {@link #RESAMPLES} resamples, seeded by {@code side} (e.g. "baseline",
     * "current", "report") and the target's label, so that an estimate depends neither on the order it is asked
     * for nor on chance between two runs of a command.
     */
    public static Map<Metric, Estimate> estimate(RecordedTarget target, String side) {
        var random = new SplittableRandom(SEED ^ (side + "\u0000" + target.label()).hashCode());
        return estimate(target, RESAMPLES, random);
    }

    /** Every metric of {@link #METRICS}: its point value over all runs, and {@code resamples} resampled values. */
    public static Map<Metric, Estimate> estimate(RecordedTarget target, int resamples, RandomGenerator random) {
        return new Bootstrap(target).estimate(resamples, random);
    }

    private Map<Metric, Estimate> estimate(int resamples, RandomGenerator random) {
        int[][] all = new int[runs.size()][];
        for (int r = 0; r < runs.size(); r++) {
            all[r] = identity(sampleCounts[r]);
        }
        Map<Metric, Double> point = values(identity(runs.size()), all);

        boolean resamplable = runs.size() > 1 || sampleCounts[0] > 1;
        int count = resamplable ? resamples : 0;
        var resampled = new EnumMap<Metric, double[]>(Metric.class);
        for (Metric metric : METRICS) {
            resampled.put(metric, new double[count]);
        }
        int[] drawnRuns = new int[runs.size()];
        int[][] drawnSamples = new int[runs.size()][];
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < runs.size(); r++) {
                drawnRuns[r] = random.nextInt(runs.size());
                int n = sampleCounts[drawnRuns[r]];
                drawnSamples[r] = new int[n];
                for (int k = 0; k < n; k++) {
                    drawnSamples[r][k] = random.nextInt(n);
                }
            }
            Map<Metric, Double> values = values(drawnRuns, drawnSamples);
            for (Metric metric : METRICS) {
                resampled.get(metric)[i] = values.get(metric);
            }
        }

        String spreadFrom = spreadFrom(count > 0);
        var estimates = new EnumMap<Metric, Estimate>(Metric.class);
        for (Metric metric : METRICS) {
            estimates.put(
                    metric,
                    Estimate.resampled(metric, point.get(metric), resampled.get(metric), runs.size(), spreadFrom));
        }
        return estimates;
    }

    private String spreadFrom(boolean resampled) {
        if (!resampled) {
            return "one run without samples to resample: no spread";
        }
        String level2 = switch (samples) {
            case INTERVALS -> runs.size() == 1 ? "its one-second intervals" : "their one-second intervals";
            case ITERATIONS -> runs.size() == 1 ? "its JMH iterations" : "their JMH iterations";
            case NONE -> null;
        };
        String runsText = runs.size() == 1 ? "1 run" : runs.size() + " runs";
        return "95% bootstrap interval over " + runsText
                + (level2 == null ? " (summary values only)" : " and " + level2);
    }

    /** The metrics over the given runs, taking from run {@code runIndexes[i]} the samples {@code samples[i]}. */
    private Map<Metric, Double> values(int[] runIndexes, int[][] drawn) {
        var values = new EnumMap<Metric, Double>(Metric.class);
        long errors = 0;
        for (int run : runIndexes) {
            errors += runs.get(run).errors();
        }
        values.put(Metric.ERRORS, (double) errors);
        switch (samples) {
            case INTERVALS -> fromIntervals(runIndexes, drawn, values);
            case ITERATIONS -> fromIterations(runIndexes, drawn, values);
            case NONE -> {
                for (Metric metric : METRICS) {
                    if (metric != Metric.ERRORS) {
                        double sum = 0;
                        for (int run : runIndexes) {
                            sum += runs.get(run).reported(metric);
                        }
                        values.put(metric, sum / runIndexes.length);
                    }
                }
            }
        }
        return values;
    }

    private void fromIntervals(int[] runIndexes, int[][] drawn, Map<Metric, Double> values) {
        long[] merged = new long[scaleNanos.length];
        long ok = 0;
        double seconds = 0;
        long completed = 0;
        double windowSeconds = 0;
        for (int i = 0; i < runIndexes.length; i++) {
            int run = runIndexes[i];
            for (int k : drawn[i]) {
                LatencyCounts interval = counts[run][k];
                long[] bucketCounts = interval.counts();
                int[] index = bucketIndex[run][k];
                for (int b = 0; b < bucketCounts.length; b++) {
                    merged[index[b]] += bucketCounts[b];
                }
                ok += interval.total();
                IntervalHistogram recorded = runs.get(run).intervals().get(k);
                seconds += recorded.seconds();
                if (recorded.completed() != null) {
                    completed += recorded.completed();
                    windowSeconds += recorded.seconds();
                }
            }
        }
        // Throughput as result.json counts it: successes completing within the window (older logs: the measured ones).
        boolean byCompletion = runIndexes.length > 0
                && runs.get(runIndexes[0]).intervals().stream().anyMatch(i -> i.completed() != null);
        values.put(
                Metric.RPS,
                byCompletion
                        ? (windowSeconds > 0 ? completed / windowSeconds : Double.NaN)
                        : seconds > 0 ? ok / seconds : Double.NaN);
        for (Metric metric : LATENCY) {
            values.put(metric, percentileMillis(merged, ok, metric.percentile()));
        }
    }

    /** JMH: each metric is the mean of the drawn iterations' values (NaN if JMH kept none for it). */
    private void fromIterations(int[] runIndexes, int[][] drawn, Map<Metric, Double> values) {
        for (Metric metric : METRICS) {
            if (metric == Metric.ERRORS) {
                continue;
            }
            double sum = 0;
            int n = 0;
            for (int i = 0; i < runIndexes.length; i++) {
                List<IterationScores> iterations = runs.get(runIndexes[i]).iterations();
                for (int k : drawn[i]) {
                    sum += iterations.get(k).value(metric);
                    n++;
                }
            }
            values.put(metric, n > 0 ? sum / n : Double.NaN);
        }
    }

    /** As HdrHistogram's getValueAtPercentile over the merged buckets (see {@link LatencyCounts#countAtPercentile}). */
    private double percentileMillis(long[] merged, long total, double percentile) {
        if (total == 0) {
            return Double.NaN;
        }
        long rank = LatencyCounts.countAtPercentile(percentile, total);
        long running = 0;
        for (int i = 0; i < merged.length; i++) {
            running += merged[i];
            if (running >= rank) {
                return scaleNanos[i] / 1e6;
            }
        }
        return scaleNanos[scaleNanos.length - 1] / 1e6;
    }

    private static int[] identity(int n) {
        int[] indexes = new int[n];
        for (int i = 0; i < n; i++) {
            indexes[i] = i;
        }
        return indexes;
    }
}
