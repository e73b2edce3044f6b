package dev.stackbench.core.api;

import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.result.Metric;
import java.util.List;
import java.util.Objects;

/**
 * The variants of a comparison on one metric: each pair's ratio with its interval ({@link #pair}), and the ordered
 * groups of variants that no test told apart.
 *
 * @param verdict the analysis as comparison.json holds it
 */
public record Verdict(MetricVerdict verdict) {

    public Verdict {
        Objects.requireNonNull(verdict, "verdict");
    }

    public Metric metric() {
        return verdict.metric();
    }

    /** Best first; the variants of a group are tied. */
    public List<List<String>> groups() {
        return verdict.groups();
    }

    /**
     * The pair of {@code a} and {@code b}, as {@code a} over {@code b}: a ratio of 2 on requests/s means {@code a}
     * served twice as many.
     *
     * @throws IllegalArgumentException naming the labels when the comparison has no such pair
     */
    public Pair pair(String a, String b) {
        PairVerdict pair = verdict.pair(a, b)
                .orElseThrow(() -> new IllegalArgumentException("no pair of '" + a + "' and '" + b
                        + "' on " + verdict.metric().id() + "; the variants are "
                        + String.join(
                                ", ",
                                verdict.variants().stream()
                                        .map(MetricVerdict.VariantScore::label)
                                        .toList())));
        boolean aFirst = pair.first().equals(a);
        return new Pair(
                verdict.metric(),
                a,
                b,
                aFirst ? pair.ratio() : 1 / pair.ratio(),
                aFirst ? pair.low() : 1 / pair.high(),
                aFirst ? pair.high() : 1 / pair.low(),
                pair.confidence(),
                pair.outcome());
    }
}
