package dev.stackbench.core.load.engine;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.result.CompressedHistogram;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.Segment;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/** An agent's {@link IntervalSink}: waits for the agreed start, then keeps every interval for the coordinator. */
final class SegmentRecorder implements IntervalSink {

    /** The last stretch before the start is spun, not slept: a sleep may overshoot by a scheduler tick. */
    private static final long SPIN_NANOS = 2_000_000;

    private final Segment segment;
    private final Instant startAt;
    private final List<SegmentRun.Interval> intervals = new ArrayList<>();
    private SegmentRun result;
    private long startLateNanos;

    /** @param startAt when to start, by this machine's clock; null to start at once */
    SegmentRecorder(Segment segment, Instant startAt) {
        this.segment = segment;
        this.startAt = startAt;
    }

    /** The agreed start as a nanoTime of this JVM: waited for if it lies ahead, in the past (never shifted) if it has passed. */
    @Override
    public OptionalLong awaitStart() {
        if (startAt == null) {
            return OptionalLong.empty();
        }
        while (true) {
            long now = System.nanoTime();
            long remaining = Duration.between(Instant.now(), startAt).toNanos();
            if (remaining <= 0) {
                return OptionalLong.of(now + remaining);
            }
            if (remaining > SPIN_NANOS) {
                LockSupport.parkNanos(remaining - SPIN_NANOS);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public void started(long lateNanos) {
        startLateNanos = startAt == null ? 0 : lateNanos;
    }

    @Override
    public void interval(
            Timeline.Period period,
            long toNanos,
            IntervalCollector.Taken taken,
            JvmMetrics.Sample sample,
            Double loopBusy) {
        intervals.add(new SegmentRun.Interval(
                period.name(),
                toNanos,
                bytes(taken.warmupLatency()),
                bytes(taken.measuredLatency()),
                bytes(taken.serviceTime()),
                bytes(taken.waitTime()),
                bytes(taken.lag()),
                taken.measuredByName().stream().map(SegmentRecorder::bytes).toList(),
                taken.counters(),
                sample.clientCpuNanos(),
                loopBusy));
    }

    @Override
    public void end(
            long[] counters,
            Map<ErrorClass, List<String>> errorMessages,
            RunControl.Window window,
            List<String> warnings,
            long clientCpuNanosInWindow) {
        result = new SegmentRun(
                segment,
                window.startOffsetNanos(),
                window.endOffsetNanos(),
                List.copyOf(intervals),
                counters,
                clientCpuNanosInWindow,
                List.copyOf(warnings),
                startLateNanos,
                errorMessages);
    }

    SegmentRun result() {
        if (result == null) {
            throw new IllegalStateException("the segment's run has not ended");
        }
        return result;
    }

    private static byte[] bytes(Histogram histogram) {
        return CompressedHistogram.of(histogram).bytes();
    }
}
