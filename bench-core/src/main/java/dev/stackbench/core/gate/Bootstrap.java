package dev.stackbench.core.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Estimates each metric of one target and how much it could move by chance, with a two-level
 * bootstrap: a resample draws K runs from the K runs with replacement, then from each drawn run as
 * many intervals as it has, with replacement, and computes the metric over everything drawn
 * (latency percentiles from the merged histograms). The first level carries the run-to-run spread
 * (a JVM that warmed up differently, a neighbour on the machine), the second the spread within a
 * run. With one run only the second is left, which understates the noise between runs: that is
 * why gates take K runs per side.
 *
 * <p>Runs known only by their summary values (JMH forks, a result.json without its latency.hlog)
 * are resampled at the first level only, and a metric is then the mean of the runs' values.
 */
final class Bootstrap {

    private final TargetRuns target;
    private final boolean fromIntervals;
    private final long[] scaleNanos;        // every bucket value of every interval, ascending, distinct
    private final int[][][] bucketIndex;    // [run][interval][bucket] -> index into scaleNanos

    Bootstrap(TargetRuns target) {
        this.target = target;
        this.fromIntervals = target.runs().stream().allMatch(Run::hasIntervals);
        this.scaleNanos = fromIntervals ? scale(target) : new long[0];
        this.bucketIndex = fromIntervals ? index(target, scaleNanos) : new int[0][][];
    }

    /** Every metric's point value, resampled values ({@code resamples} of them) and run spread. */
    Map<GateMetric, Estimate> estimate(int resamples, RandomGenerator random) {
        List<Run> runs = target.runs();
        int[][] all = new int[runs.size()][];
        for (int r = 0; r < runs.size(); r++) {
            all[r] = identity(fromIntervals ? runs.get(r).intervals().size() : 0);
        }
        int[] allRuns = identity(runs.size());
        Map<GateMetric, Double> point = wholeRuns(allRuns, all);

        var perRun = new EnumMap<GateMetric, double[]>(GateMetric.class);
        for (int r = 0; r < runs.size(); r++) {
            Map<GateMetric, Double> one = wholeRuns(new int[]{r}, all);
            for (GateMetric metric : GateMetric.values()) {
                double[] range = perRun.computeIfAbsent(metric, m -> new double[]{Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY});
                double value = one.get(metric);
                range[0] = Math.min(range[0], value);
                range[1] = Math.max(range[1], value);
            }
        }

        boolean resamplable = runs.size() > 1 || (fromIntervals && runs.getFirst().intervals().size() > 1);
        int count = resamplable ? resamples : 0;
        var resampled = new EnumMap<GateMetric, double[]>(GateMetric.class);
        for (GateMetric metric : GateMetric.values()) {
            resampled.put(metric, new double[count]);
        }
        int[] drawnRuns = new int[runs.size()];
        int[][] drawnIntervals = new int[runs.size()][];
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < runs.size(); r++) {
                drawnRuns[r] = random.nextInt(runs.size());
                int intervals = all[drawnRuns[r]].length;
                drawnIntervals[r] = new int[intervals];
                for (int k = 0; k < intervals; k++) {
                    drawnIntervals[r][k] = random.nextInt(intervals);
                }
            }
            Map<GateMetric, Double> values = values(drawnRuns, drawnIntervals);
            for (GateMetric metric : GateMetric.values()) {
                resampled.get(metric)[i] = values.get(metric);
            }
        }

        var estimates = new EnumMap<GateMetric, Estimate>(GateMetric.class);
        for (GateMetric metric : GateMetric.values()) {
            double[] range = perRun.get(metric);
            estimates.put(metric, new Estimate(metric, point.get(metric), resampled.get(metric), range[0], range[1], runs.size()));
        }
        return estimates;
    }

    private Map<GateMetric, Double> wholeRuns(int[] runIndexes, int[][] intervalsPerRun) {
        int[][] chosen = new int[runIndexes.length][];
        for (int i = 0; i < runIndexes.length; i++) {
            chosen[i] = intervalsPerRun[runIndexes[i]];
        }
        return values(runIndexes, chosen);
    }

    /** The metrics over the given runs, taking from run {@code runIndexes[i]} the intervals {@code intervals[i]}. */
    private Map<GateMetric, Double> values(int[] runIndexes, int[][] intervals) {
        var values = new EnumMap<GateMetric, Double>(GateMetric.class);
        long errors = 0;
        for (int run : runIndexes) {
            errors += target.runs().get(run).errors();
        }
        values.put(GateMetric.ERRORS, (double) errors);
        if (!fromIntervals) {
            for (GateMetric metric : GateMetric.values()) {
                if (metric != GateMetric.ERRORS) {
                    double sum = 0;
                    for (int run : runIndexes) {
                        sum += target.runs().get(run).reported().getOrDefault(metric, Double.NaN);
                    }
                    values.put(metric, sum / runIndexes.length);
                }
            }
            return values;
        }
        long[] merged = new long[scaleNanos.length];
        long ok = 0;
        double seconds = 0;
        for (int i = 0; i < runIndexes.length; i++) {
            Run run = target.runs().get(runIndexes[i]);
            for (int k : intervals[i]) {
                Interval interval = run.intervals().get(k);
                long[] counts = interval.latency().counts();
                int[] index = bucketIndex[runIndexes[i]][k];
                for (int b = 0; b < counts.length; b++) {
                    merged[index[b]] += counts[b];
                }
                ok += interval.ok();
                seconds += interval.seconds();
            }
        }
        values.put(GateMetric.RPS, seconds > 0 ? ok / seconds : Double.NaN);
        for (GateMetric metric : GateMetric.values()) {
            if (metric.isLatency()) {
                values.put(metric, percentileMillis(merged, ok, metric.percentile()));
            }
        }
        return values;
    }

    /** As HdrHistogram's getValueAtPercentile: the first bucket at which the running count reaches the percentile's rank. */
    private double percentileMillis(long[] merged, long total, double percentile) {
        if (total == 0) {
            return Double.NaN;
        }
        long rank = Math.max(1, (long) (percentile / 100.0 * total + 0.5));
        long running = 0;
        for (int i = 0; i < merged.length; i++) {
            running += merged[i];
            if (running >= rank) {
                return scaleNanos[i] / 1e6;
            }
        }
        return scaleNanos[scaleNanos.length - 1] / 1e6;
    }

    /** The q-quantile (0..1) of the values, by the nearest-rank method on a sorted copy. */
    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.clamp(rank - 1, 0, sorted.length - 1)];
    }

    private static int[] identity(int n) {
        int[] indexes = new int[n];
        for (int i = 0; i < n; i++) {
            indexes[i] = i;
        }
        return indexes;
    }

    private static long[] scale(TargetRuns target) {
        return target.runs().stream().flatMap(run -> run.intervals().stream())
                .flatMapToLong(interval -> Arrays.stream(interval.latency().valuesNanos()))
                .distinct().sorted().toArray();
    }

    private static int[][][] index(TargetRuns target, long[] scale) {
        var runs = new ArrayList<int[][]>();
        for (Run run : target.runs()) {
            int[][] intervals = new int[run.intervals().size()][];
            for (int k = 0; k < intervals.length; k++) {
                long[] values = run.intervals().get(k).latency().valuesNanos();
                intervals[k] = new int[values.length];
                for (int b = 0; b < values.length; b++) {
                    intervals[k][b] = Arrays.binarySearch(scale, values[b]);
                }
            }
            runs.add(intervals);
        }
        return runs.toArray(int[][][]::new);
    }
}
