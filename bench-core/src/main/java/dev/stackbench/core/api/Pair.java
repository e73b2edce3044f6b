package dev.stackbench.core.api;

import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.gate.ComparisonGate;
import dev.stackbench.core.gate.Verdict;
import dev.stackbench.core.result.Metric;
import java.util.Locale;

/**
 * Two variants on one metric, as {@code a} over {@code b}: the geometric mean of their per-round ratios and its
 * interval, at the confidence the comparison tested the pair at (corrected for its pairs and looks). Whether {@code a}
 * is better reads the metric's direction: a ratio above 1 is better on requests/s, below 1 on a latency or a CPU cost.
 * The {@code assert...} methods throw an {@link AssertionError} saying the pair in words, and return this pair.
 *
 * <pre>{@code
 * Pair pair = result.verdict(Metric.RPS).pair("virtual", "platform");
 * pair.assertBetterBy(2);                 // virtual declared better, its whole interval at least 2x
 * pair.isNotWorseBy(5);                   // false only when the whole interval is more than 5% worse
 * }</pre>
 *
 * @param ratio   a's value over b's
 * @param low     the interval of {@code ratio}
 * @param outcome {@code DIFFERENT} when the interval excludes 1, {@code EQUIVALENT} within the equivalence margin,
 *                else {@code UNDECIDED}
 */
public record Pair(
        Metric metric,
        String a,
        String b,
        double ratio,
        double low,
        double high,
        double confidence,
        PairVerdict.Outcome outcome) {

    /** {@code a} was declared better than {@code b}: the whole interval lies on a's side of 1. */
    public boolean isBetter() {
        return outcome == PairVerdict.Outcome.DIFFERENT && betterSide(ratio);
    }

    /** {@code a} was declared worse than {@code b}. */
    public boolean isWorse() {
        return outcome == PairVerdict.Outcome.DIFFERENT && !betterSide(ratio);
    }

    /**
     * {@code a} is not worse than {@code b} by more than {@code percent}, as {@code gate --not-worse} decides it: false
     * only when the whole interval is past the limit (an interval that straddles it is "within noise").
     */
    public boolean isNotWorseBy(double percent) {
        return !notWorse(percent).fails();
    }

    /** @throws AssertionError unless {@code a} was declared better than {@code b} */
    public Pair assertBetter() {
        if (!isBetter()) {
            throw new AssertionError("expected " + a + " better than " + b + " on " + metric.id() + ", but " + this);
        }
        return this;
    }

    /**
     * @param factor how much better at least, over the whole interval: 2 asks for twice the requests/s, or half the
     *               latency
     * @throws AssertionError unless {@code a} was declared better than {@code b} by at least {@code factor}
     */
    public Pair assertBetterBy(double factor) {
        if (!(factor >= 1)) {
            throw new IllegalArgumentException("factor must be 1 or more (2 is twice as good), got " + factor);
        }
        boolean holds = isBetter() && (metric.higherIsBetter() ? low >= factor : high <= 1 / factor);
        if (!holds) {
            throw new AssertionError(String.format(
                    Locale.ROOT,
                    "expected %s better than %s by at least %sx on %s over the whole interval, but %s",
                    a,
                    b,
                    ComparisonSummary.ratio(factor),
                    metric.id(),
                    this));
        }
        return this;
    }

    /** @throws AssertionError when {@code a} is worse than {@code b} by more than {@code percent} over the whole interval */
    public Pair assertNotWorseBy(double percent) {
        if (notWorse(percent).fails()) {
            throw new AssertionError(String.format(
                    Locale.ROOT,
                    "expected %s not worse than %s by more than %s%% on %s, but %s",
                    a,
                    b,
                    ComparisonSummary.ratio(percent).replaceAll("\\.?0+$", ""),
                    metric.id(),
                    this));
        }
        return this;
    }

    private Verdict notWorse(double percent) {
        if (!(percent >= 0 && percent < 100)) {
            throw new IllegalArgumentException("percent must be from 0 to below 100, got " + percent);
        }
        return ComparisonGate.notWorse(metric, low, high, percent / 100);
    }

    private boolean betterSide(double value) {
        return metric.higherIsBetter() ? value > 1 : value < 1;
    }

    /** {@code virtual 3.912x platform on rps [3.501, 4.371] at 97.50%: different}. */
    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "%s %sx %s on %s %s at %.2f%%: %s",
                a,
                ComparisonSummary.ratio(ratio),
                b,
                metric.id(),
                ComparisonSummary.interval(low, high),
                100 * confidence,
                outcome.id());
    }
}
