package dev.stackbench.core.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How much larger one variant's value is than another's, as the exponentiated mean of log ratios with a Student t
 * interval. From rounds ({@link #of}): each round gives one log ratio {@code ln(a_r / b_r)}; whatever moved the
 * machine's speed between rounds moves both values of a round alike and cancels in their ratio (the paired design of
 * Abedi and Brecht's randomized interleaved trials); the interval assumes only that rounds are independent and their log
 * ratios roughly normal, and widens when one round disagrees, so an outlier costs power, not false alarms. From JVMs
 * ({@link #of(double, double, int, double)}): when each variant ran in several JVMs, their means are the units, and the
 * estimate carries what JVMs of one variant differ by.
 *
 * <pre>{@code
 * PairedRatio ratio = PairedRatio.of(new double[]{31.0, 28.5, 30.2}, new double[]{26.1, 24.0, 25.8});
 * ratio.ratio();                 // 1.18: a is 1.18x b
 * ratio.interval(0.95);          // [1.11, 1.26]
 * ratio.pValue();                // two-sided, against "no difference"
 * }</pre>
 *
 * @param meanLog          the mean log ratio
 * @param standardError    its standard error (0 when it cannot be estimated)
 * @param degreesOfFreedom of the t distribution the interval is taken from; 0 when too few values to estimate a spread
 * @param roundSpreadLog   how much the per-round log ratios differ (their standard deviation): a description of the
 *                         machine's noise, whichever the units were
 */
public record PairedRatio(double meanLog, double standardError, int degreesOfFreedom, double roundSpreadLog) {

    /**
     * @param a one value per round, all positive
     * @param b the other variant's values of the same rounds
     * @throws IllegalArgumentException on unequal lengths or a value that is not positive
     */
    public static PairedRatio of(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "paired values need one of each per round, got " + a.length + " and " + b.length);
        }
        double[] logs = new double[a.length];
        for (int r = 0; r < a.length; r++) {
            if (!(a[r] > 0) || !(b[r] > 0)) {
                throw new IllegalArgumentException(
                        "a ratio needs positive values, got " + a[r] + " and " + b[r] + " in round " + (r + 1));
            }
            logs[r] = Math.log(a[r] / b[r]);
        }
        return ofLogs(logs);
    }

    /** From per-round log ratios directly. */
    public static PairedRatio ofLogs(double[] logs) {
        int n = logs.length;
        double mean = Moments.mean(logs);
        double sd = Moments.standardDeviation(logs);
        return new PairedRatio(
                n == 0 ? Double.NaN : mean, n < 2 ? 0 : sd / Math.sqrt(n), Math.max(n - 1, 0), n < 2 ? 0 : sd);
    }

    /** From an estimate made elsewhere (the means of several JVMs per variant). */
    public static PairedRatio of(double meanLog, double standardError, int degreesOfFreedom, double roundSpreadLog) {
        return new PairedRatio(meanLog, standardError, degreesOfFreedom, roundSpreadLog);
    }

    /** The geometric mean of the per-round ratios. */
    public double ratio() {
        return Math.exp(meanLog);
    }

    /** Whether there is a spread to take an interval from. */
    public boolean estimable() {
        return degreesOfFreedom >= 1;
    }

    /** The central {@code confidence} interval of the ratio; the point itself, twice, when not {@link #estimable()}. */
    public Interval interval(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, got " + confidence);
        }
        if (!estimable()) {
            return new Interval(ratio(), ratio());
        }
        double half = TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - confidence) / 2)
                * standardError;
        return new Interval(Math.exp(meanLog - half), Math.exp(meanLog + half));
    }

    /** Two-sided p-value of "no difference" (a ratio of 1); 1 when not {@link #estimable()}. */
    public double pValue() {
        if (!estimable()) {
            return 1;
        }
        if (standardError == 0) {
            return meanLog == 0 ? 1 : 0;
        }
        double t = Math.abs(meanLog) / standardError;
        return 2 * TDistribution.of(degreesOfFreedom).cumulativeProbability(-t);
    }

    /** The standard deviation of the per-round log ratios as a share: 0.05 means rounds disagree by about 5%. */
    public double roundToRoundSpread() {
        return Math.expm1(roundSpreadLog);
    }

    /** A ratio's interval, low to high. */
    public record Interval(double low, double high) {

        /** Whether it excludes 1: a difference. */
        public boolean excludesOne() {
            return low > 1 || high < 1;
        }

        /** Whether it lies within [1 / (1 + margin), 1 + margin]: no difference as large as the margin. */
        public boolean within(double margin) {
            return low >= 1 / (1 + margin) && high <= 1 + margin;
        }

        /** The interval of the inverse ratio (b over a). */
        public Interval inverse() {
            return new Interval(1 / high, 1 / low);
        }
    }
}
