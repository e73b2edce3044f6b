package dev.stackbench.core.vocabulary;

import java.util.OptionalDouble;

/**
 * Shares written as percentages, read as fractions: {@code 15%} is 0.15. The command line's {@code --confidence} and
 * {@code --equivalence}, gate's {@code --not-worse} and the gate rules' {@code increase}, {@code decrease} and
 * {@code within} read them here; each says in its own words what it expected.
 *
 * <pre>{@code
 * double confidence = Percent.parse("--confidence", "95%"); // 0.95
 * Percent.fraction("5", Percent.Bare.PERCENT);                // 0.05
 * }</pre>
 */
public final class Percent {

    /** How a number written without {@code %} reads. */
    public enum Bare {
        /** As a fraction: {@code 0.95} is 95%. */
        FRACTION,
        /** As a percentage: {@code 5} is 5%. */
        PERCENT
    }

    private Percent() {}

    /**
     * {@code text} as a fraction: {@code 15%} (spaces allowed around it) as 0.15, a number without {@code %} as
     * {@code bare} says; empty when it is not a number.
     */
    public static OptionalDouble fraction(String text, Bare bare) {
        String trimmed = text.strip();
        boolean percent = trimmed.endsWith("%");
        try {
            double number = Double.parseDouble(percent ? trimmed.substring(0, trimmed.length() - 1) : trimmed);
            return OptionalDouble.of(percent || bare == Bare.PERCENT ? number / 100 : number);
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * A fraction as people write it: 0.03 as "3%", 0.025 as "2.5%", 0.9134 as "91.3%"; with more decimals where one
     * would round it to 100% or 0% (0.9999 as "99.99%", not "100%": a confidence asked for is not a certainty).
     */
    public static String format(double fraction) {
        double percent = fraction * 100;
        if (Math.abs(percent - Math.rint(percent)) < 1e-9) {
            return String.format(java.util.Locale.ROOT, "%.0f%%", percent);
        }
        int decimals = 1;
        while (decimals < 6 && roundsToAnEnd(percent, decimals)) {
            decimals++;
        }
        return String.format(java.util.Locale.ROOT, "%." + decimals + "f%%", percent);
    }

    /** Whether {@code percent}, strictly between 0 and 100, shows as 0 or 100 with {@code decimals} decimals. */
    private static boolean roundsToAnEnd(double percent, int decimals) {
        double scale = Math.pow(10, decimals);
        double shown = Math.round(percent * scale) / scale;
        return percent > 0 && percent < 100 && (shown == 0 || shown == 100);
    }

    /**
     * An option's value, {@code 95%} or {@code 0.95}, as a fraction.
     *
     * @throws IllegalArgumentException naming the option and the text
     */
    public static double parse(String option, String text) {
        return fraction(text, Bare.FRACTION)
                .orElseThrow(() -> new IllegalArgumentException(
                        option + " takes a percentage such as 95% (or 0.95), got '" + text + "'"));
    }
}
