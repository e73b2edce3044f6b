package dev.stackbench.core.result.read;

import org.HdrHistogram.Histogram;

/**
 * One interval of a load run's measured window (usually a second) as its latency.hlog holds it: the
 * latencies of its successful requests, in nanoseconds (tag {@code latency}).
 *
 * @param seconds      the interval's length
 * @param latencyNanos its histogram; its total count is the interval's successful requests
 * @param completed    successes that completed in the interval whatever their phase (tag {@code completed}), when it
 *                     lies in the measured window; null in the drain after it, and in logs written before the tag existed
 */
public record IntervalHistogram(double seconds, Histogram latencyNanos, Long completed) {

    public IntervalHistogram(double seconds, Histogram latencyNanos) {
        this(seconds, latencyNanos, null);
    }

    public long ok() {
        return latencyNanos.getTotalCount();
    }
}
