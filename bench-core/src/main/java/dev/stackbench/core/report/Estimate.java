package dev.stackbench.core.report;

/**
 * A metric's value for one label with the range it moves in from run to run.
 *
 * @param value      the window's value (the median of repeats)
 * @param low        the spread's lower end
 * @param high       the spread's upper end
 * @param spreadFrom how the spread was found, in words, for the page
 */
public record Estimate(double value, double low, double high, String spreadFrom) {
}
