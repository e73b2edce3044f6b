package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.core.compare.analysis.Looks;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The looks' error spending on synthetic comparisons analysed as the runner analyses them: a look after each planned
 * round, stopping once every pair is decided, the final analysis after the last round. On A/A data (every variant the
 * same) the chance of any false difference at any look stays at most alpha; on a true difference it is found more often
 * than with the Bonferroni split over looks it replaced.
 */
@ChecksBehaviour
class SequentialLooksTest {

    private static final double CONFIDENCE = 0.95;
    private static final double ALPHA = 1 - CONFIDENCE;
    /** Small, so that pairs are rarely stopped as equivalent: the looks' false alarms are what is counted. */
    private static final double MARGIN = 0.005;

    /** How a simulated comparison ended. */
    private record Outcome(boolean declared, boolean reversed, int rounds) {}

    @Test
    void aaComparisonsInTurnsDeclareAFalseDifferenceAtMostAtTheRateAskedOverSixLooks() {
        Looks looks = Looks.of(5, 30); // 5, 8, 12, 18, 27, 30
        double rate = falseAlarmRate(4000, looks, 2, 1, 0, spending(looks), new Random(1));

        assertThat(looks.count()).isEqualTo(6);
        assertThat(rate).isLessThanOrEqualTo(ALPHA + tolerance(4000));
    }

    @Test
    void aaComparisonsWithSeveralJvmsAndTheirOwnOffsetsStayWithinTheRateOverSevenLooks() {
        Looks looks = Looks.of(3, 30); // 3, 5, 8, 12, 18, 27, 30
        double rate = falseAlarmRate(2000, looks, 2, 3, 0.03, spending(looks), new Random(2));

        assertThat(looks.count()).isEqualTo(7);
        assertThat(rate).isLessThanOrEqualTo(ALPHA + tolerance(2000));
    }

    @Test
    void threeIdenticalVariantsStayWithinTheRateOverAllPairsAndLooks() {
        Looks looks = Looks.of(4, 24); // 4, 6, 9, 14, 21, 24
        double rate = falseAlarmRate(3000, looks, 3, 1, 0, spending(looks), new Random(3));

        assertThat(rate).isLessThanOrEqualTo(ALPHA + tolerance(3000));
    }

    @Test
    void aComparisonCutShortByItsTimeLimitSpendsWhatTheLooksLeftAndStaysWithinTheRate() {
        Looks looks = Looks.of(5, 30);
        int comparisons = 4000;
        int alarms = 0;
        var random = new Random(4);
        for (int c = 0; c < comparisons; c++) {
            // 14 rounds done when the time limit stops it: looks at 5, 8 and 12, then the final analysis at 14
            Outcome outcome = run(looks, 14, 2, 1, 0, 1.0, round -> looks.level(round, round == 14), random, true);
            alarms += outcome.declared() ? 1 : 0;
        }
        assertThat(alarms / (double) comparisons).isLessThanOrEqualTo(ALPHA + tolerance(comparisons));
        assertThat(looks.level(14, true).nominal(ALPHA))
                .isGreaterThan(looks.level(12, false).nominal(ALPHA));
    }

    @Test
    void spendingFindsATrueDifferenceMoreOftenThanTheBonferroniSplitItReplaced() {
        Looks looks = Looks.of(5, 30);
        int comparisons = 2000;
        int foundSpending = 0;
        int foundBonferroni = 0;
        int reversed = 0;
        for (int c = 0; c < comparisons; c++) {
            // the same data for both: a 4% difference, rounds whose log ratio varies by 10%
            Outcome spent = run(looks, 30, 2, 1, 0, 1.04, spending(looks), new Random(100 + c), false);
            Outcome split = run(looks, 30, 2, 1, 0, 1.04, bonferroni(looks), new Random(100 + c), false);
            foundSpending += spent.declared() ? 1 : 0;
            foundBonferroni += split.declared() ? 1 : 0;
            reversed += spent.reversed() ? 1 : 0;
        }
        double spending = foundSpending / (double) comparisons;
        double bonferroni = foundBonferroni / (double) comparisons;
        System.out.printf(
                "4%% difference found in 30 rounds: spending %.3f, Bonferroni over looks %.3f%n", spending, bonferroni);
        assertThat(spending).isGreaterThan(bonferroni + 0.08);
        assertThat(reversed).isZero();
    }

