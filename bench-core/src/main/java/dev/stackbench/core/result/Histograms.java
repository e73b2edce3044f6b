package dev.stackbench.core.result;

import org.HdrHistogram.Histogram;

/**
 * The one precision of every latency histogram stackbench records, merges and reads back: 3
 * significant decimal digits (a value's bucket is within 0.1% of it), in nanoseconds.
 */
public final class Histograms {

    /** HdrHistogram's {@code numberOfSignificantValueDigits} for every latency histogram. */
    public static final int SIGNIFICANT_VALUE_DIGITS = 3;

    private Histograms() {}

    /** An empty, auto-resizing latency histogram of {@link #SIGNIFICANT_VALUE_DIGITS}. */
    public static Histogram newLatencyHistogram() {
        return new Histogram(SIGNIFICANT_VALUE_DIGITS);
    }
}
