package dev.stackbench.core.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A finished run: its {@link RunResult} and the histograms behind it (nanoseconds), from which
 * the .hgrm and .hlog files are written.
 *
 * @param latency   every measured request's latency: those whose intended start (open model) or send (closed
 *                  model) fell in the window, wherever they completed, the drain included
 * @param intervals every reporting interval, warm-up included (see {@link Interval#measured()})
 */
public record Measurement(
        RunResult result, Histogram latency, Histogram serviceTime, Histogram waitTime, List<Interval> intervals) {

    /** The same measurement, its result with the server's start-up recorded. */
    public Measurement withStartup(RunResult.Startup startup) {
        return new Measurement(result.withStartup(startup), latency, serviceTime, waitTime, intervals);
    }

    /** The same measurement, its result with what a profile of its server saw. */
    public Measurement withServerProfile(ServerProfile profile) {
        return new Measurement(result.withServerProfile(profile), latency, serviceTime, waitTime, intervals);
    }

    /**
     * One reporting interval's measured requests, by completion time; the histograms kept compressed.
     *
     * @param measured  whether any measured request can complete in it: every interval from the window's start on
     * @param completed within the measured window only: every success that completed in the interval, whatever its
     *                  phase (the window's throughput, as {@code rps} counts it); null outside the window
     * @param latencyByRequest {@code latency} split by request name, in the mix's order of names
     */
    public record Interval(
            long startEpochMillis,
            long endEpochMillis,
            boolean measured,
            CompressedHistogram latency,
            CompressedHistogram serviceTime,
            CompressedHistogram waitTime,
            CompressedHistogram completed,
            Map<String, CompressedHistogram> latencyByRequest) {

        public Interval {
            latencyByRequest = latencyByRequest == null
                    ? Map.of()
                    : Collections.unmodifiableMap(new LinkedHashMap<>(latencyByRequest));
        }
    }
}
