package dev.stackbench.core.gate;

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
}
