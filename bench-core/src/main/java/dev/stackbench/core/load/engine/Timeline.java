package dev.stackbench.core.load.engine;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.result.CompressedHistogram;
import dev.stackbench.core.result.Histograms;
import dev.stackbench.core.result.Jvm;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What the coordinator keeps of each closed interval: the timeline row (everything that completed in
 * it), the measured requests' histograms for the .hlog and the totals, and the JVM samples at its
 * ends. Knows which rows and samples make up the measured window.
 */
final class Timeline {

    /** The run's periods, in order; an interval lies in exactly one. */
    enum Period {
        WARMUP(TimelinePhase.WARMUP),
        WINDOW(TimelinePhase.MEASURED),
        DRAIN(TimelinePhase.DRAIN),
        /** The run has ended: no interval lies in it. */
        DONE(null);

        /** As the timeline writes its intervals. */
        final TimelinePhase phase;

        Period(TimelinePhase phase) {
            this.phase = phase;
        }
    }

    private final long startEpochMillis;
    private final JvmMetrics jvm;
    private final List<JvmMetrics.Sample> samples = new ArrayList<>();
    private final List<TimelineRow> rows = new ArrayList<>();
    private final List<Measurement.Interval> intervals = new ArrayList<>();
    private final Histogram latency = Histograms.newLatencyHistogram();
    private final Histogram serviceTime = Histograms.newLatencyHistogram();
    private final Histogram waitTime = Histograms.newLatencyHistogram();
    private final List<String> requestNames;
    /** The measured requests' latencies by request name, in the order of {@link #requestNames}. */
    private final List<Histogram> latencyByName = new ArrayList<>();

    private final Histogram lag = Histograms.newLatencyHistogram();
    private long[] previous;
    /** Bytes received and sent by each row's end, for the window's totals. */
    private final List<long[]> bytesAtRowEnd = new ArrayList<>();

    private long fromNanos;
    private int firstMeasuredRow = -1;
    private int lastMeasuredRow = -1;

    Timeline(long startEpochMillis, JvmMetrics jvm, JvmMetrics.Sample first, List<String> requestNames) {
        this.startEpochMillis = startEpochMillis;
        this.jvm = jvm;
        this.requestNames = List.copyOf(requestNames);
        requestNames.forEach(name -> latencyByName.add(Histograms.newLatencyHistogram()));
        this.previous = new long[WorkerCounters.size(requestNames.size())];
        samples.add(first);
    }

    /**
     * Closes the interval that ends at {@code toNanos} (offset from the start) and returns its row.
     *
     * @param loopBusy the busiest generator loop's CPU share over the interval; null where not measured
     */
    TimelineRow close(
            Period period, long toNanos, IntervalCollector.Taken taken, JvmMetrics.Sample sample, Double loopBusy) {
        samples.add(sample);
        long[] now = taken.counters();
        latency.add(taken.measuredLatency());
        serviceTime.add(taken.serviceTime());
        waitTime.add(taken.waitTime());
        var intervalByName = new LinkedHashMap<String, CompressedHistogram>();
        for (int i = 0; i < requestNames.size(); i++) {
            latencyByName.get(i).add(taken.measuredByName().get(i));
            intervalByName.put(
                    requestNames.get(i),
                    CompressedHistogram.of(taken.measuredByName().get(i)));
        }
        lag.add(taken.lag());
        // Successes are counted by the histogram itself, so counts and percentiles never disagree.
        Histogram completed = taken.completedLatency();
        // A measured request may complete a moment before the coordinator closes the last warm-up interval.
        boolean measured = period != Period.WARMUP || taken.measuredLatency().getTotalCount() > 0;
        intervals.add(new Measurement.Interval(
                startEpochMillis + fromNanos / 1_000_000,
                startEpochMillis + toNanos / 1_000_000,
                measured,
                CompressedHistogram.of(taken.measuredLatency()),
                CompressedHistogram.of(taken.serviceTime()),
                CompressedHistogram.of(taken.waitTime()),
                period == Period.WINDOW ? CompressedHistogram.of(completed) : null,
                intervalByName));
        long ok = completed.getTotalCount();
        double seconds = Math.max(1e-9, (toNanos - fromNanos) / 1e9);
        var percentiles = Percentiles.ofNanos(completed);
        long queued = now[WorkerCounters.QUEUED];
        long outstanding = WorkerCounters.total(now, WorkerCounters.SCHEDULED)
                - WorkerCounters.total(now, WorkerCounters.FINISHED);
        var row = new TimelineRow(
                Math.round(toNanos / 1e6) / 1e3,
                period.phase,
                ok / seconds,
                ok,
                WorkerCounters.totalErrors(now) - WorkerCounters.totalErrors(previous),
                percentiles.p50(),
                percentiles.p90(),
                percentiles.p99(),
                Math.max(0, outstanding - queued),
                queued,
                WorkerCounters.total(now, WorkerCounters.LATE) - WorkerCounters.total(previous, WorkerCounters.LATE),
                now[WorkerCounters.CONNECTIONS],
                jvm.interval(samples.get(samples.size() - 2), sample),
                loopBusy);
        if (period == Period.WINDOW) {
            firstMeasuredRow = firstMeasuredRow < 0 ? rows.size() : firstMeasuredRow;
            lastMeasuredRow = rows.size();
        }
        rows.add(row);
        bytesAtRowEnd.add(new long[] {now[WorkerCounters.BYTES_IN], now[WorkerCounters.BYTES_OUT]});
        previous = now;
        fromNanos = toNanos;
        return row;
    }

