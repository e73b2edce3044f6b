package dev.stackbench.core.stats;

import dev.stackbench.core.result.Metric;

/**
 * A metric of one target (one label, one side of a gate) with how far it could move by chance: the
 * one estimate type of gates and reports.
 *
 * @param point      the value over every run: latency from the merged histograms, rps as all successes over
 *                   all seconds (for JMH: the mean of all iterations); NaN when not measured
 * @param low        the spread's lower end: the 2.5th percentile of the resamples, or another stated range
 * @param high       the spread's upper end: the 97.5th percentile of the resamples, or another stated range
 * @param resampled  the value in each bootstrap resample; empty when there was nothing to resample
 * @param repeats    how many runs it is made of
 * @param spreadFrom how the spread was found, in words, for tables and pages
 */
public record Estimate(
        Metric metric, double point, double low, double high, double[] resampled, int repeats, String spreadFrom) {

    /** Central share of the resamples that {@link #low}..{@link #high} holds. */
    public static final double CONFIDENCE = 0.95;

    /** From bootstrap resamples: the central 95% of them; the point itself when there are none. */
    public static Estimate resampled(Metric metric, double point, double[] resampled, int repeats, String spreadFrom) {
        if (resampled.length == 0) {
            return new Estimate(metric, point, point, point, resampled, repeats, spreadFrom);
        }
        double tail = (1 - CONFIDENCE) / 2;
        return new Estimate(
                metric,
                point,
                Quantile.of(resampled, tail),
                Quantile.of(resampled, 1 - tail),
                resampled,
                repeats,
                spreadFrom);
    }

    /** A spread found another way (the min–max of repeats, the middle half of per-second values): no resamples. */
    public static Estimate range(Metric metric, double point, double low, double high, int repeats, String spreadFrom) {
        return new Estimate(metric, point, low, high, new double[0], repeats, spreadFrom);
    }

    /** Whether it has bootstrap resamples: only then can {@link Excess} test it. */
    public boolean hasResamples() {
        return resampled.length > 0;
    }

    /** The i-th resampled value, or the point value without resamples: so a side without spread pairs with one that has it. */
    public double at(int i) {
        return hasResamples() ? resampled[i] : point;
    }
}
