package dev.stackbench.core.result.read;

import org.HdrHistogram.Histogram;

/**
 * One interval of a load run's measured window (usually a second) as its latency.hlog holds it: the
 * latencies of its successful requests, in nanoseconds (tag {@code latency}).
 *
 * @param seconds      the interval's length
 * @param latencyNanos its histogram; its total count is the interval's successful requests
 */
public record IntervalHistogram(double seconds, Histogram latencyNanos) {

    public long ok() {
        return latencyNanos.getTotalCount();
    }
}
