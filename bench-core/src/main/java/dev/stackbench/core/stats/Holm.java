package dev.stackbench.core.stats;

import java.util.Comparator;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.IntStream;

/**
 * Holm's step-down correction for testing several hypotheses at once (here: every pair of variants), so that
 * the chance of declaring any difference that is not there stays at most {@code alpha}. The smallest p-value is
 * tested at {@code alpha/m}, the next at {@code alpha/(m-1)}, and so on, until one is not rejected; it and all
 * after it are kept.
 *
 * <p>{@link Decision#level()} is the family-wise level each hypothesis was tested at, so an interval at confidence
 * {@code 1 - level} agrees with the decision: it excludes "no difference" exactly when the hypothesis was rejected.
 * Hypotheses after the first one kept are given that one's level (their p-values are at least as large, so their
 * intervals include "no difference" too).
 *
 * <p>In a sequential analysis every share of alpha ({@code alpha/m}, {@code alpha/(m-1)}, ...) is itself spent over the
 * looks, and a look tests against its nominal level for that share ({@link #decide(double[], double,
 * DoubleUnaryOperator)}, with {@link GroupSequential}): the group-sequential Holm procedure (Maurer and Bretz 2013, Ye et
 * al. 2013), which keeps the chance of any false difference over all pairs and all looks at most {@code alpha}.
 *
 * <pre>{@code
 * Holm.Decision[] decisions = Holm.decide(new double[]{0.001, 0.04, 0.2}, 0.05);
 * decisions[0].rejected();      // true: tested at 0.05/3
 * decisions[1].rejected();      // false: 0.04 > 0.05/2
 * }</pre>
 */
public final class Holm {

    /** @param level the share of alpha this hypothesis was tested at; @param rejected whether it was */
    public record Decision(double level, boolean rejected) {}

    private Holm() {}

    /** One decision per p-value, in the order given: a single look. */
    public static Decision[] decide(double[] pValues, double alpha) {
        return decide(pValues, alpha, DoubleUnaryOperator.identity());
    }

    /**
     * One decision per p-value, in the order given, at one look of a sequential analysis.
     *
     * @param levelOf the nominal level at which this look tests a hypothesis whose share of alpha over all looks is the
     *                argument ({@code alpha/(m - rank)}); the identity for a single look
     */
    public static Decision[] decide(double[] pValues, double alpha, DoubleUnaryOperator levelOf) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be between 0 and 1, got " + alpha);
        }
        int m = pValues.length;
        Integer[] order = IntStream.range(0, m)
                .boxed()
                .sorted(Comparator.comparingDouble(i -> pValues[i]))
                .toArray(Integer[]::new);
        var decisions = new Decision[m];
        boolean stopped = false;
        double stopLevel = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            double level = levelOf.applyAsDouble(alpha / (m - rank));
            if (!stopped && pValues[i] <= level) {
                decisions[i] = new Decision(level, true);
            } else {
                if (!stopped) {
                    stopped = true;
                    stopLevel = level;
                }
                decisions[i] = new Decision(stopLevel, false);
            }
        }
        return decisions;
    }
}
