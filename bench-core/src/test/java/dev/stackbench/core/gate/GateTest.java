package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.stats.SyntheticResults;
import dev.stackbench.core.vocabulary.Segment;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Verdicts on synthetic results with the spread real ones have (seconds and runs vary, see
 * {@link SyntheticResults}): runs of the same distribution pass, a regression of a stated size fails,
 * and nothing missing, measured differently or still moving passes silently.
 */
@ChecksBehaviour
class GateTest {

    private static final String APP = "loom-netty/date";

    @Test
    void runsOfTheSameDistributionPassTheDefaultRulesThoughTheyVary() {
        int falseAlarms = 0;
        for (int seed = 0; seed < 20; seed++) {
            RecordedResults baseline =
                    new SyntheticResults(seed).runs(APP, 3, 5, 400, 20, 2).build();
            RecordedResults current = new SyntheticResults(seed + 1000)
                    .runs(APP, 3, 5, 400, 20, 2)
                    .build();
            GateReport report = Gate.check(GateRules.defaults(), baseline, current);
            Check rps = report.checks().stream()
                    .filter(c -> c.metric() == Metric.RPS)
                    .findFirst()
                    .orElseThrow();
            assertThat(rps.current().point())
                    .as("the rps of an A/A pair differs: the data has noise")
                    .isNotEqualTo(rps.reference().point());
            assertThat(rps.current().high() - rps.current().low()).isPositive();
            if (report.failed()) {
                falseAlarms++;
            }
        }
        assertThat(falseAlarms).isZero();
    }

