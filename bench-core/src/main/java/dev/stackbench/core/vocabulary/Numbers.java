package dev.stackbench.core.vocabulary;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * How stackbench prints numbers for people, in one place: each method names the form it writes, always in
 * {@link Locale#ROOT} (a decimal point whatever the machine's language).
 */
public final class Numbers {

    private Numbers() {}

    /** Whole numbers without a fraction ({@code 200}), others as Java writes a double ({@code 0.5}, {@code 78.25}). */
    public static String plain(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }

    /** Whole numbers without a fraction ({@code 200}), others with one decimal ({@code 78.3}). */
    public static String oneDecimal(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** Rounded to {@code digits} significant digits, without trailing zeros or an exponent: {@code 0.05}, {@code 1235}. */
    public static String significant(double value, int digits) {
        return BigDecimal.valueOf(value)
                .round(new MathContext(digits))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** Milliseconds with three significant digits at least, as HdrHistogram keeps them; {@code -} for none. */
    public static String millis(Double value) {
        if (value == null) {
            return "-";
        }
        return value >= 100
                ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10
                        ? String.format(Locale.ROOT, "%.1f", value)
                        : value >= 1
                                ? String.format(Locale.ROOT, "%.2f", value)
                                : String.format(Locale.ROOT, "%.3f", value);
    }

    /** Whole from 100 on, grouped by thousands ({@code 12,345}), else three significant digits ({@code 0.987}, {@code 12.3}). */
    public static String groupedOrThreeDigits(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.3g", value);
    }

    /** Whole from 100 on ({@code 1234}), else two decimals ({@code 12.35}). */
    public static String wholeOrTwoDecimals(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }

    /** Three decimals, for files other programs read ({@code 12.346}); empty for none. */
    public static String threeDecimals(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.3f", value);
    }
}
