package dev.stackbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.testing.ChecksBehaviour;
import java.util.Random;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

@ChecksBehaviour
class GroupSequentialTest {

    private static final double ALPHA = 0.05;
    private static final double[] FIVE_EQUAL = {0.2, 0.4, 0.6, 0.8, 1.0};
    /** The default looks of compare: after rounds 5, 8, 12, 18, 27 and 30 of 30. */
    private static final double[] DEFAULT_LOOKS = {5 / 30.0, 8 / 30.0, 12 / 30.0, 18 / 30.0, 27 / 30.0, 1};

    @Test
    void pocockLikeSpendingGivesThePublishedBoundaries() {
        // Lan-DeMets Pocock-type, two-sided 0.05, five equally spaced looks (Jennison and Turnbull; R's ldbounds)
        double[] cumulative = cumulative(GroupSequential.Spending.POCOCK, FIVE_EQUAL);

        double[] boundaries = GroupSequential.boundaries(FIVE_EQUAL, cumulative);

        assertThat(boundaries[0]).isCloseTo(2.4380, within(0.002));
        assertThat(boundaries[1]).isCloseTo(2.4268, within(0.002));
        assertThat(boundaries[2]).isCloseTo(2.4101, within(0.002));
        assertThat(boundaries[3]).isCloseTo(2.3966, within(0.002));
        assertThat(boundaries[4]).isCloseTo(2.3859, within(0.002));
    }

    @Test
    void obrienFlemingLikeSpendingIsStrictEarlyAndNearASingleTestLate() {
        var looks = GroupSequential.of(DEFAULT_LOOKS, GroupSequential.Spending.OBRIEN_FLEMING);
        double[] levels = new double[DEFAULT_LOOKS.length];
        for (int k = 0; k < levels.length; k++) {
            levels[k] = looks.nominalLevel(ALPHA, k, false);
        }
        // the first look spends alpha(t1) alone: its boundary is z_{1 - alpha/2} / sqrt(t1)
        assertThat(levels[0]).isCloseTo(GroupSequential.Spending.OBRIEN_FLEMING.spent(ALPHA, 5 / 30.0), within(1e-9));
        for (int k = 1; k < levels.length - 1; k++) {
            assertThat(levels[k]).isGreaterThan(levels[k - 1]);
        }
        // every look from the fourth on tests at more than Bonferroni's alpha / 6
        assertThat(levels[3]).isGreaterThan(ALPHA / 6);
        assertThat(levels[5]).isBetween(0.03, ALPHA);
    }

    @Test
    void theChanceOfAnyCrossingOverAllLooksIsAlphaForABrownianMotion() {
        for (var spending : GroupSequential.Spending.values()) {
            var looks = GroupSequential.of(DEFAULT_LOOKS, spending);
            double[] levels = new double[DEFAULT_LOOKS.length];
            for (int k = 0; k < levels.length; k++) {
                levels[k] = looks.nominalLevel(ALPHA, k, false);
            }
            double[] crossedBy = crossings(DEFAULT_LOOKS, levels, 200_000, new Random(7));
            double tolerance = 3 * Math.sqrt(ALPHA * (1 - ALPHA) / 200_000);
            for (int k = 0; k < levels.length; k++) {
                assertThat(crossedBy[k])
                        .as("%s: crossed by look %d", spending, k + 1)
                        .isCloseTo(spending.spent(ALPHA, DEFAULT_LOOKS[k]), within(tolerance));
            }
        }
    }

    @Test
    void aFinalAnalysisBeforeTheLastLookSpendsWhatIsLeft() {
        // stopped by a time limit after 14 of 30 rounds: looks at 5, 8 and 12, then 14 spending the rest
        double[] fractions = {5 / 30.0, 8 / 30.0, 12 / 30.0, 14 / 30.0};
        var looks = GroupSequential.of(fractions, GroupSequential.Spending.OBRIEN_FLEMING);
        double[] levels = new double[fractions.length];
        for (int k = 0; k < 3; k++) {
            levels[k] = looks.nominalLevel(ALPHA, k, false);
        }
        levels[3] = looks.nominalLevel(ALPHA, 3, true);

        double[] crossedBy = crossings(fractions, levels, 200_000, new Random(11));

        assertThat(crossedBy[3]).isCloseTo(ALPHA, within(3 * Math.sqrt(ALPHA * (1 - ALPHA) / 200_000)));
        assertThat(levels[3]).isGreaterThan(looks.nominalLevel(ALPHA, 3, false));
    }

    @Test
    void oneLookSpendsAllOfAlpha() {
        var once = GroupSequential.of(new double[] {1}, GroupSequential.Spending.OBRIEN_FLEMING);

        assertThat(once.nominalLevel(ALPHA, 0, false)).isCloseTo(ALPHA, within(1e-12));
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> GroupSequential.of(new double[] {0.5, 0.5}, GroupSequential.Spending.POCOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the information fractions must increase within (0, 1], got [0.5, 0.5]");
        assertThatThrownBy(() -> GroupSequential.of(new double[] {0.5, 1.2}, GroupSequential.Spending.POCOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got [0.5, 1.2]");
        assertThatThrownBy(() -> GroupSequential.of(new double[] {}, GroupSequential.Spending.POCOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a sequential test needs at least one look");
        var looks = GroupSequential.of(FIVE_EQUAL, GroupSequential.Spending.POCOCK);
        assertThatThrownBy(() -> looks.nominalLevel(1.5, 0, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("alpha must be between 0 and 1, got 1.5");
        assertThatThrownBy(() -> looks.nominalLevel(0.05, 5, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("look must be between 0 and 4, got 5");
        assertThatThrownBy(() -> GroupSequential.boundaries(FIVE_EQUAL, new double[] {0.01, 0.005, 0.02, 0.03, 0.05}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-decreasing");
    }

    private static double[] cumulative(GroupSequential.Spending spending, double[] fractions) {
        double[] cumulative = new double[fractions.length];
        for (int k = 0; k < fractions.length; k++) {
            cumulative[k] = spending.spent(ALPHA, fractions[k]);
        }
        return cumulative;
    }

    /** The share of Brownian paths whose standardised value crossed a look's boundary at that look or before. */
    private static double[] crossings(double[] fractions, double[] levels, int paths, Random random) {
        var normal = NormalDistribution.of(0, 1);
        double[] boundaries = new double[levels.length];
        for (int k = 0; k < levels.length; k++) {
            boundaries[k] = normal.inverseSurvivalProbability(levels[k] / 2);
        }
        int[] crossedAt = new int[levels.length];
        for (int p = 0; p < paths; p++) {
            double sum = 0;
            double before = 0;
            for (int k = 0; k < fractions.length; k++) {
                sum += Math.sqrt(fractions[k] - before) * random.nextGaussian();
                before = fractions[k];
                if (Math.abs(sum / Math.sqrt(fractions[k])) >= boundaries[k]) {
                    crossedAt[k]++;
                    break;
                }
            }
        }
        double[] crossedBy = new double[levels.length];
        int total = 0;
        for (int k = 0; k < levels.length; k++) {
            total += crossedAt[k];
            crossedBy[k] = total / (double) paths;
        }
        return crossedBy;
    }
}
