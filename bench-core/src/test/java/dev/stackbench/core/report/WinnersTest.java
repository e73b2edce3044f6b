package dev.stackbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.SampleResults;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.result.read.Setup;
import dev.stackbench.core.stats.Estimate;
import dev.stackbench.core.stats.SyntheticResults;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.core.vocabulary.TimelinePhase;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Ranking, ties by the gate's test or overlapping ranges, repeats, moving windows apart and errors last. */
@ChecksBehaviour
class WinnersTest {

    @Test
    void aSingleRunsSpreadIsTheMiddleHalfOfItsSecondsAndOverlapIsATie() {
        var fast = run("fast", 0, null, 100, 104, 96, 102, 98); // middle half 98..102
        var close = run("close", 0, null, 99, 97, 101, 95, 103); // middle half 97..101: overlaps fast
        var slow = run("slow", 0, null, 60, 62, 58, 61, 59);

        var rows = Winners.of(results(slow, close, fast)).rows();

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
    void repeatsAreBootstrappedLikeAGateDoes() {
        var a1 = run("a", 0, null, 100, 100);
        var a2 = run("a", 0, null, 120, 120);
        var a3 = run("a", 0, null, 110, 110);
        var b = run("b", 0, null, 125, 125);

        var rows = Winners.of(results(a1, a2, a3, b)).rows();

        var a = rows.stream().filter(row -> row.label().equals("a")).findFirst().orElseThrow();
        assertThat(a.runs()).isEqualTo(3);
        Estimate rps = a.entries().get(Metric.RPS).estimate();
        // Repeats without histograms: the gate's bootstrap over the runs' own values (their mean, resampled).
        assertThat(rps.point()).isEqualTo(110.0);
        assertThat(rps.low()).isBetween(100.0, 105.0);
        assertThat(rps.high()).isBetween(115.0, 120.0);
        assertThat(rps.spreadFrom()).isEqualTo("95% bootstrap interval over 3 runs (summary values only)");
        assertThat(rows.getFirst().label()).isEqualTo("b");
        assertThat(a.entries().get(Metric.RPS).rank())
                .as("b's 125 is outside a's 100–120")
                .isEqualTo(2);
    }

    @Test
    void aLabelWithErrorsRanksLastWhateverItsNumbers() {
        var failing = run("failing", 5, null, 500, 500, 500);
        var clean = run("clean", 0, null, 100, 100, 100);

        var rows = Winners.of(results(failing, clean)).rows();

        assertThat(rows).extracting(Winners.Row::label).containsExactly("clean", "failing");
        assertThat(rows.get(1).entries().get(Metric.RPS).rank()).isEqualTo(2);
        assertThat(rows.get(1).errors()).isEqualTo(5);
    }

    /** A window still moving is never ranked among steady ones: it ranks after them, with its reason, whatever its numbers. */
    @Test
    void aLabelWhoseWindowWasNotSteadyRanksApartWithTheReason() {
        var moving = run(
                "moving",
                0,
                new RunResult.Steadiness(false, "rps +20.0% from first to last third", 20.0, 0.0),
                900,
                1000,
                1100);
        var steady = run("steady", 0, new RunResult.Steadiness(true, "rps +0.1%", 0.1, 0.0), 300, 300, 300);
        var unknown = run("unknown", 0, null, 200, 200, 200);
        var failing = run("failing", 3, null, 2000, 2000, 2000);

        var rows = Winners.of(results(moving, steady, unknown, failing)).rows();

        assertThat(rows).extracting(Winners.Row::label).containsExactly("steady", "unknown", "moving", "failing");
        assertThat(rows.get(2).notSteady()).isEqualTo("1 of 1 run not steady (rps +20.0% from first to last third)");
        assertThat(rows.get(2).entries().get(Metric.RPS).rank()).isEqualTo(3);
        assertThat(rows.get(2).entries().get(Metric.RPS).tiedWith()).isNull();
        assertThat(rows.get(1).steadinessUnknown()).isTrue();
        assertThat(rows.get(0).notSteady()).isNull();
    }

    /** With resamples (the runs' latency.hlog), a tie is the gate's test: no clear difference, not overlapping intervals. */
    @Test
    void withHistogramsATieIsWhatTheGatesTestCannotTellApart() {
        RecordedResults same = new SyntheticResults(1)
                .runs("a", 3, 5, 400, 20, 2)
                .runs("b", 3, 5, 400, 20, 2)
                .build();
        RecordedResults apart = new SyntheticResults(2)
                .runs("a", 3, 5, 400, 20, 2)
                .runs("b", 3, 5, 300, 20, 2)
                .build();

        var tied = Winners.of(same).rows();
        var separate = Winners.of(apart).rows();

        assertThat(tied.get(1).entries().get(Metric.RPS).tiedWith())
                .isEqualTo(tied.get(0).label());
        assertThat(tied.get(0).entries().get(Metric.RPS).estimate().hasResamples())
                .isTrue();
        assertThat(separate).extracting(Winners.Row::label).containsExactly("a", "b");
        assertThat(separate.get(1).entries().get(Metric.RPS).rank()).isEqualTo(2);
    }

    @Test
    void rangesThatDoNotOverlapAreNoTie() {
        assertThat(TieRule.tied(
                        Estimate.range(Metric.RPS, 12, 11, 13, 1, ""), Estimate.range(Metric.RPS, 10, 9, 11, 1, "")))
                .isTrue();
        assertThat(TieRule.tied(
                        Estimate.range(Metric.RPS, 12, 11.5, 13, 1, ""), Estimate.range(Metric.RPS, 10, 9, 11, 1, "")))
                .isFalse();
    }

    static RecordedResults results(RecordedRun... runs) {
        var byLabel = new LinkedHashMap<String, List<RecordedRun>>();
        for (RecordedRun run : runs) {
            byLabel.computeIfAbsent(run.label(), label -> new ArrayList<>()).add(run);
        }
        var targets = new LinkedHashMap<String, RecordedTarget>();
        byLabel.forEach((label, list) ->
                targets.put(label, new RecordedTarget(label, list.getFirst().setup(), list)));
        return new RecordedResults(List.of(), List.of(runs), targets);
    }

    /** A run without a latency.hlog whose window rps is the mean of its per-second values. */
    static RecordedRun run(String label, long errors, RunResult.Steadiness steadiness, double... rpsPerSecond) {
        var timeline = new ArrayList<TimelineRow>();
        double sum = 0;
        for (int i = 0; i < rpsPerSecond.length; i++) {
            long ok = Math.round(rpsPerSecond[i]);
            timeline.add(new TimelineRow(
                    i + 1, TimelinePhase.MEASURED, rpsPerSecond[i], ok, 0, 1.0, 2.0, 3.0, 0, 0, 0, 1, null, null));
            sum += rpsPerSecond[i];
        }
        var latency = new Histogram(3);
        latency.recordValue(1_000_000);
        var profile = new RunResult.Profile(
                LoadModel.CLOSED,
                "1 user",
                1,
                null,
                null,
                ThinkTime.NONE,
                1,
                1,
                0,
                rpsPerSecond.length,
                null,
                1,
                1,
                true,
                false,
                List.of());
        var result = SampleResults.builder()
                .target(RunResult.Target.url(java.net.URI.create("http://127.0.0.1:1/"))
                        .withLabel(label))
                .profile(profile)
                .environment(new RunResult.Environment("25", "vm", 2, "os", 1, false, 1))
                .window(new RunResult.Window("t", 0, rpsPerSecond.length, steadiness, null, false))
                .requests(new RunResult.Requests(errors, 0, 0, errors, Map.of(), 0, 0))
                .rps(sum / rpsPerSecond.length)
                .latencyMs(Percentiles.ofNanos(latency))
                .timeline(timeline)
                .build();
        return new RecordedRun(
                Path.of(label, "result.json"),
                label,
                label,
                new Setup(Map.of()),
                result,
                List.of(),
                List.of(),
                Map.of(Metric.RPS, result.rps()),
                errors,
                errors);
    }
}
