package dev.stackbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.result.Histograms;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The one sample quantile, and the one histogram percentile (HdrHistogram's own). */
@ChecksBehaviour
class QuantileTest {

    @Test
    void interpolatesBetweenTheClosestRanks() {
        double[] values = {4, 1, 3, 2};

        assertThat(Quantile.of(values, 0.5)).isEqualTo(2.5);
        assertThat(Quantile.of(values, 0)).isEqualTo(1);
        assertThat(Quantile.of(values, 1)).isEqualTo(4);
        assertThat(Quantile.of(values, 0.25)).isEqualTo(1.75);
        assertThat(Quantile.of(new double[] {96, 98, 100, 102, 104}, 0.25)).isEqualTo(98);
        assertThat(values).as("a copy is sorted, not the caller's array").containsExactly(4, 1, 3, 2);
        assertThat(Quantile.of(new double[0], 0.5)).isNaN();
        assertThatThrownBy(() -> Quantile.of(values, 1.5)).hasMessage("a quantile is between 0 and 1, not 1.5");
    }

    /** A bootstrap resample's p99 must be result.json's p99 when it draws every interval once: the same rank rule. */
    @Test
    void theRankOfAPercentileIsHdrHistogramsOwn() {
        var random = new SplittableRandom(7);
        for (int n : new int[] {1, 2, 3, 7, 10, 99, 100, 101, 1234, 9999}) {
            Histogram histogram = Histograms.newLatencyHistogram();
            for (int i = 0; i < n; i++) {
                histogram.recordValue(1_000_000 + random.nextLong(50_000_000));
            }
            LatencyCounts counts = LatencyCounts.of(histogram);
            for (double percentile : new double[] {50, 90, 99, 99.9, 99.99, 100}) {
                long rank = LatencyCounts.countAtPercentile(percentile, n);
                long running = 0;
                long value = -1;
                for (int b = 0; b < counts.counts().length && value < 0; b++) {
                    running += counts.counts()[b];
                    if (running >= rank) {
                        value = counts.valuesNanos()[b];
                    }
                }
                assertThat(value)
                        .as("p%s of %d values", percentile, n)
                        .isEqualTo(histogram.getValueAtPercentile(percentile));
            }
        }
    }
}
