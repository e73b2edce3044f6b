package dev.stackbench.core.load.engine;

import dev.stackbench.core.result.Histograms;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One worker's latency recorders (nanoseconds, successful requests only), written on its loop and
 * read by the coordinator, which recycles the interval histograms it took before (HdrHistogram's
 * pattern: no allocation per interval on either side). Warm-up requests go to a recorder of their own,
 * so the measured window's histograms hold exactly its requests, wherever they complete. Measured
 * requests are also recorded by request name, one recorder per name of the mix. The open model's
 * lag (the loop's own delay in picking up due requests) is recorded by the load driver, measured requests only.
 */
final class WorkerRecorders {

    private final SingleWriterRecorder warmup = new SingleWriterRecorder(Histograms.SIGNIFICANT_VALUE_DIGITS);
    private final SingleWriterRecorder measured = new SingleWriterRecorder(Histograms.SIGNIFICANT_VALUE_DIGITS);
    private final SingleWriterRecorder serviceTime = new SingleWriterRecorder(Histograms.SIGNIFICANT_VALUE_DIGITS);
    private final SingleWriterRecorder waitTime = new SingleWriterRecorder(Histograms.SIGNIFICANT_VALUE_DIGITS);
    private final SingleWriterRecorder[] byName;
    private final SingleWriterRecorder lag = new SingleWriterRecorder(Histograms.SIGNIFICANT_VALUE_DIGITS);
    private final boolean openModel;

    // The coordinator's side: histograms handed back for recycling.
    private Histogram warmupSpare;
    private Histogram measuredSpare;
    private Histogram serviceSpare;
    private Histogram waitSpare;
    private final Histogram[] byNameSpares;
    private Histogram lagSpare;

    WorkerRecorders(boolean openModel, int requestNames) {
        this.openModel = openModel;
        this.byName = new SingleWriterRecorder[requestNames];
        for (int i = 0; i < requestNames; i++) {
            byName[i] = new SingleWriterRecorder(Histograms.SIGNIFICANT_VALUE_DIGITS);
        }
        this.byNameSpares = new Histogram[requestNames];
    }

    /**
     * A success of request name {@code name}: latency from {@code startNanos}; in the open model also service
     * time (from the write) and wait time.
     */
    void record(Phase phase, int name, long startNanos, long writeNanos, long nowNanos) {
        if (phase == Phase.WARMUP) {
            warmup.recordValue(Math.max(0, nowNanos - startNanos));
            return;
        }
        measured.recordValue(Math.max(0, nowNanos - startNanos));
        byName[name].recordValue(Math.max(0, nowNanos - startNanos));
        if (openModel) {
            serviceTime.recordValue(Math.max(0, nowNanos - writeNanos));
            waitTime.recordValue(Math.max(0, writeNanos - startNanos));
        }
    }

    /** Open model, a measured request: how late its loop picked it up (see {@link OpenArrivals}). */
    void recordLag(long lagNanos) {
        lag.recordValue(Math.max(0, lagNanos));
    }

    /** Coordinator only: adds what each recorder holds since the last call into the given histograms ({@code byNameInto} by name). */
    void drainInto(
            Histogram warmupInto,
            Histogram measuredInto,
            Histogram serviceInto,
            Histogram waitInto,
            Histogram lagInto,
            Histogram[] byNameInto) {
        for (int i = 0; i < byName.length; i++) {
            byNameSpares[i] = byName[i].getIntervalHistogram(byNameSpares[i]);
            byNameInto[i].add(byNameSpares[i]);
        }
        warmupSpare = warmup.getIntervalHistogram(warmupSpare);
        warmupInto.add(warmupSpare);
        measuredSpare = measured.getIntervalHistogram(measuredSpare);
        measuredInto.add(measuredSpare);
        serviceSpare = serviceTime.getIntervalHistogram(serviceSpare);
        serviceInto.add(serviceSpare);
        waitSpare = waitTime.getIntervalHistogram(waitSpare);
        waitInto.add(waitSpare);
        lagSpare = lag.getIntervalHistogram(lagSpare);
        lagInto.add(lagSpare);
    }
}