    @Test
    void anAnalysisOutsideTheLooksIsNamed() {
        assertThatThrownBy(() -> Looks.of(5, 30).level(31, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an analysis comes after 1 to 30 rounds, got 31");
        assertThat(Looks.of(5, 30).level(30, false).nominal(ALPHA)).isCloseTo(0.0152, within(0.001));
        assertThat(Looks.Level.single().nominal(ALPHA)).isEqualTo(ALPHA);
    }

    private static IntFunction<Looks.Level> spending(Looks looks) {
        return round -> looks.level(round, false);
    }

    /** The split it replaced: every look at {@code alpha / looks}, as a single analysis at that confidence. */
    private static IntFunction<Looks.Level> bonferroni(Looks looks) {
        return round -> null;
    }

    private static double falseAlarmRate(
            int comparisons,
            Looks looks,
            int variants,
            int forks,
            double jvmOffset,
            IntFunction<Looks.Level> levels,
            Random random) {
        int alarms = 0;
        for (int c = 0; c < comparisons; c++) {
            alarms += run(looks, looks.rounds().getLast(), variants, forks, jvmOffset, 1.0, levels, random, true)
                            .declared()
                    ? 1
                    : 0;
        }
        double rate = alarms / (double) comparisons;
        System.out.printf(
                "A/A, %d variants, %d JVMs each, %d looks: %d of %d comparisons declared a difference (%.3f)%n",
                variants, forks, looks.count(), alarms, comparisons, rate);
        return rate;
    }

    /**
     * One comparison: {@code variants} variants with {@code forks} JVMs each (JVM offsets of {@code jvmOffset} on the log
     * scale, kept for the whole comparison), the machine's speed moving between rounds (it cancels), trial noise of 7%;
     * the first variant {@code ratio} times the others. Analysed at every look (and at {@code lastRound}, the final
     * analysis) until every pair is decided.
     */
    private static Outcome run(
            Looks looks,
            int lastRound,
            int variants,
            int forks,
            double jvmOffset,
            double ratio,
            IntFunction<Looks.Level> levels,
            Random random,
            boolean stopAtAnyDifference) {
        double[][] offsets = new double[variants][forks];
        for (int v = 0; v < variants; v++) {
            for (int f = 0; f < forks; f++) {
                offsets[v][f] = jvmOffset * random.nextGaussian();
            }
        }
        List<String> labels = new ArrayList<>();
        for (int v = 0; v < variants; v++) {
            labels.add("v" + v);
        }
        var rounds = new ArrayList<double[][]>();
        for (int round = 1; round <= lastRound; round++) {
            double drift = 0.1 * random.nextGaussian();
            double[][] values = new double[variants][forks];
            for (int v = 0; v < variants; v++) {
                for (int f = 0; f < forks; f++) {
                    values[v][f] = 40_000
                            * (v == 0 ? ratio : 1)
                            * Math.exp(drift + offsets[v][f] + 0.07 * random.nextGaussian());
                }
            }
            rounds.add(values);
            if (!looks.isLook(round) && round != lastRound) {
                continue;
            }
            Looks.Level level = levels.apply(round);
            PairedAnalysis.Settings settings = level == null
                    ? new PairedAnalysis.Settings(1 - ALPHA / looks.count(), MARGIN)
                    : new PairedAnalysis.Settings(CONFIDENCE, level, MARGIN, Schedule.TURNS);
            MetricVerdict verdict = PairedAnalysis.of(Metric.RPS, labels, rounds.toArray(double[][][]::new), settings);
            boolean different =
                    verdict.pairs().stream().anyMatch(pair -> pair.outcome() == PairVerdict.Outcome.DIFFERENT);
            boolean reversed = verdict.pairs().stream()
                    .anyMatch(pair -> pair.outcome() == PairVerdict.Outcome.DIFFERENT
                            && ratio > 1
                            && !pair.first().equals("v0"));
            boolean decided = verdict.pairs().stream().allMatch(PairVerdict::decided);
            if ((different && stopAtAnyDifference) || decided) {
                return new Outcome(different, reversed, round);
            }
        }
        return new Outcome(false, false, lastRound);
    }

    private static double tolerance(int comparisons) {
        return 3 * Math.sqrt(ALPHA * (1 - ALPHA) / comparisons);
    }
}
