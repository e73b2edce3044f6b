package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What CI shows of a check: the markdown's verdict and rows, and a JUnit report where not decided is never a pass. */
@ChecksBehaviour
class CheckOutputsTest {

    private static final ComparisonGate.Limit LIMIT = new ComparisonGate.Limit("head", "base", 0.05);

    private static ComparisonGate.Check check(Metric metric, double low, double high, Verdict verdict) {
        return new ComparisonGate.Check(
                LIMIT, metric, (low + high) / 2, low, high, ComparisonGate.bound(metric, 0.05), verdict, "");
    }

    @Test
    void notDecidedIsAnErrorAndWorseAFailure() {
        var report = new ComparisonGate.Report(
                List.of(
                        check(Metric.CPU_PER_REQUEST, 1.01, 1.09, Verdict.NOT_DECIDED),
                        check(Metric.RPS, 0.80, 0.90, Verdict.FAIL)),
                List.of(),
                "m-test");
        String xml = CheckOutputs.junitXml("stackbench check", report);

        assertThat(report.outcome()).isEqualTo(ComparisonGate.Outcome.WORSE);
        assertThat(xml)
                .contains("<testsuite name=\"stackbench check\" tests=\"2\" failures=\"1\" errors=\"1\">")
                .contains("name=\"head not worse than base by more than 5%: cpuPerRequest\">")
                .contains(
                        "<error type=\"not decided\" message=\"not decided: process CPU µs/request: 1.050 [1.010, 1.090], limit &lt;= 1.050\"/>")
                .contains("<failure type=\"worse\"");
    }

    @Test
    void theMarkdownSaysTheOutcomeFirstAndWhereTheTimeWent() {
        var report = new ComparisonGate.Report(
                List.of(check(Metric.CPU_PER_REQUEST, 1.01, 1.09, Verdict.NOT_DECIDED)), List.of(), "m-test");

        String markdown = CheckOutputs.markdown(
                "stackbench check",
                report,
                List.of("head spends 8% more CPU per request in X than base"),
                "r/index.html");

        assertThat(report.outcome()).isEqualTo(ComparisonGate.Outcome.NOT_DECIDED);
        assertThat(markdown)
                .startsWith("### stackbench check: NOT DECIDED")
                .contains("| head | base | process CPU µs/request | 1.050 [1.010, 1.090] | ≤ 1.050 | NOT DECIDED |")
                .contains("- head spends 8% more CPU per request in X than base")
                .contains("`r/index.html`")
                .contains("**NOT DECIDED**: the intervals straddle the limit");
    }

    @Test
    void aFailedComparisonFailsWhateverItsRowsSay() {
        var report = new ComparisonGate.Report(
                List.of(check(Metric.RPS, 0.97, 1.02, Verdict.OK)),
                List.of("the comparison ended because a variant failed: head's JVM exited"),
                "m-test");

        assertThat(report.outcome()).isEqualTo(ComparisonGate.Outcome.WORSE);
        assertThat(report.outcome().exitCode()).isEqualTo(1);
        assertThat(CheckOutputs.junitXml("s", report))
                .contains("tests=\"2\" failures=\"1\" errors=\"0\"")
                .contains("name=\"the comparison can be trusted\"");
    }

    /**
     * An A/A control declared different by enough to move a verdict doubts the checks that pass: not decided (exit 3),
     * never green, and not WORSE either, which would call noise between two JVMs of one build a slower head (Zipkin's
     * A/A checks with one JVM per build: 2026-11-28).
     */
    @Test
    void anAaControlThatDoubtsPassingChecksLeavesThemNotDecided() {
        String doubt = "its A/A control declared base and base-aa different on rps";
        var report = new ComparisonGate.Report(
                List.of(check(Metric.RPS, 0.97, 1.02, Verdict.OK)), List.of(), List.of(doubt), "m-test");

        assertThat(report.outcome()).isEqualTo(ComparisonGate.Outcome.NOT_DECIDED);
        assertThat(report.outcome().exitCode()).isEqualTo(3);
        assertThat(report.table()).contains("NOT DECIDED: " + doubt);
        assertThat(CheckOutputs.junitXml("s", report))
                .contains("tests=\"2\" failures=\"0\" errors=\"1\"")
                .contains("name=\"nothing puts its verdicts in doubt\"");
        assertThat(CheckOutputs.markdown("s", report, List.of(), null))
                .startsWith("### s: NOT DECIDED")
                .contains("**NOT DECIDED**: " + doubt)
                .doesNotContain("the intervals straddle the limit");
        // a check past its limit stays WORSE, doubt or not
        var worse = new ComparisonGate.Report(
                List.of(check(Metric.RPS, 0.70, 0.80, Verdict.FAIL)), List.of(), List.of(doubt), "m-test");
        assertThat(worse.outcome()).isEqualTo(ComparisonGate.Outcome.WORSE);
    }
    /**
     * A time limit that ends the comparison before its first complete round measured nothing: not decided (exit 3),
     * saying why, not WORSE (the planned default on Zipkin, 2026-11-28: nine JVMs' warm-ups took the 10 minutes, and an
     * A/A pair came out WORSE, "it has no complete round"). With no round for another reason (a variant failed) it fails.
     */
    @Test
    void aComparisonWhoseTimeRanOutBeforeItsFirstRoundIsNotDecided() {
        ComparisonResult outOfTime = noRound(ComparisonResult.Stop.TIME);
        var report = new ComparisonGate.Report(
                List.of(), ComparisonGate.problems(outOfTime), ComparisonGate.doubts(outOfTime, List.of()), "m-test");

        assertThat(report.outcome()).isEqualTo(ComparisonGate.Outcome.NOT_DECIDED);
        assertThat(report.outcome().exitCode()).isEqualTo(3);
        assertThat(report.table())
                .contains("NOT DECIDED: its time limit ended it before its first complete round")
                .doesNotContain("FAIL");
        assertThat(CheckOutputs.markdown("s", report, List.of(), null))
                .startsWith("### s: NOT DECIDED")
                .contains("--time-limit");

        ComparisonResult failed = noRound(ComparisonResult.Stop.FAILED);
        assertThat(ComparisonGate.problems(failed)).contains("it has no complete round");
        assertThat(ComparisonGate.doubts(failed, List.of())).isEmpty();
    }

    private static ComparisonResult noRound(ComparisonResult.Stop stopped) {
        return new ComparisonResult(
                ComparisonResult.SCHEMA,
                "",
                600,
                stopped,
                null,
                null,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                null);
    }
}
