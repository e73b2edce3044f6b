package dev.stackbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.RunResult;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Ranking, ties within the spread, repeats, and errors last. */
class WinnersTest {

    @Test
    void aSingleRunsSpreadIsTheMiddleHalfOfItsSecondsAndOverlapIsATie() {
        var fast = run("fast", 0, 100, 104, 96, 102, 98);     // middle half 98..102
        var close = run("close", 0, 99, 97, 101, 95, 103);    // middle half 97..101: overlaps fast
        var slow = run("slow", 0, 60, 62, 58, 61, 59);

        var rows = Winners.of(List.of(slow, close, fast)).rows();

        assertThat(rows).extracting(Winners.Row::label).containsExactly("fast", "close", "slow");
        var fastRps = rows.get(0).entries().get(Metric.RPS);
        assertThat(fastRps.rank()).isEqualTo(1);
        assertThat(fastRps.estimate().low()).isEqualTo(98);
        assertThat(fastRps.estimate().high()).isEqualTo(102);
        assertThat(fastRps.estimate().spreadFrom()).isEqualTo("middle half of 5 per-second values of one run");
        assertThat(rows.get(1).entries().get(Metric.RPS)).satisfies(entry -> {
            assertThat(entry.rank()).isEqualTo(1);
            assertThat(entry.tiedWith()).isEqualTo("fast");
        });
        assertThat(rows.get(2).entries().get(Metric.RPS).rank()).isEqualTo(3);
        assertThat(rows.get(2).entries().get(Metric.RPS).tiedWith()).isNull();
    }

    @Test
    void repeatsGiveTheMedianAndTheirMinToMax() {
        var a1 = run("a", 0, 100, 100);
        var a2 = run("a", 0, 120, 120);
        var a3 = run("a", 0, 110, 110);
        var b = run("b", 0, 125, 125);

        var rows = Winners.of(List.of(a1, a2, a3, b)).rows();

        var a = rows.stream().filter(row -> row.label().equals("a")).findFirst().orElseThrow();
        assertThat(a.runs()).isEqualTo(3);
        assertThat(a.entries().get(Metric.RPS).estimate()).isEqualTo(new Estimate(110, 100, 120, "min–max of 3 runs"));
        assertThat(rows.getFirst().label()).isEqualTo("b");
        assertThat(a.entries().get(Metric.RPS).rank()).as("b's 125 is outside a's 100–120").isEqualTo(2);
    }

    @Test
    void aLabelWithErrorsRanksLastWhateverItsNumbers() {
        var failing = run("failing", 5, 500, 500, 500);
        var clean = run("clean", 0, 100, 100, 100);

        var rows = Winners.of(List.of(failing, clean)).rows();

        assertThat(rows).extracting(Winners.Row::label).containsExactly("clean", "failing");
        assertThat(rows.get(1).entries().get(Metric.RPS).rank()).isEqualTo(2);
        assertThat(rows.get(1).errors()).isEqualTo(5);
    }

    @Test
    void spreadsThatDoNotOverlapAreNoTie() {
        assertThat(TieRule.tied(new Estimate(10, 9, 11, ""), new Estimate(12, 11, 13, ""))).isTrue();
        assertThat(TieRule.tied(new Estimate(10, 9, 11, ""), new Estimate(12, 11.5, 13, ""))).isFalse();
    }

    /** A run whose window rps is the mean of its per-second values. */
    static ReportInput.LoadedRun run(String label, long errors, double... rpsPerSecond) {
        var timeline = new ArrayList<RunResult.TimelineRow>();
        double sum = 0;
        for (int i = 0; i < rpsPerSecond.length; i++) {
            long ok = Math.round(rpsPerSecond[i]);
            timeline.add(new RunResult.TimelineRow(i + 1, "measured", rpsPerSecond[i], ok, 0, 1.0, 2.0, 3.0, 0, 0, 1, null));
            sum += rpsPerSecond[i];
        }
        var latency = new Histogram(3);
        latency.recordValue(1_000_000);
        var profile = new RunResult.Profile("closed", "1 user", 1, null, null, "0s", 1, 1, 0, rpsPerSecond.length, null, 1, 1, true, false, List.of());
        var result = new RunResult(RunResult.SCHEMA, new RunResult.Target(label, "http://127.0.0.1:1/", null, null, Map.of(), Map.of(), null),
                profile, new RunResult.Environment("25", "vm", 2, "os", 1, false, 1), new RunResult.Window("t", 0, rpsPerSecond.length, null),
                new RunResult.Requests(0, 0, errors, Map.of(), 0, 0), sum / rpsPerSecond.length, Percentiles.ofNanos(latency), null, null,
                new RunResult.Bytes(0, 0), new RunResult.ClientCpu(0, null), timeline, List.of(), null);
        return new ReportInput.LoadedRun(Path.of(label, "result.json"), result, null, List.of());
    }
}
