package dev.stackbench.core.stats;

import java.util.Arrays;

/**
 * The one definition of a sample quantile in stackbench, for bootstrap intervals and per-second
 * spreads alike: linear interpolation between the closest ranks (Hyndman and Fan's type 7, the default
 * of R and NumPy). Latency percentiles of histograms are not sample quantiles of this kind: they are
 * HdrHistogram's {@code getValueAtPercentile} ({@link LatencyCounts}), as in result.json.
 *
 * <pre>{@code
 * Quantile.of(new double[]{4, 1, 3, 2}, 0.5);   // 2.5
 * }</pre>
 */
public final class Quantile {

    private Quantile() {}

    /** The q-quantile (0..1) of the values, on a sorted copy; NaN for no values. */
    public static double of(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted, q);
    }

    /** As {@link #of}, for values already sorted ascending. */
    public static double ofSorted(double[] sorted, double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("a quantile is between 0 and 1, not " + q);
        }
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }
}
