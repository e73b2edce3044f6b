package dev.stackbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.testing.ChecksBehaviour;
import org.junit.jupiter.api.Test;

/** The paired statistics of comparisons against values worked out by hand or printed in textbooks. */
@ChecksBehaviour
class PairedStatisticsTest {

    @Test
    void aPairedRatioIsTheGeometricMeanOfTheRoundsRatiosWithStudentsInterval() {
        // log ratios ln(1.1), ln(1.2), ln(1.15), ln(1.25): mean 0.160134, sd 0.055014, se 0.027507, t(0.975, 3) =
        // 3.182446
        var ratio = PairedRatio.of(new double[] {110, 120, 115, 125}, new double[] {100, 100, 100, 100});

        assertThat(ratio.ratio()).isCloseTo(1.173668, within(1e-6));
        var interval = ratio.interval(0.95);
        assertThat(interval.low()).isCloseTo(1.075295, within(1e-6));
        assertThat(interval.high()).isCloseTo(1.281042, within(1e-6));
        assertThat(interval.excludesOne()).isTrue();
        assertThat(ratio.pValue()).isCloseTo(0.010093, within(1e-6)); // t = 5.8216 on 3 degrees of freedom
    }

    @Test
    void theSameMachineSpeedInBothValuesOfARoundCancels() {
        double[] speed = {1.0, 0.5, 1.7, 0.9, 1.3};
        double[] a = new double[5];
        double[] b = new double[5];
        for (int r = 0; r < 5; r++) {
            a[r] = 1000 * speed[r];
            b[r] = 1000 * speed[r];
        }

        var ratio = PairedRatio.of(a, b);

        assertThat(ratio.ratio()).isEqualTo(1.0);
        assertThat(ratio.pValue()).isEqualTo(1.0);
        assertThat(ratio.interval(0.95).within(0.001)).isTrue();
    }

    @Test
    void holmTestsTheSmallestPValueAtAlphaOverMAndStopsAtTheFirstKept() {
        Holm.Decision[] decisions = Holm.decide(new double[] {0.04, 0.001, 0.2, 0.012}, 0.05);

        assertThat(decisions[1]).isEqualTo(new Holm.Decision(0.05 / 4, true));
        assertThat(decisions[3]).isEqualTo(new Holm.Decision(0.05 / 3, true));
        assertThat(decisions[0]).isEqualTo(new Holm.Decision(0.05 / 2, false)); // 0.04 > 0.025: kept, and all after it
        assertThat(decisions[2]).isEqualTo(new Holm.Decision(0.05 / 2, false));
    }

    @Test
    void friedmanMatchesATextbookExample() {
        // Hollander and Wolfe's (and R's friedman.test) RoundingTimes data: 22 runners, 3 methods; Friedman chi-squared
        // 11.143, p 0.003805
        double[][] times = {
            {5.40, 5.50, 5.55}, {5.85, 5.70, 5.75}, {5.20, 5.60, 5.50}, {5.55, 5.50, 5.40}, {5.90, 5.85, 5.70},
            {5.45, 5.55, 5.60}, {5.40, 5.40, 5.35}, {5.45, 5.50, 5.35}, {5.25, 5.15, 5.00}, {5.85, 5.80, 5.70},
            {5.25, 5.20, 5.10}, {5.65, 5.55, 5.45}, {5.60, 5.35, 5.45}, {5.05, 5.00, 4.95}, {5.50, 5.50, 5.40},
            {5.45, 5.55, 5.50}, {5.55, 5.55, 5.35}, {5.45, 5.50, 5.55}, {5.50, 5.45, 5.25}, {5.65, 5.60, 5.40},
            {5.70, 5.65, 5.55}, {6.30, 6.30, 6.25}
        };

        var result = Friedman.test(times);

        assertThat(result.degreesOfFreedom()).isEqualTo(2);
        assertThat(result.statistic()).isCloseTo(11.143, within(1e-3));
        assertThat(result.pValue()).isCloseTo(0.003805, within(1e-5));
    }
}
