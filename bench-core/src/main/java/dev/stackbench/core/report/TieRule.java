package dev.stackbench.core.report;

/**
 * When two estimates are too close to call: their spreads overlap. The only place the report decides a
 * tie, so a stricter rule (a confidence interval, a test) can replace it.
 */
public final class TieRule {

    private TieRule() {
    }

    public static boolean tied(Estimate a, Estimate b) {
        return a.low() <= b.high() && b.low() <= a.high();
    }
}
