package dev.stackbench.core.gate;

/**
 * A metric of one target on one side: its value over all runs merged, the same value in each
 * bootstrap resample, and the spread between runs.
 *
 * @param point     over every run and interval: latencies from the merged histograms, rps as all successes over all seconds
 * @param resampled the value in each bootstrap resample; empty when there was nothing to resample (one run, no intervals)
 * @param runMin    the smallest per-run value (equal to {@code runMax} for one run)
 * @param runMax    the largest per-run value
 */
public record Estimate(GateMetric metric, double point, double[] resampled, double runMin, double runMax, int repeats) {

    public boolean hasSpread() {
        return resampled.length > 0;
    }

    /** The i-th resampled value, or the point value without a spread: so a side without spread pairs with one that has it. */
    double at(int i) {
        return hasSpread() ? resampled[i] : point;
    }

    /** How many resamples two sides pair over: 0 when neither has a spread; {@code other} may be null. */
    static int pairedResamples(Estimate one, Estimate other) {
        return Math.max(one.resampled.length, other == null ? 0 : other.resampled.length);
    }

    /** The central 95% of the resampled values: the 2.5th and 97.5th percentiles; the point itself without a spread. */
    public double[] interval95() {
        return hasSpread() ? new double[]{Bootstrap.quantile(resampled, 0.025), Bootstrap.quantile(resampled, 0.975)}
                : new double[]{point, point};
    }
}
