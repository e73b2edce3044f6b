package dev.stackbench.core.gate;

import java.util.List;
import java.util.Map;

/**
 * One run of one target: a load result (result.json, with the intervals of the latency.hlog beside
 * it when there is one) or one fork of a JMH benchmark.
 *
 * @param source    where it was read from, for messages
 * @param intervals the measured intervals with their histograms; empty when only summary values are known
 * @param reported  the run's own summary values (used when there are no intervals)
 * @param errors    failed requests in the measured window
 * @param finished  ok plus failed requests in the measured window
 * @param bound     the throughput bound the result itself implies (pool N/D, users C/(D+Z), offered rate), or null
 */
record Run(String source, List<Interval> intervals, Map<GateMetric, Double> reported, long errors, long finished,
           dev.stackbench.core.result.ThroughputBound bound) {

    boolean hasIntervals() {
        return !intervals.isEmpty();
    }
}
