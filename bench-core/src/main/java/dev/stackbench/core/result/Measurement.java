package dev.stackbench.core.result;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * A finished run: its {@link RunResult} and the histograms behind it (nanoseconds), from which
 * the .hgrm and .hlog files are written.
 *
 * @param intervals every reporting interval, warm-up included (see {@link Interval#measured()})
 */
public record Measurement(RunResult result, Histogram latency, Histogram serviceTime, Histogram waitTime,
                          List<Interval> intervals) {

    public record Interval(long startEpochMillis, long endEpochMillis, boolean measured,
                           Histogram latency, Histogram serviceTime, Histogram waitTime) {
    }
}
