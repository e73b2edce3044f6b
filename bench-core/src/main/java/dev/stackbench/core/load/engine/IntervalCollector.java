package dev.stackbench.core.load.engine;

import dev.stackbench.core.result.Histograms;
import dev.stackbench.core.vocabulary.ErrorClass;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The coordinator's merge: at each interval's end, takes what every worker recorded since the last
 * one and adds it up. Workers own their statistics; this class only reads them (wrk's stats.c model).
 */
final class IntervalCollector {

    /**
     * One interval, merged over the workers (latencies in nanoseconds, successful requests).
     *
     * @param warmupLatency   warm-up requests that completed in the interval
     * @param measuredLatency measured requests that completed in the interval (the window's and the drain's)
     * @param measuredByName  the same requests split by request name, in the order of {@link RunPlan#requestNames()}
     * @param counters        every worker's counters summed, cumulative since the start (see {@link WorkerCounters})
     * @param lag             open model: the loops' own delay in picking up measured requests that came due in the interval
     */
    record Taken(
            Histogram warmupLatency,
            Histogram measuredLatency,
            Histogram serviceTime,
            Histogram waitTime,
            List<Histogram> measuredByName,
            long[] counters,
            Histogram lag) {

        /** Every success that completed in the interval, whatever its phase: the timeline's view. */
        Histogram completedLatency() {
            var all = Histograms.newLatencyHistogram();
            all.add(warmupLatency);
            all.add(measuredLatency);
            return all;
        }
    }

    private final List<Worker> workers;
    private final int requestNames;
    private final int counterSize;

    IntervalCollector(List<Worker> workers, int requestNames) {
        this.workers = List.copyOf(workers);
        this.requestNames = requestNames;
        this.counterSize = WorkerCounters.size(requestNames);
    }

    Taken take() {
        var warmup = Histograms.newLatencyHistogram();
        var measured = Histograms.newLatencyHistogram();
        var service = Histograms.newLatencyHistogram();
        var wait = Histograms.newLatencyHistogram();
        var lag = Histograms.newLatencyHistogram();
        var byName = new Histogram[requestNames];
        for (int i = 0; i < requestNames; i++) {
            byName[i] = Histograms.newLatencyHistogram();
        }
        for (Worker worker : workers) {
            worker.recorders.drainInto(warmup, measured, service, wait, lag, byName);
        }
        return new Taken(warmup, measured, service, wait, List.of(byName), counters(), lag);
    }

    /** The counters now, without closing an interval. */
    long[] counters() {
        long[] values = new long[counterSize];
        workers.forEach(worker -> worker.counters.addTo(values));
        return values;
    }

    /** What the measured errors said, every worker's merged (see {@link ErrorMessages}); read at the run's end. */
    Map<ErrorClass, List<String>> errorMessages() {
        return ErrorMessages.merge(
                workers.stream().map(worker -> worker.errorMessages.snapshot()).toList());
    }

    /** Requests scheduled and not yet finished, both phases: queued or in flight; never below the truth. */
    long outstanding() {
        long outstanding = 0;
        for (Worker worker : workers) {
            outstanding += worker.counters.outstanding();
        }
        return outstanding;
    }

    /** Measured requests with an outcome, without copying every counter. */
    long measuredFinished() {
        long finished = 0;
        for (Worker worker : workers) {
            finished += worker.counters.measuredFinished();
        }
        return finished;
    }
}
