package dev.stackbench.core.load.engine;

import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.RequestFailure;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One closed interval of a run as live outputs see it ({@link ProgressListener#live}): what the coordinator merged for
 * it anyway (the timeline row, the cumulative counters, the interval's histograms), with views that compute nothing
 * until asked. Nothing here is counted per request: a listener that ignores it costs the run one small object a second.
 * Valid during the call only: the histograms are the interval's own, and the listener reads what it needs then.
 *
 * <pre>{@code
 * public void live(LiveInterval interval) {
 *     long ok = interval.totals(TimelinePhase.MEASURED).ok();     // cumulative: equals result.json's requests.ok at the end
 *     Histogram latency = interval.latency(TimelinePhase.MEASURED); // this interval's successes, nanoseconds
 * }
 * }</pre>
 */
public final class LiveInterval {

    /**
     * A request phase's outcomes since the run's start, as result.json counts the measured ones.
     *
     * @param errorsByClass failed requests by class, the classes that occurred
     */
    public record Totals(
            long scheduled, long sent, long ok, long errors, Map<ErrorClass, Long> errorsByClass, long late) {}

    /**
     * One request name's measured requests since the run's start, as result.json's {@code byRequest} counts them; sent and
     * in flight are not counted per name (that would add a write per request).
     *
     * @param latency this interval's successes of the name, nanoseconds
     */
    public record Named(String name, long ok, long errors, Map<ErrorClass, Long> errorsByClass, Histogram latency) {}

    private final String target;
    private final long endEpochMillis;
    private final TimelineRow row;
    private final IntervalCollector.Taken taken;
    private final List<String> requestNames;

    LiveInterval(
            String target,
            long endEpochMillis,
            TimelineRow row,
            IntervalCollector.Taken taken,
            List<String> requestNames) {
        this.target = target;
        this.endEpochMillis = endEpochMillis;
        this.row = row;
        this.taken = taken;
        this.requestNames = requestNames;
    }

    /** The run's target as results name it: its label, e.g. {@code webflux-netty/date} or the URL. */
    public String target() {
        return target;
    }

    public long endEpochMillis() {
        return endEpochMillis;
    }

    /** The timeline's row of this interval: its phase, rps, percentiles, in flight, queued, open connections, loop busy. */
    public TimelineRow row() {
        return row;
    }

    /** {@link TimelinePhase#WARMUP} or {@link TimelinePhase#MEASURED}: the phase a request belongs to, whenever it ends. */
    public Totals totals(TimelinePhase requestPhase) {
        Phase phase = phaseOf(requestPhase);
        long[] counters = taken.counters();
        long errors = WorkerCounters.errors(counters, phase);
        return new Totals(
                WorkerCounters.get(counters, phase, WorkerCounters.SCHEDULED),
                WorkerCounters.get(counters, phase, WorkerCounters.SENT),
                WorkerCounters.get(counters, phase, WorkerCounters.FINISHED) - errors,
                errors,
                ResultAssembly.errorsByClass(
                        errorClass -> WorkerCounters.errorCount(counters, phase, errorClass),
                        status -> WorkerCounters.httpErrorCount(counters, phase, status)),
                WorkerCounters.get(counters, phase, WorkerCounters.LATE));
    }

    /** Each request name's measured requests, in the mix's order. */
    public List<Named> byRequest() {
        long[] counters = taken.counters();
        var named = new ArrayList<Named>(requestNames.size());
        for (int i = 0; i < requestNames.size(); i++) {
            int index = i;
            long errors = WorkerCounters.namedErrors(counters, index);
            named.add(new Named(
                    requestNames.get(i),
                    WorkerCounters.named(counters, index, WorkerCounters.FINISHED) - errors,
                    errors,
                    ResultAssembly.errorsByClass(
                            (RequestFailure errorClass) -> WorkerCounters.namedErrorCount(counters, index, errorClass),
                            status -> WorkerCounters.namedHttpErrorCount(counters, index, status)),
                    taken.measuredByName().get(i)));
        }
        return List.copyOf(named);
    }

    /** The successes of a request phase that completed in this interval, nanoseconds. */
    public Histogram latency(TimelinePhase requestPhase) {
        return phaseOf(requestPhase) == Phase.WARMUP ? taken.warmupLatency() : taken.measuredLatency();
    }

    /** Open model: how late the loops picked up the measured requests that came due in this interval, nanoseconds. */
    public Histogram lag() {
        return taken.lag();
    }

    private static Phase phaseOf(TimelinePhase requestPhase) {
        return switch (requestPhase) {
            case WARMUP -> Phase.WARMUP;
            case MEASURED -> Phase.MEASURED;
            case DRAIN ->
                throw new IllegalArgumentException(
                        "requestPhase " + requestPhase + ": a request is a warm-up or a measured one");
        };
    }
}
