package dev.stackbench.core.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * How much larger one variant's value is than another's when both were measured in the same rounds: the
 * geometric mean of the per-round ratios, and a t interval of it. Each round gives one log ratio
 * {@code ln(a_r / b_r)}; whatever moved the machine's speed between rounds moves both values of a round alike
 * and cancels in their ratio (the paired design of Abedi and Brecht's randomized interleaved trials). The
 * interval is Student's on the mean log ratio, exponentiated; it assumes only that rounds are independent
 * and their log ratios roughly normal, and widens when one round disagrees, so an outlier costs power, not
 * false alarms.
 *
 * <pre>{@code
 * PairedRatio ratio = PairedRatio.of(new double[]{31.0, 28.5, 30.2}, new double[]{26.1, 24.0, 25.8});
 * ratio.ratio();                 // 1.18: a is 1.18x b
 * ratio.interval(0.95);          // [1.11, 1.26]
 * ratio.pValue();                // two-sided, against "no difference"
 * }</pre>
 *
 * @param meanLog the mean of the per-round log ratios
 * @param sdLog   their sample standard deviation (0 with fewer than two rounds)
 * @param rounds  how many rounds gave both values
 */
public record PairedRatio(double meanLog, double sdLog, int rounds) {

    /**
     * @param a one value per round, all positive
     * @param b the other variant's values of the same rounds
     * @throws IllegalArgumentException on unequal lengths or a value that is not positive
     */
    public static PairedRatio of(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("paired values need one of each per round, got " + a.length + " and " + b.length);
        }
        double[] logs = new double[a.length];
        for (int r = 0; r < a.length; r++) {
            if (!(a[r] > 0) || !(b[r] > 0)) {
                throw new IllegalArgumentException("a ratio needs positive values, got " + a[r] + " and " + b[r] + " in round " + (r + 1));
            }
            logs[r] = Math.log(a[r] / b[r]);
        }
        return ofLogs(logs);
    }

    /** From per-round log ratios directly. */
    public static PairedRatio ofLogs(double[] logs) {
        int n = logs.length;
        double mean = 0;
        for (double x : logs) {
            mean += x / n;
        }
        double squares = 0;
        for (double x : logs) {
            squares += (x - mean) * (x - mean);
        }
        return new PairedRatio(n == 0 ? Double.NaN : mean, n < 2 ? 0 : Math.sqrt(squares / (n - 1)), n);
    }

    /** The geometric mean of the per-round ratios. */
    public double ratio() {
        return Math.exp(meanLog);
    }

    /** The central {@code confidence} interval of the ratio; the point itself, twice, with fewer than two rounds. */
    public Interval interval(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, got " + confidence);
        }
        if (rounds < 2) {
            return new Interval(ratio(), ratio());
        }
        double half = quantile(1 - (1 - confidence) / 2) * standardError();
        return new Interval(Math.exp(meanLog - half), Math.exp(meanLog + half));
    }

    /** Two-sided p-value of "no difference" (a ratio of 1); 1 with fewer than two rounds. */
    public double pValue() {
        if (rounds < 2) {
            return 1;
        }
        if (sdLog == 0) {
            return meanLog == 0 ? 1 : 0;
        }
        double t = Math.abs(meanLog) / standardError();
        return 2 * new TDistribution(null, rounds - 1).cumulativeProbability(-t);
    }

    /** The standard deviation of the per-round log ratios as a share: 0.05 means rounds disagree by about 5%. */
    public double roundToRoundSpread() {
        return Math.expm1(sdLog);
    }

    private double standardError() {
        return sdLog / Math.sqrt(rounds);
    }

    private double quantile(double p) {
        return new TDistribution(null, rounds - 1).inverseCumulativeProbability(p);
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
