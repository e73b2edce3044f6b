package dev.stackbench.core.stats;

import java.util.function.DoubleBinaryOperator;

/**
 * The one test of "more than chance" that gates and reports share: how far a value is beyond a limit
 * derived from a reference, computed in each pair of bootstrap resamples (each side resampled on its
 * own), and judged by the lower {@value #TAIL} tail: positive means the limit is crossed in more than
 * 97.5% of the resamples, that is, by the whole 95% interval.
 *
 * <pre>{@code
 * double excess = Excess.lowerTail(current, baseline, (now, ref) -> now - 1.15 * ref);   // p99 at most +15%
 * boolean regression = excess > 0;
 * boolean differ = Excess.clearlyWorse(b, a);   // b's p99 above a's by more than chance: a report's "no tie"
 * }</pre>
 */
public final class Excess {

    /** One-sided: beyond the limit in more than 1 - TAIL of the resamples. */
    public static final double TAIL = 0.025;

    private Excess() {}

    /**
     * The {@value #TAIL} quantile of {@code excess(now_i, reference_i)} over the paired resamples; NaN when
     * neither side has resamples (then only the point values can decide). {@code reference} may be null
     * (a fixed bound), and {@code excess} then gets NaN for it.
     */
    public static double lowerTail(Estimate now, Estimate reference, DoubleBinaryOperator excess) {
        int n = Math.max(now.resampled().length, reference == null ? 0 : reference.resampled().length);
        if (n == 0) {
            return Double.NaN;
        }
        double[] excesses = new double[n];
        for (int i = 0; i < n; i++) {
            excesses[i] = excess.applyAsDouble(now.at(i), reference == null ? Double.NaN : reference.at(i));
        }
        return Quantile.of(excesses, TAIL);
    }

    /**
     * Whether {@code worse} is worse than {@code better} by more than chance: the test a gate applies to
     * a ratio rule "at most 1 x the other" (at least, for rps), so a report ranks apart exactly what such
     * a gate would fail. Without resamples on either side the point values decide.
     */
    public static boolean clearlyWorse(Estimate worse, Estimate better) {
        DoubleBinaryOperator excess = worse.metric().higherIsBetter() ? (w, b) -> b - w : (w, b) -> w - b;
        double pointExcess = excess.applyAsDouble(worse.point(), better.point());
        if (!(pointExcess > 0)) {
            return false;
        }
        double tail = lowerTail(worse, better, excess);
        return Double.isNaN(tail) || tail > 0;
    }
}
