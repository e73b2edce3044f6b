package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.Segment;
import java.util.List;
import java.util.Map;

/**
 * One agent's share of a run, as it measured it, raw: every interval's histograms (HdrHistogram's compressed
 * encoding) and cumulative counters, offsets in nanoseconds from the agreed start. Plain data, so it travels
 * as JSON; {@link LoadGenerator#merge} adds several of these up into one result. Percentiles are never sent:
 * they cannot be merged, histograms can.
 *
 * @param segment          which share of the schedule it ran, written as {@link Segment#toString()} does: {@code 0/2}
 * @param windowStartNanos the measured window's start, offset from the run's start
 * @param counters         its final counters (the engine's layout, which both sides share by running the same build)
 * @param warnings         what its generator warned about (OS limits, TLS, a stop)
 * @param startLateNanos   how long after the agreed instant, by its own clock, it started (its set-up took longer, or
 *                         its sleep overshot); 0 without an agreed instant
 * @param errorMessages    what its measured errors said, per class: the first message, then the other distinct ones
 */
public record SegmentRun(
        Segment segment,
        long windowStartNanos,
        long windowEndNanos,
        List<Interval> intervals,
        long[] counters,
        long clientCpuNanosInWindow,
        List<String> warnings,
        long startLateNanos,
        Map<ErrorClass, List<String>> errorMessages) {

    /** A run from an agent of a build before error messages: none. */
    public SegmentRun {
        errorMessages = errorMessages == null ? Map.of() : errorMessages;
    }

    /**
     * One reporting interval, as {@link IntervalCollector.Taken} holds it.
     *
     * @param period         {@link Timeline.Period}'s name
     * @param counters       cumulative since the run's start
     * @param clientCpuNanos the generator's event loops' CPU, cumulative since the run's start
     * @param loopBusy       its busiest loop's CPU share; null where not measured
     */
    public record Interval(
            String period,
            long toNanos,
            byte[] warmup,
            byte[] measured,
            byte[] serviceTime,
            byte[] waitTime,
            byte[] lag,
            List<byte[]> byName,
            long[] counters,
            long clientCpuNanos,
            Double loopBusy) {}

    /** Measured requests scheduled, sent, ok and failed: the per-agent section's numbers. */
    long measured(int field) {
        return WorkerCounters.get(counters, Phase.MEASURED, field);
    }

    long measuredErrors() {
        return WorkerCounters.errors(counters, Phase.MEASURED);
    }
}
