package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class GateTest {

    private static final String APP = "loom-netty/date";

    @Test
    void theSameDistributionPassesTheDefaultRules() {
        int falseAlarms = 0;
        for (int seed = 0; seed < 20; seed++) {
            Results baseline = new SyntheticResults(seed).run(APP, 5, 400, 20, 2, 0).build();
            Results current = new SyntheticResults(seed + 1000).run(APP, 5, 400, 20, 2, 0).build();
            if (Gate.check(GateRules.defaults(), baseline, current).failed()) {
                falseAlarms++;
            }
        }
        assertThat(falseAlarms).isZero();
    }

    @Test
    void aSlowerServerFailsOnLatencyWithTheNumbersInTheTable() {
        Results baseline = new SyntheticResults(1).run(APP, 5, 400, 20, 2, 0).build();
        Results slower = new SyntheticResults(2).run(APP, 5, 400, 30, 2, 0).build();

        GateReport report = Gate.check(GateRules.defaults(), baseline, slower);

        assertThat(report.failed()).isTrue();
        Check p50 = report.checks().stream().filter(c -> c.metric() == GateMetric.P50).findFirst().orElseThrow();
        assertThat(p50.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(p50.limit()).isBetween(21 * 1.15 + 2 - 0.5, 21 * 1.15 + 2 + 0.5);
        assertThat(p50.excess95()).isPositive();
        assertThat(report.table()).contains(APP, "p50 (ms)", "FAIL", "baseline +15% +2 ms", "4 checks: 2 ok, 0 ok within noise, 2 failed.");
    }

    @Test
    void aCrossingWithinTheSpreadIsNotAFailure() {
        // Three runs per side whose p50 varies between 20 and 30 ms from run to run: a current
        // point 20% above the baseline's is well within that spread.
        Results baseline = new SyntheticResults(3).run(APP, 3, 200, 20, 1, 0).run(APP, 3, 200, 30, 1, 0).run(APP, 3, 200, 22, 1, 0).build();
        Results current = new SyntheticResults(4).run(APP, 3, 200, 30, 1, 0).run(APP, 3, 200, 21, 1, 0).run(APP, 3, 200, 31, 1, 0).build();

        GateReport report = Gate.check(List.of(new GateRule.BaselineLimit(APP, GateMetric.P50, 0.10, 0)), baseline, current);

        Check check = report.checks().getFirst();
        assertThat(check.current().point()).isGreaterThan(check.limit());
        assertThat(check.verdict()).isEqualTo(Verdict.WITHIN_NOISE);
        assertThat(check.current().runMin()).isLessThan(22).isGreaterThan(20);
        assertThat(check.current().runMax()).isGreaterThan(31);
        assertThat(report.failed()).isFalse();
    }

    @Test
    void withoutSpreadThePointValuesDecide() {
        Results baseline = new SyntheticResults(5).summaryRun(APP, 1000, 10, 20, 0).build();
        Results current = new SyntheticResults(6).summaryRun(APP, 800, 10, 20, 0).build();

        GateReport report = Gate.check(GateRules.defaults(), baseline, current);

        Check rps = report.checks().stream().filter(c -> c.metric() == GateMetric.RPS).findFirst().orElseThrow();
        assertThat(rps.current().hasSpread()).isFalse();
        assertThat(rps.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(rps.limit()).isEqualTo(850.0);
    }

    @Test
    void newErrorsFailAndFewerDoNot() {
        Results clean = new SyntheticResults(7).run(APP, 3, 100, 10, 1, 0).build();
        Results failing = new SyntheticResults(8).run(APP, 3, 100, 10, 1, 3).build();
        Results lessFailing = new SyntheticResults(9).run(APP, 3, 100, 10, 1, 1).build();
        var rules = List.<GateRule>of(new GateRule.NoNewErrors(GateRule.ALL_TARGETS));

        assertThat(Gate.check(rules, clean, failing).failed()).isTrue();
        assertThat(Gate.check(rules, clean, failing).checks().getFirst().note()).isEqualTo("3 failed requests, none in the baseline");
        assertThat(Gate.check(rules, failing, lessFailing).failed()).isFalse();
        assertThat(Gate.check(rules, lessFailing, failing).failed()).isTrue();
        assertThat(Gate.check(List.of(new GateRule.MaxErrors(APP, 0)), null, failing).failed()).isTrue();
    }

    @Test
    void ratiosBetweenTargetsOfTheSameResults() {
        Results current = new SyntheticResults(10)
                .run("loom-netty/date", 4, 300, 100, 2, 0)
                .run("webflux-netty/date", 4, 300, 100, 1, 0)
                .run("platform-tomcat/date", 4, 80, 100, 1, 0)
                .build();
        var holds = GateRule.RatioLimit.worseAtMost("loom-netty/date", GateMetric.P99, "webflux-netty/date", 1.3);
        var broken = GateRule.RatioLimit.worseAtMost("webflux-netty/date", GateMetric.RPS, "platform-tomcat/date", 6);

        GateReport report = Gate.check(List.of(holds, broken), null, current);

        assertThat(report.checks()).extracting(Check::verdict).containsExactly(Verdict.OK, Verdict.FAIL);
        assertThat(report.table()).contains("<= 1.3 x webflux-netty/date", ">= 6 x platform-tomcat/date");
    }

    @Test
    void aThroughputBoundHoldsWithinItsToleranceOnBothSides() {
        Results current = new SyntheticResults(11).run("platform-tomcat/date", 5, 78, 100, 1, 0).build();
        var bound = new GateRule.StatedBound("platform-tomcat/date", 8, 100, 0.10);
        var tooLow = new GateRule.StatedBound("platform-tomcat/date", 10, 100, 0.10);
        var tooHigh = new GateRule.StatedBound("platform-tomcat/date", 6, 100, 0.10);

        assertThat(Gate.check(List.of(bound), null, current).checks().getFirst().verdict()).isEqualTo(Verdict.OK);
        assertThat(Gate.check(List.of(tooLow), null, current).failed()).isTrue();
        Check high = Gate.check(List.of(tooHigh), null, current).checks().getFirst();
        assertThat(high.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(high.note()).contains("faster than the bound allows");
    }

    @Test
    void unusableCombinationsAreInputErrorsThatSayWhy() {
        Results one = new SyntheticResults(12).run("a", 2, 50, 10, 1, 0).build();
        Results other = new SyntheticResults(13).run("b", 2, 50, 10, 1, 0).build();

        assertThatThrownBy(() -> Gate.check(GateRules.defaults(), one, other))
                .isInstanceOf(GateInputException.class).hasMessage("nothing comparable: the baseline has a, the current results have b");
        assertThatThrownBy(() -> Gate.check(GateRules.defaults(), null, other))
                .isInstanceOf(GateInputException.class).hasMessageStartingWith("no baseline given, but the rule 'p50 baseline +15% +2 ms' compares with one");
        assertThatThrownBy(() -> Gate.check(List.of(new GateRule.ResultBound("b", 0.1)), null, other))
                .isInstanceOf(GateInputException.class)
                .hasMessage("the rule 'b rps its own bound +-10%' needs a bound, but b's result implies none (no pool or user limit with a delay)");
        assertThatThrownBy(() -> Gate.check(List.of(GateRule.RatioLimit.worseAtMost("b", GateMetric.P99, "c", 2)), null, other))
                .isInstanceOf(GateInputException.class).hasMessage("the rule 'b p99 <= 2 x c' names 'c', which is not in the current results (b)");
    }

    @Test
    void theSameFilesGiveTheSameVerdictEveryTime() {
        Results baseline = new SyntheticResults(14).run(APP, 4, 300, 20, 3, 0).build();
        Results current = new SyntheticResults(15).run(APP, 4, 300, 23, 3, 0).build();

        String first = Gate.check(GateRules.defaults(), baseline, current).table();

        assertThat(Gate.check(GateRules.defaults(), baseline, current).table()).isEqualTo(first);
    }
}