    @Test
    void anRpsDropOf30PercentFailsOnRpsAlone() {
        RecordedResults baseline =
                new SyntheticResults(21).runs(APP, 3, 5, 400, 20, 2).build();
        RecordedResults current =
                new SyntheticResults(22).runs(APP, 3, 5, 280, 20, 2).build();

        GateReport report = Gate.check(GateRules.defaults(), baseline, current);

        assertThat(report.checks())
                .extracting(Check::metric, Check::verdict)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(Metric.P50, Verdict.OK),
                                org.assertj.core.groups.Tuple.tuple(Metric.P99, Verdict.OK),
                        org.assertj.core.groups.Tuple.tuple(Metric.RPS, Verdict.FAIL),
                                org.assertj.core.groups.Tuple.tuple(Metric.ERRORS, Verdict.OK));
        Check rps = report.checks().get(2);
        assertThat(rps.current().point() / rps.reference().point()).isBetween(0.63, 0.77);
        assertThat(rps.excess95()).isPositive();
        assertThat(report.table())
                .containsPattern(
                        APP
                                + " +rps \\(req/s\\) .* -[23]\\d\\.\\d% \\[-\\d+\\.\\d%, -\\d+\\.\\d%\\] +>= \\d+ +baseline -15% +FAIL");
    }

    @Test
    void aDropOf5PercentIsNotA15PercentRegression() {
        RecordedResults baseline =
                new SyntheticResults(23).runs(APP, 3, 5, 400, 20, 2).build();
        RecordedResults current =
                new SyntheticResults(24).runs(APP, 3, 5, 380, 20, 2).build();

        assertThat(Gate.check(GateRules.defaults(), baseline, current).failed()).isFalse();
    }

    @Test
    void aSlowerServerFailsOnLatencyWithTheNumbersInTheTable() {
        RecordedResults baseline =
                new SyntheticResults(1).run(APP, 5, 400, 20, 2, 0).build();
        RecordedResults slower =
                new SyntheticResults(2).run(APP, 5, 400, 30, 2, 0).build();

        GateReport report = Gate.check(GateRules.defaults(), baseline, slower);

        assertThat(report.failed()).isTrue();
        Check p50 = report.checks().stream()
                .filter(c -> c.metric() == Metric.P50)
                .findFirst()
                .orElseThrow();
        assertThat(p50.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(p50.limit()).isEqualTo(p50.reference().point() * 1.15 + 2);
        assertThat(p50.excess95()).isPositive();
        assertThat(report.table())
                .contains(
                        APP, "p50 (ms)", "FAIL", "baseline +15% +2 ms", "4 checks: 2 ok, 0 ok within noise, 2 failed.");
    }

    @Test
    void aCrossingWithinTheSpreadIsNotAFailure() {
        // Three runs per side whose p50 varies between 20 and 30 ms from run to run: a current
        // point 20% above the baseline's is well within that spread.
        RecordedResults baseline = new SyntheticResults(3)
                .run(APP, 3, 200, 20, 1, 0)
                .run(APP, 3, 200, 30, 1, 0)
                .run(APP, 3, 200, 22, 1, 0)
                .build();
        RecordedResults current = new SyntheticResults(4)
                .run(APP, 3, 200, 30, 1, 0)
                .run(APP, 3, 200, 21, 1, 0)
                .run(APP, 3, 200, 31, 1, 0)
                .build();

        GateReport report =
                Gate.check(List.of(new GateRule.BaselineLimit(APP, Metric.P50, 0.10, 0)), baseline, current);

        Check check = report.checks().getFirst();
        assertThat(check.current().point()).isGreaterThan(check.limit());
        assertThat(check.verdict()).isEqualTo(Verdict.WITHIN_NOISE);
        assertThat(check.current().low()).isLessThan(check.limit());
        assertThat(check.current().high()).isGreaterThan(30);
        assertThat(report.failed()).isFalse();
    }

    @Test
    void withoutSpreadThePointValuesDecide() {
        RecordedResults baseline =
                new SyntheticResults(5).summaryRun(APP, 1000, 10, 20, 0).build();
        RecordedResults current =
                new SyntheticResults(6).summaryRun(APP, 800, 10, 20, 0).build();

        GateReport report = Gate.check(GateRules.defaults(), baseline, current);

        Check rps = report.checks().stream()
                .filter(c -> c.metric() == Metric.RPS)
                .findFirst()
                .orElseThrow();
        assertThat(rps.current().hasResamples()).isFalse();
        assertThat(rps.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(rps.limit()).isEqualTo(850.0);
    }

    /** JMH: one fork per side, its iterations the only spread; a 30% lower score fails, a noisy repeat does not. */
    @Test
    void oneJmhForkPerSideIsComparedThroughItsIterations() {
        double[] p50 = {2, 2, 2, 2, 2};
        double[] p99 = {9, 9, 9, 9, 9};
        RecordedResults baseline = new SyntheticResults(30)
                .jmhFork(APP, new double[] {980, 1040, 1010, 950, 1020}, p50, p99)
                .build();
        RecordedResults repeat = new SyntheticResults(31)
                .jmhFork(APP, new double[] {1000, 960, 1050, 990, 1005}, p50, p99)
                .build();
        RecordedResults slower = new SyntheticResults(32)
                .jmhFork(APP, new double[] {690, 720, 700, 680, 710}, p50, p99)
                .build();

        GateReport same = Gate.check(GateRules.defaults(), baseline, repeat);
        GateReport dropped = Gate.check(GateRules.defaults(), baseline, slower);

        assertThat(same.failed()).as(same.table()).isFalse();
        Check rps = dropped.checks().stream()
                .filter(c -> c.metric() == Metric.RPS)
                .findFirst()
                .orElseThrow();
        assertThat(rps.current().hasResamples())
                .as("one fork of five iterations has a spread")
                .isTrue();
        assertThat(rps.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(dropped.table()).contains("steadiness unknown for " + APP);
    }

    @Test
    void newErrorsFailAndFewerDoNot() {
        RecordedResults clean =
                new SyntheticResults(7).run(APP, 3, 100, 10, 1, 0).build();
        RecordedResults failing =
                new SyntheticResults(8).run(APP, 3, 100, 10, 1, 3).build();
        RecordedResults lessFailing =
                new SyntheticResults(9).run(APP, 3, 100, 10, 1, 1).build();
        var rules = List.<GateRule>of(new GateRule.NoNewErrors(GateRule.ALL_TARGETS));

        assertThat(Gate.check(rules, clean, failing).failed()).isTrue();
        assertThat(Gate.check(rules, clean, failing).checks().getFirst().note())
                .isEqualTo("3 failed requests, none in the baseline");
        assertThat(Gate.check(rules, failing, lessFailing).failed()).isFalse();
        assertThat(Gate.check(rules, lessFailing, failing).failed()).isTrue();
        assertThat(Gate.check(List.of(new GateRule.MaxErrors(APP, 0)), null, failing)
                        .failed())
                .isTrue();
    }

    /** A crashed variant must not go green: the baseline's target missing from the current results fails, by name. */
    @Test
    void aTargetOfTheBaselineMissingFromTheCurrentResultsFails() {
        RecordedResults baseline = new SyntheticResults(40)
                .runs("loom-tomcat/date", 1, 4, 300, 10, 1)
                .runs(APP, 1, 4, 300, 10, 1)
                .build();
        RecordedResults current = new SyntheticResults(41)
                .runs("loom-tomcat/date", 1, 4, 300, 10, 1)
                .build();

        GateReport report = Gate.check(GateRules.defaults(), baseline, current);

        assertThat(report.failed()).isTrue();
        assertThat(report.missing()).containsExactly(APP);
        assertThat(report.checks()).allMatch(check -> !check.verdict().fails());
        assertThat(report.table())
                .containsPattern(
                        APP + " +- +present +missing .*FAIL: in the baseline, missing from the current results")
                .contains("; 1 target missing from the current results.");
        // The same when a rule names it.
        var named = List.<GateRule>of(
                new GateRule.BaselineLimit(APP, Metric.P99, 0.15, 2),
                new GateRule.BaselineLimit("loom-tomcat/date", Metric.P99, 0.15, 2));
        assertThat(Gate.check(named, baseline, current).missing()).containsExactly(APP);
    }

    @Test
    void resultsMeasuredDifferentlyAreUnusableUnlessTheChangeIsIntended() {
        RecordedResults baseline = new SyntheticResults(50)
                .setup(Map.of("concurrency", "8", "workloadParams.delayMillis", "20"))
                .runs(APP, 2, 4, 300, 20, 1)
                .build();
        RecordedResults current = new SyntheticResults(51)
                .setup(Map.of("concurrency", "16", "workloadParams.delayMillis", "20"))
                .runs(APP, 2, 4, 300, 20, 1)
                .build();

        assertThatThrownBy(() -> Gate.check(GateRules.defaults(), baseline, current))
                .isInstanceOf(GateInputException.class)
                .hasMessage("measured differently from the baseline (current vs baseline): " + APP
                        + " (concurrency 16 vs 8);" + " if the change is intended, add --allow-different-measurement");
        GateReport allowed = Gate.check(GateRules.defaults(), baseline, current, new GateOptions(true, false));
        assertThat(allowed.notes())
                .contains(APP + ": measured differently from the baseline (concurrency 16 vs 8), compared as"
                        + " --allow-different-measurement asks");
    }

    /** Comparing moving numbers says nothing: a non-steady window fails baseline comparisons as "not steady", unless allowed. */
    @Test
    void aWindowThatWasNotSteadyFailsItsBaselineComparisons() {
        var steady = new RunResult.Steadiness(true, "rps +0.4%, p50 -0.2% from first to last third", 0.4, -0.2);
        var moving = new RunResult.Steadiness(false, "rps +18.0% from first to last third", 18.0, -1.0);
        RecordedResults baseline = new SyntheticResults(60)
                .steadiness(steady)
                .runs(APP, 2, 5, 400, 20, 2)
                .build();
        RecordedResults current = new SyntheticResults(61)
                .steadiness(moving)
                .runs(APP, 2, 5, 400, 20, 2)
                .build();
        RecordedResults unknown = new SyntheticResults(61)
                .steadiness(null)
                .runs(APP, 2, 5, 400, 20, 2)
                .build();
        var rules =
                List.<GateRule>of(new GateRule.BaselineLimit(APP, Metric.P50, 0.15, 2), new GateRule.NoNewErrors(APP));
        var p50Only = List.<GateRule>of(new GateRule.BaselineLimit(APP, Metric.P50, 0.15, 2));

        GateReport report = Gate.check(rules, baseline, current);

        assertThat(report.failed()).isTrue();
        assertThat(report.checks()).extracting(Check::verdict).containsExactly(Verdict.NOT_STEADY, Verdict.OK);
        assertThat(report.table())
                .contains("FAIL, not steady: current 2 of 2 runs not steady (" + APP
                        + " run 1: rps +18.0% from first to last third; ")
                .contains("2 checks: 1 ok, 0 ok within noise, 0 failed, 1 not steady.")
                .contains("note: " + APP + ": current 2 of 2 runs not steady");
        assertThat(Gate.check(p50Only, baseline, current).failed()).isTrue();

        GateReport allowed = Gate.check(rules, baseline, current, new GateOptions(false, true));
        assertThat(allowed.failed()).as(allowed.table()).isFalse();
        assertThat(allowed.checks().getFirst().note()).isEqualTo("not steady, compared as --allow-unsteady asks");

        GateReport old = Gate.check(rules, baseline, unknown);
        assertThat(old.failed())
                .as("unknown steadiness (older results) is a note, not a failure")
                .isFalse();
        assertThat(old.notes()).anyMatch(note -> note.startsWith("steadiness unknown for " + APP));
    }

    /** Missing data never passes: a current result that lost an agent fails its checks as partial; a partial baseline is refused. */
    @Test
    void aPartialResultFailsItsTargetAndAPartialBaselineIsRefused() {
        var lost = new RunResult.Agents(
                true,
                "same JVM",
                List.of(
                        new RunResult.Agent(
                                "agent-a", new Segment(0, 2), true, null, 0, 0.2, 0.0, 100L, 100L, 100L, 0L, 0.1),
                        new RunResult.Agent(
                                "agent-b",
                                new Segment(1, 2),
                                false,
                                "left the cluster 1.0 s after the start",
                                0,
                                0.2,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null)));
        RecordedResults whole =
                new SyntheticResults(70).runs(APP, 2, 5, 400, 20, 2).build();
        RecordedResults partial = new SyntheticResults(71)
                .agents(lost)
                .runs(APP, 2, 5, 400, 20, 2)
                .build();

        GateReport report = Gate.check(GateRules.defaults(), whole, partial);

        assertThat(report.failed()).isTrue();
        assertThat(report.checks()).extracting(Check::verdict).containsOnly(Verdict.FAIL);
        assertThat(report.checks().getFirst().note())
                .startsWith(APP + " PARTIAL: 2 of 2 runs lost part of its load (" + APP
                        + " run 1: agent agent-b (segment 1/2) lost;");
        assertThat(Gate.check(List.of(new GateRule.MaxErrors(APP, 1_000)), null, partial)
                        .failed())
                .as("rules without a baseline too")
                .isTrue();
        assertThatThrownBy(() -> Gate.check(GateRules.defaults(), partial, whole))
                .isInstanceOf(GateInputException.class)
                .hasMessageStartingWith("baseline " + APP
                        + " is a partial result, not a baseline: PARTIAL: 2 of 2 runs lost part of its load");
    }

    @Test
    void ratiosBetweenTargetsOfTheSameResults() {
        RecordedResults current = new SyntheticResults(10)
                .run("loom-netty/date", 4, 300, 100, 2, 0)
                .run("webflux-netty/date", 4, 300, 100, 1, 0)
                .run("platform-tomcat/date", 4, 80, 100, 1, 0)
                .build();
        var holds = GateRule.RatioLimit.worseAtMost("loom-netty/date", Metric.P99, "webflux-netty/date", 1.3);
        var broken = GateRule.RatioLimit.worseAtMost("webflux-netty/date", Metric.RPS, "platform-tomcat/date", 6);

        GateReport report = Gate.check(List.of(holds, broken), null, current);

        assertThat(report.checks()).extracting(Check::verdict).containsExactly(Verdict.OK, Verdict.FAIL);
        assertThat(report.table()).contains("<= 1.3 x webflux-netty/date", ">= 6 x platform-tomcat/date");
    }

    @Test
    void aThroughputBoundHoldsWithinItsToleranceOnBothSides() {
        RecordedResults current = new SyntheticResults(11)
                .run("platform-tomcat/date", 5, 78, 100, 1, 0)
                .build();
        var bound = new GateRule.StatedBound("platform-tomcat/date", 8, 100, 0.10);
        var tooLow = new GateRule.StatedBound("platform-tomcat/date", 10, 100, 0.10);
        var tooHigh = new GateRule.StatedBound("platform-tomcat/date", 6, 100, 0.10);

        assertThat(Gate.check(List.of(bound), null, current).checks().getFirst().verdict())
                .isEqualTo(Verdict.OK);
        assertThat(Gate.check(List.of(tooLow), null, current).failed()).isTrue();
        Check high = Gate.check(List.of(tooHigh), null, current).checks().getFirst();
        assertThat(high.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(high.note()).contains("faster than the bound allows");
    }

    @Test
    void unusableCombinationsAreInputErrorsThatSayWhy() {
        RecordedResults one = new SyntheticResults(12).run("a", 2, 50, 10, 1, 0).build();
        RecordedResults other =
                new SyntheticResults(13).run("b", 2, 50, 10, 1, 0).build();

        assertThatThrownBy(() -> Gate.check(GateRules.defaults(), one, other))
                .isInstanceOf(GateInputException.class)
                .hasMessage("nothing comparable: the baseline has a, the current results have b");
        assertThatThrownBy(() -> Gate.check(GateRules.defaults(), null, other))
                .isInstanceOf(GateInputException.class)
                .hasMessageStartingWith("no baseline given, but the rule 'p50 baseline +15% +2 ms' compares with one");
        assertThatThrownBy(() -> Gate.check(List.of(new GateRule.ResultBound("b", 0.1)), null, other))
                .isInstanceOf(GateInputException.class)
                .hasMessage(
                        "the rule 'b rps its own bound +-10%' needs a bound, but b's result implies none (no pool or user limit with a delay)");
        assertThatThrownBy(() ->
                        Gate.check(List.of(GateRule.RatioLimit.worseAtMost("b", Metric.P99, "c", 2)), null, other))
                .isInstanceOf(GateInputException.class)
                .hasMessage("the rule 'b p99 <= 2 x c' names 'c', which is not in the current results (b)");
    }

    @Test
    void theSameFilesGiveTheSameVerdictEveryTime() {
        RecordedResults baseline =
                new SyntheticResults(14).run(APP, 4, 300, 20, 3, 0).build();
        RecordedResults current =
                new SyntheticResults(15).run(APP, 4, 300, 23, 3, 0).build();

        String first = Gate.check(GateRules.defaults(), baseline, current).table();

        assertThat(Gate.check(GateRules.defaults(), baseline, current).table()).isEqualTo(first);
    }
}
