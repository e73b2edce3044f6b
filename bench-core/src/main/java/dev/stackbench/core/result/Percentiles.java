package dev.stackbench.core.result;

import org.HdrHistogram.Histogram;

/**
 * A latency distribution in milliseconds. Every value is null when there were no samples: a
 * measurement that could not be taken is absent, never 0.
 */
public record Percentiles(
        long count,
        Double min,
        Double mean,
        Double p50,
        Double p75,
        Double p90,
        Double p95,
        Double p99,
        Double p999,
        Double p9999,
        Double max) {

    private static final double NANOS_PER_MILLI = 1e6;

    public static Percentiles ofNanos(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return new Percentiles(0, null, null, null, null, null, null, null, null, null, null);
        }
        return new Percentiles(
                histogram.getTotalCount(),
                ms(histogram.getMinValue()),
                histogram.getMean() / NANOS_PER_MILLI,
                ms(histogram.getValueAtPercentile(50)),
                ms(histogram.getValueAtPercentile(75)),
                ms(histogram.getValueAtPercentile(90)),
                ms(histogram.getValueAtPercentile(95)),
                ms(histogram.getValueAtPercentile(99)),
                ms(histogram.getValueAtPercentile(99.9)),
                ms(histogram.getValueAtPercentile(99.99)),
                ms(histogram.getMaxValue()));
    }

    /** A value by its name in results and thresholds: min, mean, p50 ... p9999, max. */
    public Double byName(String name) {
        return switch (name) {
            case "min" -> min;
            case "mean" -> mean;
            case "p50" -> p50;
            case "p75" -> p75;
            case "p90" -> p90;
            case "p95" -> p95;
            case "p99" -> p99;
            case "p999" -> p999;
            case "p9999" -> p9999;
            case "max" -> max;
            default -> throw new IllegalArgumentException("unknown latency statistic '" + name + "'");
        };
    }

    private static Double ms(long nanos) {
        return nanos / NANOS_PER_MILLI;
    }
}
