package dev.stackbench.core.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency histogram reduced to its non-empty buckets (each bucket's highest equivalent value in
 * nanoseconds, ascending, and its count), so that a bootstrap can merge hundreds of resampled
 * intervals quickly without adding whole count arrays.
 */
record LatencyCounts(long[] valuesNanos, long[] counts, long total) {

    static LatencyCounts of(Histogram histogram) {
        int buckets = 0;
        for (HistogramIterationValue ignored : histogram.recordedValues()) {
            buckets++;
        }
        long[] values = new long[buckets];
        long[] counts = new long[buckets];
        int i = 0;
        for (HistogramIterationValue bucket : histogram.recordedValues()) {
            values[i] = bucket.getValueIteratedTo();
            counts[i] = bucket.getCountAtValueIteratedTo();
            i++;
        }
        return new LatencyCounts(values, counts, histogram.getTotalCount());
    }

    /**
     * How many of {@code total} values a percentile (0..100, above 0) covers, exactly as HdrHistogram's
     * {@code getValueAtPercentile} computes it, so that a merged bootstrap resample and result.json agree
     * on what "p99" is: the percentile less one ulp, times the count, rounded up, at least 1.
     */
    static long countAtPercentile(double percentile, long total) {
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
        return Math.max((long) Math.ceil(requested * total / 100.0), 1);
    }
}
