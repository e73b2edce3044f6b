package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.gate.ComparisonGate.Decision;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
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

    @Test
    void notDecidedNeitherPassesNorFails() {
        assertThat(Verdict.NOT_DECIDED.fails()).isFalse();
        assertThat(Verdict.NOT_DECIDED).hasToString("NOT DECIDED");
    }

    private static Verdict verdict(Metric metric, double low, double high, Decision decision) {
        return ComparisonGate.notWorse(metric, low, high, FIVE_PERCENT, decision);
    }
}
