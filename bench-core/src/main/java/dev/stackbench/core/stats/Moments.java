package dev.stackbench.core.stats;

/** The mean and sample standard deviation, in one place. */
final class Moments {

    private Moments() {}

    /** NaN for no values. */
    static double mean(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** The sample standard deviation (n - 1); 0 for fewer than two values. */
    static double standardDeviation(double[] values) {
        if (values.length < 2) {
            return 0;
        }
        double mean = mean(values);
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return Math.sqrt(squares / (values.length - 1));
    }
}