    /** Every row, with JFR's virtual-thread counts, which arrive about a second late, filled in by when each event happened. */
    List<TimelineRow> rows() {
        var filled = new ArrayList<TimelineRow>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            var row = rows.get(i);
            filled.add(row.withJvm(jvm.withVirtualThreads(row.jvm(), samples.get(i), samples.get(i + 1))));
        }
        return filled;
    }

    /** The measured window's rows; empty if the run never got there. */
    List<TimelineRow> windowRows(List<TimelineRow> all) {
        return firstMeasuredRow < 0 ? List.of() : all.subList(firstMeasuredRow, lastMeasuredRow + 1);
    }

    /** The JVM over the measured window, with {@code finished} requests to divide the server's CPU by. */
    Jvm jvmWindow(List<TimelineRow> all, long finished) {
        if (firstMeasuredRow < 0) {
            return jvm.window(samples.getLast(), samples.getLast(), List.of(), 0);
        }
        var windowJvm = windowRows(all).stream().map(TimelineRow::jvm).toList();
        return jvm.window(samples.get(firstMeasuredRow), samples.get(lastMeasuredRow + 1), windowJvm, finished);
    }

    /** Bytes received and sent from the measured window's start to the end of its drain: {received, sent}. */
    long[] windowBytes() {
        if (firstMeasuredRow < 0) {
            return new long[2];
        }
        long[] before = firstMeasuredRow == 0 ? new long[2] : bytesAtRowEnd.get(firstMeasuredRow - 1);
        long[] after = bytesAtRowEnd.getLast();
        return new long[] {after[0] - before[0], after[1] - before[1]};
    }

    /** The generator's own CPU over the measured window, in nanoseconds. */
    long clientCpuNanosInWindow() {
        if (firstMeasuredRow < 0) {
            return 0;
        }
        return samples.get(lastMeasuredRow + 1).clientCpuNanos()
                - samples.get(firstMeasuredRow).clientCpuNanos();
    }

    long startEpochMillis() {
        return startEpochMillis;
    }

    Histogram latency() {
        return latency;
    }

    Histogram serviceTime() {
        return serviceTime;
    }

    Histogram waitTime() {
        return waitTime;
    }

    List<String> requestNames() {
        return requestNames;
    }

    /** The measured requests of request name {@code index} (in {@link #requestNames()}), wherever they completed. */
    Histogram latencyOfName(int index) {
        return latencyByName.get(index);
    }

    /** Open model: the measured requests' lag, how late the loops picked them up (see {@link OpenArrivals}). */
    Histogram lag() {
        return lag;
    }

    List<Measurement.Interval> intervals() {
        return List.copyOf(intervals);
    }
}
