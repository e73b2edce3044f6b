package dev.stackbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.Histograms;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.read.IntervalHistogram;
import dev.stackbench.core.result.read.IterationScores;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.result.read.Setup;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The two-level bootstrap, checked against data whose spread is known: each level must carry its own
 * spread into the interval, the point value must be result.json's, and more runs must narrow it.
 * A bootstrap that skipped a level, resampled nothing or merged wrongly fails here.
 */
@ChecksBehaviour
class BootstrapTest {

    private static final String LABEL = "synthetic";

    @Test
    void thePointValuesAreTheMergedWindowsAsResultJsonStatesThem() {
        RecordedTarget target = new SyntheticResults(1)
                .run(LABEL, 6, 300, 20, 3, 0)
                .run(LABEL, 4, 300, 20, 3, 0)
                .target(LABEL);

        Map<Metric, Estimate> estimates = Bootstrap.estimate(target, "test");

        Histogram merged = Histograms.newLatencyHistogram();
        double seconds = 0;
        for (RecordedRun run : target.runs()) {
            for (IntervalHistogram interval : run.intervals()) {
                merged.add(interval.latencyNanos());
                seconds += interval.seconds();
            }
        }
        for (Metric metric : List.of(Metric.P50, Metric.P90, Metric.P99, Metric.P999)) {
            assertThat(estimates.get(metric).point())
                    .as(metric.id())
                    .isEqualTo(merged.getValueAtPercentile(metric.percentile()) / 1e6);
        }
        assertThat(estimates.get(Metric.RPS).point()).isEqualTo(merged.getTotalCount() / seconds);
        assertThat(estimates.get(Metric.RPS).resampled()).hasSize(Bootstrap.RESAMPLES);
    }

    /** Second level: a run whose seconds swing between 300 and 500 responses has a wide interval; a flat one a narrow one. */
    @Test
    void theSpreadWithinOneRunIsInItsInterval() {
        RecordedTarget swinging = target(run(new long[] {300, 500, 300, 500, 300, 500, 300, 500, 300, 500}, 10));
        RecordedTarget flat = target(run(new long[] {400, 400, 400, 400, 400, 400, 400, 400, 400, 400}, 10));

        Estimate wide = Bootstrap.estimate(swinging, "test").get(Metric.RPS);
        Estimate narrow = Bootstrap.estimate(flat, "test").get(Metric.RPS);

        assertThat(wide.point()).isEqualTo(400);
        // The mean of 10 draws from {300, 500}: standard deviation 100 / sqrt(10) = 32, so the 95% interval is about
        // 340..460.
        assertThat(wide.low()).isBetween(320.0, 370.0);
        assertThat(wide.high()).isBetween(430.0, 480.0);
        assertThat(narrow.low()).isEqualTo(400);
        assertThat(narrow.high()).isEqualTo(400);
        assertThat(wide.spreadFrom()).isEqualTo("95% bootstrap interval over 1 run and its one-second intervals");
    }

    /** First level: two flat runs, one at 300/s and one at 500/s, leave the whole difference in the interval. */
    @Test
    void theSpreadBetweenRunsIsInTheInterval() {
        RecordedTarget target =
                target(run(new long[] {300, 300, 300, 300, 300}, 1), run(new long[] {500, 500, 500, 500, 500}, 5));

        Estimate rps = Bootstrap.estimate(target, "test").get(Metric.RPS);
        Estimate p50 = Bootstrap.estimate(target, "test").get(Metric.P50);

        assertThat(rps.point()).isEqualTo(400);
        assertThat(rps.low()).isEqualTo(300);
        assertThat(rps.high()).isEqualTo(500);
        // Latencies of 1 ms in one run and 5 ms in the other: a resample of both runs twice over is all 1 ms or all 5
        // ms.
        assertThat(p50.low()).isCloseTo(1, org.assertj.core.data.Offset.offset(0.01));
        assertThat(p50.high()).isCloseTo(5, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void intervalsNarrowWithMoreRuns() {
        double twoRuns = 0;
        double eightRuns = 0;
        for (int seed = 0; seed < 5; seed++) {
            twoRuns += width(
                    new SyntheticResults(seed).runs(LABEL, 2, 5, 400, 20, 2).target(LABEL));
            eightRuns += width(
                    new SyntheticResults(seed).runs(LABEL, 8, 5, 400, 20, 2).target(LABEL));
        }
        // 1/sqrt(K): four times the runs, half the width; allow for the bootstrap's own noise with few runs.
        assertThat(eightRuns).isLessThan(0.75 * twoRuns);
    }

    /** JMH: one fork of several iterations has a spread (its iterations), and a metric is their mean. */
    @Test
    void oneJmhForkOfSeveralIterationsHasASpread() {
        RecordedTarget fork = new SyntheticResults(2)
                .jmhFork(LABEL, new double[] {900, 1100, 1000, 950, 1050}, new double[] {2, 3, 2, 2, 3}, new double[] {
                    9, 11, 10, 10, 10
                })
                .target(LABEL);

        Map<Metric, Estimate> estimates = Bootstrap.estimate(fork, "test");

        assertThat(estimates.get(Metric.RPS).point()).isEqualTo(1000);
        assertThat(estimates.get(Metric.RPS).low()).isBetween(900.0, 990.0);
        assertThat(estimates.get(Metric.RPS).high()).isBetween(1010.0, 1100.0);
        assertThat(estimates.get(Metric.P50).point()).isEqualTo(2.4);
        assertThat(estimates.get(Metric.P50).spreadFrom())
                .isEqualTo("95% bootstrap interval over 1 run and its JMH iterations");
    }

    @Test
    void nothingToResampleIsNoSpread() {
        RecordedTarget one =
                new SyntheticResults(3).summaryRun(LABEL, 1000, 1, 2, 0).target(LABEL);

        Estimate rps = Bootstrap.estimate(one, "test").get(Metric.RPS);

        assertThat(rps.hasResamples()).isFalse();
        assertThat(rps.low()).isEqualTo(rps.high()).isEqualTo(1000);
    }

    private static double width(RecordedTarget target) {
        Estimate rps = Bootstrap.estimate(target, "test").get(Metric.RPS);
        return (rps.high() - rps.low()) / rps.point();
    }

    /** A load run whose i-th second has {@code counts[i]} responses, each taking {@code latencyMillis}. */
    private static RecordedRun run(long[] counts, long latencyMillis) {
        var intervals = new ArrayList<IntervalHistogram>();
        for (long count : counts) {
            Histogram histogram = Histograms.newLatencyHistogram();
            histogram.recordValueWithCount(latencyMillis * 1_000_000, count);
            intervals.add(new IntervalHistogram(1.0, histogram));
        }
        return new RecordedRun(
                Path.of("result.json"),
                "run",
                LABEL,
                new Setup(Map.of()),
                null,
                intervals,
                List.<IterationScores>of(),
                Map.of(),
                0,
                0);
    }

    private static RecordedTarget target(RecordedRun... runs) {
        return new RecordedTarget(LABEL, runs[0].setup(), List.of(runs));
    }
}
