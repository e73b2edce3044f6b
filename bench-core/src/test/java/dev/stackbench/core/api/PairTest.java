package dev.stackbench.core.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a user's test asserts on: a pair read in the order the test names it, its direction by the metric, and the
 * assertions that fail with the pair in words. Verdicts come from the real analysis of synthetic rounds whose ratios
 * are known.
 */
@ChecksBehaviour
class PairTest {

    private static final PairedAnalysis.Settings SETTINGS = new PairedAnalysis.Settings(0.95, 0.02);

    /** Six rounds of two variants: {@code fast} at {@code ratio} times {@code slow}'s value, with a little noise. */
    private static Verdict verdict(Metric metric, double ratio) {
        double[] noise = {1.00, 1.02, 0.99, 1.01, 0.98, 1.00};
        double[][] values = new double[noise.length][];
        for (int r = 0; r < noise.length; r++) {
            values[r] = new double[] {100 * ratio * noise[r], 100 * noise[(r + 3) % noise.length]};
        }
        return new Verdict(PairedAnalysis.of(metric, List.of("fast", "slow"), values, SETTINGS));
    }

    @Test
    void aPairReadsInTheOrderTheTestNamesIt() {
        Verdict rps = verdict(Metric.RPS, 3);

        Pair fastOverSlow = rps.pair("fast", "slow");
        Pair slowOverFast = rps.pair("slow", "fast");

        assertThat(fastOverSlow.ratio()).isBetween(2.8, 3.2);
        assertThat(slowOverFast.ratio()).isEqualTo(1 / fastOverSlow.ratio());
        assertThat(slowOverFast.low()).isEqualTo(1 / fastOverSlow.high());
        assertThat(fastOverSlow.outcome()).isEqualTo(PairVerdict.Outcome.DIFFERENT);
        assertThat(fastOverSlow.isBetter()).isTrue();
        assertThat(slowOverFast.isWorse()).isTrue();
        assertThat(fastOverSlow.toString()).startsWith("fast 3.").contains("x slow on rps [", ": different");
    }

    @Test
    void betterReadsTheMetricsDirection() {
        // On a latency, three times the value is worse.
        Pair p99 = verdict(Metric.P99, 3).pair("fast", "slow");

        assertThat(p99.isWorse()).isTrue();
        assertThat(p99.isBetter()).isFalse();
        assertThat(verdict(Metric.P99, 3).pair("slow", "fast").assertBetterBy(2).isBetter())
                .isTrue();
    }

    @Test
    void assertionsFailWithThePairInWords() {
        Pair pair = verdict(Metric.RPS, 3).pair("fast", "slow");

        assertThat(pair.assertBetter().assertBetterBy(2)).isSameAs(pair);
        assertThatThrownBy(() -> pair.assertBetterBy(4))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith(
                        "expected fast better than slow by at least 4.000x on rps over the whole interval, but fast 3.");
        assertThatThrownBy(() -> verdict(Metric.RPS, 3).pair("slow", "fast").assertBetter())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected slow better than fast on rps, but slow 0.3");
        assertThatThrownBy(() -> pair.assertBetterBy(0.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("factor must be 1 or more (2 is twice as good), got 0.5");
    }

    @Test
    void notWorseIsTheGatesDecisionOnTheInterval() {
        // 10% fewer requests/s: worse by more than 5% over the whole interval; by 10% within noise; not by more than
        // 20%.
        Pair slower = verdict(Metric.RPS, 0.90).pair("fast", "slow");

        assertThat(slower.high()).isLessThan(0.95);
        assertThat(slower.low()).isLessThan(0.90).isGreaterThan(0.80);
        assertThat(slower.high()).isGreaterThan(0.90);
        assertThat(slower.isNotWorseBy(20)).isTrue();
        assertThat(slower.isNotWorseBy(10))
                .as("the interval straddles the limit: within noise")
                .isTrue();
        assertThat(slower.isNotWorseBy(5)).isFalse();
        assertThat(slower.assertNotWorseBy(20)).isSameAs(slower);
        assertThatThrownBy(() -> slower.assertNotWorseBy(5))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("expected fast not worse than slow by more than 5% on rps, but fast 0.9");
        assertThatThrownBy(() -> slower.isNotWorseBy(100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("percent must be from 0 to below 100, got 100.0");
    }

    @Test
    void aPairTheComparisonDoesNotHaveIsNamed() {
        assertThatThrownBy(() -> verdict(Metric.RPS, 3).pair("fast", "virtual"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no pair of 'fast' and 'virtual' on rps; the variants are fast, slow");
    }
}
