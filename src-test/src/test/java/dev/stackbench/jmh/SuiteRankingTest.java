package dev.stackbench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JMH suite's ranking from forks measured round by round, on synthetic scores whose truth is known. */
@ChecksBehaviour
class SuiteRankingTest {

    /** The machine's speed in each round: it moves by far more than the approaches differ. */
    private static final double[] MACHINE = {1.0, 0.6, 1.4, 0.8, 1.2};

    /** Each fork's own luck, small: a JVM's offset of about 1%. */
    private static final double[][] LUCK = {
        {1.01, 0.99, 1.00}, {0.99, 1.01, 1.005}, {1.00, 1.005, 0.99}, {1.005, 1.00, 1.01}, {0.995, 0.995, 1.00}
    };

    @Test
    void forksAreComparedWithinTheirRoundSoTheMachinesSpeedCancels() {
        var ranking = new SuiteRanking();
        String[] approaches = {"fast", "slow", "slow-too"};
        double[] truth = {1.2, 1.0, 1.0};
        for (int r = 0; r < MACHINE.length; r++) {
            for (int a = 0; a < approaches.length; a++) {
                double rps = 40_000 * truth[a] * MACHINE[r] * LUCK[r][a];
                // latency the other way round: the faster approach answers sooner
                double p99 = 5 / (truth[a] * MACHINE[r] * LUCK[r][a]);
                ranking.fork(r + 1, "date", approaches[a], Map.of(Metric.RPS, rps, Metric.P99, p99));
            }
        }

        List<MetricVerdict> verdicts = ranking.verdicts().get("date");
        MetricVerdict rps = verdicts.getFirst();
        assertThat(rps.metric()).isEqualTo(Metric.RPS);
        assertThat(rps.rounds()).isEqualTo(MACHINE.length);
        assertThat(rps.groups().getFirst()).containsExactly("fast");
        assertThat(rps.groups().get(1)).containsExactlyInAnyOrder("slow", "slow-too");
        PairVerdict fastOverSlow = rps.pair("fast", "slow").orElseThrow();
        assertThat(fastOverSlow.outcome()).isEqualTo(PairVerdict.Outcome.DIFFERENT);
        // 1.2 within the machine's 0.6 to 1.4: only a comparison within each round finds it this close
        assertThat(fastOverSlow.ratio()).isBetween(1.17, 1.23);
        assertThat(fastOverSlow.low()).isGreaterThan(1.1);
        assertThat(rps.pair("slow", "slow-too").orElseThrow().outcome()).isNotEqualTo(PairVerdict.Outcome.DIFFERENT);

        MetricVerdict p99 = verdicts.get(1);
        assertThat(p99.metric()).isEqualTo(Metric.P99);
        assertThat(p99.groups().getFirst()).containsExactly("fast"); // lower is better
        assertThat(p99.pair("fast", "slow").orElseThrow().outcome()).isEqualTo(PairVerdict.Outcome.DIFFERENT);

        assertThat(ranking.text())
                .contains(
                        "Ranking on date, requests/s (higher is better), 5 rounds of one JVM per approach",
                        "Ranking on date, p99 ms (lower is better)",
                        "  1. fast (")
                .containsPattern("fast 1\\.\\d{3}x slow \\[");
    }

    @Test
    void aRoundWithAFailedForkIsLeftOutForEveryApproach() {
        var ranking = new SuiteRanking();
        for (int r = 1; r <= 3; r++) {
            ranking.fork(r, "date", "a", Map.of(Metric.RPS, 100.0 * r));
            if (r != 2) { // b's fork of round 2 gave no result
                ranking.fork(r, "date", "b", Map.of(Metric.RPS, 90.0 * r));
            }
        }
        MetricVerdict rps = ranking.verdicts().get("date").getFirst();
        assertThat(rps.rounds()).isEqualTo(2);
        // JMH without stackbench's latency profiler gives no p99: that metric is not ranked, not ranked on nothing
        assertThat(ranking.verdicts().get("date")).hasSize(1);
        // a metric left with fewer than 2 complete rounds is no ranking, and says so
        ranking.fork(1, "date", "a", Map.of(Metric.RPS, 100.0, Metric.P99, 5.0));
        ranking.fork(1, "date", "b", Map.of(Metric.RPS, 90.0, Metric.P99, 6.0));
        assertThat(ranking.text())
                .contains("Ranking on date, requests/s (higher is better), 2 rounds")
                .contains("No ranking on date, p99 ms: 1 complete round(s), a fork without a value leaving its round"
                        + " out; it needs 2")
                .doesNotContain("Ranking on date, p99");
    }

    @Test
    void onlyBenchmarksThatDifferInTheApproachAreRankedTogether() {
        var ranking = new SuiteRanking();
        for (int r = 1; r <= 2; r++) {
            for (String workload : List.of("date", "crud")) {
                ranking.fork(r, workload, "a", Map.of(Metric.RPS, 100.0 + r));
                ranking.fork(r, workload, "b", Map.of(Metric.RPS, 50.0 + r));
            }
        }
        var verdicts = ranking.verdicts();
        assertThat(verdicts).containsOnlyKeys("date", "crud");
        assertThat(verdicts.get("crud").getFirst().pairs()).hasSize(1);
    }

    @Test
    void oneRoundIsNoRankingAndSaysWhy() {
        var ranking = new SuiteRanking();
        ranking.fork(1, "date", "a", Map.of(Metric.RPS, 100.0));
        ranking.fork(1, "date", "b", Map.of(Metric.RPS, 50.0));
        assertThat(ranking.verdicts()).isEmpty();
        assertThat(ranking.text())
                .contains("No ranking: it needs at least 2 rounds (each approach in 2 JVMs of its own)")
                .contains("1 round(s) measured");
    }
}
