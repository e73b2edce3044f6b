package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.StopRule;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.gate.ComparisonGate.Decision;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Head is not worse than base by more than 5%" on a paired interval of head over base: wholly within the limit passes,
 * wholly past it fails, and one that straddles it is "ok, within noise" for a tool's gate but NOT DECIDED for a check.
 */
@ChecksBehaviour
class ComparisonGateDecisionTest {

    private static final double FIVE_PERCENT = 0.05;

    @Test
    void requestsPerSecondHigherIsBetter() {
        // bound 0.95
        assertThat(verdict(Metric.RPS, 0.96, 1.04, Decision.REQUIRED)).isEqualTo(Verdict.OK);
        assertThat(verdict(Metric.RPS, 0.80, 0.94, Decision.REQUIRED)).isEqualTo(Verdict.FAIL);
        assertThat(verdict(Metric.RPS, 0.90, 1.02, Decision.REQUIRED)).isEqualTo(Verdict.NOT_DECIDED);
        assertThat(verdict(Metric.RPS, 0.90, 1.02, Decision.WITHIN_NOISE_PASSES))
                .isEqualTo(Verdict.WITHIN_NOISE);
    }

    @Test
    void latencyAndCpuLowerIsBetter() {
        // bound 1.05
        assertThat(verdict(Metric.CPU_PER_REQUEST, 0.97, 1.04, Decision.REQUIRED))
                .isEqualTo(Verdict.OK);
        assertThat(verdict(Metric.CPU_PER_REQUEST, 1.06, 1.20, Decision.REQUIRED))
                .isEqualTo(Verdict.FAIL);
        assertThat(verdict(Metric.P99, 1.00, 1.09, Decision.REQUIRED)).isEqualTo(Verdict.NOT_DECIDED);
        assertThat(verdict(Metric.P99, 1.00, 1.09, Decision.WITHIN_NOISE_PASSES))
                .isEqualTo(Verdict.WITHIN_NOISE);
    }

    /**
     * A check stops its comparison when head against base is decided against the limit, not when the pair merely
     * differs: head 1.10x base's CPU per request [1.02, 1.19] differs, but straddles 5%, so the comparison goes on
     * (CI once stopped a check there, "not decided" in a run that more rounds would have decided).
     */
    @Test
    void aCheckStopsWhenHeadIsDecidedAgainstTheLimitNotWhenItDiffers() {
        var rule = new ComparisonGate.StopAtLimit(ComparisonGate.Limit.parse("head:base:5%"));
        // base is better on CPU per request (lower): first = base, ratio base/head
        var differsButStraddles = verdict(
                Metric.CPU_PER_REQUEST,
                pair("base", "head", 1 / 1.10, 1 / 1.19, 1 / 1.02, PairVerdict.Outcome.DIFFERENT));
        assertThat(StopRule.EVERY_PAIR.decided(List.of(differsButStraddles), null))
                .isTrue();
        assertThat(rule.decided(List.of(differsButStraddles), null)).isFalse();

        var pastTheLimit = verdict(
                Metric.CPU_PER_REQUEST,
                pair("base", "head", 1 / 1.20, 1 / 1.30, 1 / 1.08, PairVerdict.Outcome.DIFFERENT));
        assertThat(rule.decided(List.of(pastTheLimit), null)).isTrue();
        // head better, within the limit though not equivalent within compare's margin: answered, not worse
        var withinTheLimit = verdict(Metric.RPS, pair("head", "base", 1.01, 0.97, 1.06, PairVerdict.Outcome.UNDECIDED));
        assertThat(StopRule.EVERY_PAIR.decided(List.of(withinTheLimit), null)).isFalse();
        assertThat(rule.decided(List.of(withinTheLimit), null)).isTrue();
        // every deciding metric must be answered
        assertThat(rule.decided(List.of(withinTheLimit, differsButStraddles), null))
                .isFalse();
        assertThat(rule.labels()).containsExactly("head", "base");
        assertThat(rule.words()).isEqualTo("--decide-not-worse head:base:5%");
    }

    /**
     * An A/A control declared different (base-aa 0.979x base [0.961, 0.998], CI, one JVM per build) doubts a check's
     * verdict only when its offset could move it: as large as the limit, or larger than the distance from a check's
     * interval to its bound on the control's metric.
     */
    @Test
    void anAaControlDeclaredDifferentDoubtsOnlyTheVerdictsItsOffsetCouldMove() {
        var limit = ComparisonGate.Limit.parse("head:base:30%");
        var aa = new dev.stackbench.core.compare.ComparisonResult.Aa(
                "base-aa",
                "base",
                Metric.SERVER_CPU_PER_REQUEST,
                pair("base-aa", "base", 0.979, 0.961, 0.998, PairVerdict.Outcome.DIFFERENT));
        // head 0.993x base [0.873, 1.131] against a bound of 1.3: 13% away, the control's offset 4%
        var farFromTheBound = check(limit, Metric.SERVER_CPU_PER_REQUEST, 0.873, 1.131);
        assertThat(ComparisonGate.movesAVerdict(aa, List.of(farFromTheBound))).isFalse();
        // an interval ending 2% from the bound: the control's 4% could move it
        var nearTheBound = check(limit, Metric.SERVER_CPU_PER_REQUEST, 1.05, 1.27);
        assertThat(ComparisonGate.movesAVerdict(aa, List.of(nearTheBound))).isTrue();
        // a control as far off as the limit doubts every verdict
        var wideAa = new dev.stackbench.core.compare.ComparisonResult.Aa(
                "base-aa",
                "base",
                Metric.SERVER_CPU_PER_REQUEST,
                pair("base-aa", "base", 0.7, 0.6, 0.8, PairVerdict.Outcome.DIFFERENT));
        assertThat(ComparisonGate.movesAVerdict(wideAa, List.of(farFromTheBound)))
                .isTrue();
        // no check on the control's metric: the doubt stands
        assertThat(ComparisonGate.movesAVerdict(aa, List.of(check(limit, Metric.RPS, 0.98, 1.02))))
                .isTrue();
    }

    private static ComparisonGate.Check check(ComparisonGate.Limit limit, Metric metric, double low, double high) {
        double worseBy = limit.worseBy();
        return new ComparisonGate.Check(
                limit,
                metric,
                Math.sqrt(low * high),
                low,
                high,
                ComparisonGate.bound(metric, worseBy),
                ComparisonGate.notWorse(metric, low, high, worseBy, Decision.REQUIRED),
                "");
    }

    private static MetricVerdict verdict(Metric metric, PairVerdict pair) {
        return new MetricVerdict(metric, 5, null, List.of(), List.of(pair), List.of());
    }

    private static PairVerdict pair(
            String first, String second, double ratio, double low, double high, PairVerdict.Outcome outcome) {
        return new PairVerdict(first, second, ratio, low, high, 0.99, 0.01, 0.02, outcome);
    }

    @Test
    void notDecidedNeitherPassesNorFails() {
        assertThat(Verdict.NOT_DECIDED.fails()).isFalse();
        assertThat(Verdict.NOT_DECIDED).hasToString("NOT DECIDED");
    }

    private static Verdict verdict(Metric metric, double low, double high, Decision decision) {
        return ComparisonGate.notWorse(metric, low, high, FIVE_PERCENT, decision);
    }
}
