package dev.stackbench.core.steady;

import java.util.Arrays;

/**
 * The Mann-Kendall test for a monotonic trend in a short, noisy series: it counts, over every pair of
 * samples, how often the later one is higher, so it needs no assumption about the noise's
 * distribution and one outlier (a GC pause) cannot make a trend. Ties are accounted for.
 *
 * <pre>{@code
 * MannKendall.Trend trend = MannKendall.test(new double[]{672, 4100, 9800, 21000, 33000, 35100});
 * trend.significant();   // true: throughput still climbing
 * }</pre>
 *
 * @see <a href="https://doi.org/10.2307/1907187">H. B. Mann, Nonparametric tests against trend (1945)</a>
 */
public final class MannKendall {

    /** Two-sided significance level of {@link Trend#significant()}: 5%. */
    public static final double Z_CRITICAL = 1.959964;
    /** Below this many samples no trend can be significant at 5%: the test cannot tell. */
    public static final int MINIMUM_SAMPLES = 5;

    private MannKendall() {}

    /**
     * @param z     the normal score of the statistic S, continuity-corrected; positive for an upward trend
     * @param slope Sen's slope: the median of the pairwise slopes, in units per sample
     */
    public record Trend(int samples, double z, double slope) {
        public boolean significant() {
            return samples >= MINIMUM_SAMPLES && Math.abs(z) > Z_CRITICAL;
        }
    }

    /**
     * The most samples tested: a longer series is averaged down to this many consecutive bins first, so a
     * window of hours costs what one of minutes does (the test's pairs grow with the square of the samples).
     */
    public static final int MAXIMUM_SAMPLES = 240;

    public static Trend test(double[] series) {
        series = binned(series, MAXIMUM_SAMPLES);
        int n = series.length;
        long s = 0;
        double[] slopes = new double[Math.max(0, n * (n - 1) / 2)];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Double.compare(series[j], series[i]) > 0 ? 1 : Double.compare(series[j], series[i]) < 0 ? -1 : 0;
                slopes[k++] = (series[j] - series[i]) / (j - i);
            }
        }
        double variance = (n * (n - 1.0) * (2 * n + 5) - tieCorrection(series)) / 18;
        double z =
                variance <= 0 ? 0 : s > 0 ? (s - 1) / Math.sqrt(variance) : s < 0 ? (s + 1) / Math.sqrt(variance) : 0;
        Arrays.sort(slopes);
        double slope = slopes.length == 0
                ? 0
                : slopes.length % 2 == 1
                        ? slopes[slopes.length / 2]
                        : (slopes[slopes.length / 2 - 1] + slopes[slopes.length / 2]) / 2;
        return new Trend(n, z, slope);
    }

    /** Means of {@code bins} consecutive runs of about equal length; the series itself if it is short enough. */
    static double[] binned(double[] series, int bins) {
        if (series.length <= bins) {
            return series;
        }
        double[] binned = new double[bins];
        for (int b = 0; b < bins; b++) {
            int from = (int) ((long) b * series.length / bins);
            int to = (int) ((long) (b + 1) * series.length / bins);
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += series[i];
            }
            binned[b] = sum / (to - from);
        }
        return binned;
    }

    /** The sum over groups of t equal values of t (t - 1) (2 t + 5). */
    private static double tieCorrection(double[] series) {
        double[] sorted = series.clone();
        Arrays.sort(sorted);
        double correction = 0;
        int i = 0;
        while (i < sorted.length) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[i]) {
                j++;
            }
            long t = j - i + 1;
            correction += t * (t - 1) * (2 * t + 5);
            i = j + 1;
        }
        return correction;
    }
}
