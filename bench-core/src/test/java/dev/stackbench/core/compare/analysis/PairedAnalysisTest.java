package dev.stackbench.core.compare.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The analysis on synthetic rounds: a machine whose speed drifts by tens of percent (as this one does between minutes)
 * and moves by a few percent from window to window. Two identical variants measured interleaved must come out tied;
 * the same machine measured one variant after the other must not, because the drift between the two blocks reads as
 * a difference. A real difference must be found, and in the right order.
 */
@ChecksBehaviour
class PairedAnalysisTest {

    /** Windows per round trip of the drift: a slow wave over the whole experiment, as between one hour and the next. */
    private static final double DRIFT_PERIOD_WINDOWS = 80;

    private static final double DRIFT_AMPLITUDE = 0.35;
    private static final double WINDOW_NOISE = 0.03;

    /** The last look of the default looks: the level a comparison that ran all its rounds is analysed at. */
    private static final PairedAnalysis.Settings SETTINGS =
            new PairedAnalysis.Settings(0.95, Looks.of(5, 30).level(30, false), 0.02, Schedule.TURNS);

    /** Requests/s of a variant of {@code cost} measured in window {@code t}. */
    private static double measured(double cost, int t, double phase, Random random) {
        double speed = 1 + DRIFT_AMPLITUDE * Math.sin(2 * Math.PI * t / DRIFT_PERIOD_WINDOWS + phase);
        return 30_000 * speed / cost * (1 + WINDOW_NOISE * random.nextGaussian());
    }

    /** values[round][variant]: each round one window per variant, in a random order. */
    private static double[][] interleaved(double[] costs, int rounds, Random random) {
        double phase = 2 * Math.PI * random.nextDouble();
        double[][] values = new double[rounds][costs.length];
        int t = 0;
        for (int r = 0; r < rounds; r++) {
            var order = new ArrayList<Integer>();
            for (int v = 0; v < costs.length; v++) {
                order.add(v);
            }
            java.util.Collections.shuffle(order, random);
            for (int v : order) {
                values[r][v] = measured(costs[v], t++, phase, random);
            }
        }
        return values;
    }

    /** The same machine, each variant measured in a block of its own, one after the other; window i of each paired as "round" i. */
    private static double[][] sequential(double[] costs, int rounds, Random random) {
        double phase = 2 * Math.PI * random.nextDouble();
        double[][] values = new double[rounds][costs.length];
        int t = 0;
        for (int v = 0; v < costs.length; v++) {
            for (int r = 0; r < rounds; r++) {
                values[r][v] = measured(costs[v], t++, phase, random);
            }
        }
        return values;
    }

    @Test
    void twoIdenticalVariantsOnADriftingMachineAreTiedWhenInterleavedAndApartWhenMeasuredOneAfterTheOther() {
        var random = new Random(42);
        int comparisons = 400;
        int interleavedFalseAlarms = 0;
        int sequentialFalseAlarms = 0;
        for (int c = 0; c < comparisons; c++) {
            double[] same = {1.0, 1.0};
            if (outcome(PairedAnalysis.of(Metric.RPS, List.of("a", "b"), interleaved(same, 20, random), SETTINGS))
                    == PairVerdict.Outcome.DIFFERENT) {
                interleavedFalseAlarms++;
            }
            if (outcome(PairedAnalysis.of(Metric.RPS, List.of("a", "b"), sequential(same, 20, random), SETTINGS))
                    == PairVerdict.Outcome.DIFFERENT) {
                sequentialFalseAlarms++;
            }
        }

        assertThat(interleavedFalseAlarms)
                .as("interleaved A/A comparisons declared different, of %d", comparisons)
                .isLessThanOrEqualTo(comparisons / 20);
        assertThat(sequentialFalseAlarms)
                .as("sequential A/A comparisons declared different, of %d", comparisons)
                .isGreaterThan(comparisons / 2);
    }

    @Test
    void aFivePercentDifferenceIsFoundOnTheDriftingMachineAndNeverReversed() {
        var random = new Random(7);
        int found = 0;
        for (int c = 0; c < 100; c++) {
            // "fast" needs 5% less per request: 1.05x the requests/s
            MetricVerdict verdict = PairedAnalysis.of(
                    Metric.RPS, List.of("slow", "fast"), interleaved(new double[] {1.05, 1.0}, 20, random), SETTINGS);
            PairVerdict pair = verdict.pair("slow", "fast").orElseThrow();
            if (pair.outcome() == PairVerdict.Outcome.DIFFERENT) {
                found++;
                assertThat(pair.first()).isEqualTo("fast");
                assertThat(verdict.groups()).containsExactly(List.of("fast"), List.of("slow"));
            }
        }
        assertThat(found)
                .as("comparisons that found the 5 percent difference, of 100")
                .isGreaterThanOrEqualTo(90);
    }

    /**
     * values[round][variant][fork]: every JVM keeps an offset of its own (its JIT's choices, its memory's layout: sd
     * {@code jvmSpread}), on top of a drifting machine and a little noise per trial.
     */
    private static double[][][] withJvmOffsets(double[] costs, int forks, int rounds, double jvmSpread, Random random) {
        double[][] offsets = new double[costs.length][forks];
        for (double[] variant : offsets) {
            for (int f = 0; f < forks; f++) {
                variant[f] = Math.exp(jvmSpread * random.nextGaussian());
            }
        }
        double phase = 2 * Math.PI * random.nextDouble();
        double[][][] values = new double[rounds][costs.length][forks];
        int t = 0;
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < costs.length; v++) {
                for (int f = 0; f < forks; f++) {
                    values[r][v][f] = measured(costs[v] * offsets[v][f], t++, phase, random);
                }
            }
        }
        return values;
    }

    @Test
    void whatAJvmKeepsOfItsOwnIsADifferenceWithOneJvmPerVariantAndNoiseWithSeveral() {
        var random = new Random(5);
        int comparisons = 200;
        int oneJvm = 0;
        int threeJvms = 0;
        for (int c = 0; c < comparisons; c++) {
            double[] same = {1.0, 1.0};
            if (outcome(PairedAnalysis.of(
                            Metric.RPS, List.of("a", "b"), withJvmOffsets(same, 1, 30, 0.03, random), SETTINGS))
                    == PairVerdict.Outcome.DIFFERENT) {
                oneJvm++;
            }
            if (outcome(PairedAnalysis.of(
                            Metric.RPS, List.of("a", "b"), withJvmOffsets(same, 3, 30, 0.03, random), SETTINGS))
                    == PairVerdict.Outcome.DIFFERENT) {
                threeJvms++;
            }
        }

        assertThat(oneJvm)
                .as("A/A comparisons of one JVM per variant declared different, of %d", comparisons)
                .isGreaterThan(comparisons / 4);
        assertThat(threeJvms)
                .as("A/A comparisons of three JVMs per variant declared different, of %d", comparisons)
                .isLessThanOrEqualTo(comparisons / 20);
    }

    /**
     * Three JVMs a variant whose offsets (±5%) outweigh b's 1%: b ahead in every round (the JVMs' geometric mean), yet
     * ahead in only two of the three groups of JVMs. Friedman's test over rounds would count each JVM's offset once per
     * round (p about 0.002 over 10 rounds) and print "the variants differ" beside a pair not detected; over the groups of
     * JVMs it does not.
     */
    @Test
    void theOverallTestWithSeveralJvmsRanksTheirMeansNotTheirRounds() {
        double[] a = {1.05, 0.95, 1.00};
        double[] b = {0.95 * 1.01, 1.05 * 1.01, 1.00 * 1.01};
        double[][][] values = new double[10][][];
        for (int r = 0; r < values.length; r++) {
            values[r] = new double[][] {a.clone(), b.clone()};
        }

        var verdict = PairedAnalysis.of(Metric.RPS, List.of("a", "b"), values, SETTINGS);

        assertThat(verdict.overall().pValue()).isGreaterThan(0.05);
        assertThat(verdict.pair("a", "b").orElseThrow().outcome()).isNotEqualTo(PairVerdict.Outcome.DIFFERENT);
    }

    @Test
    void severalJvmsPerVariantStillFindARealDifference() {
        var random = new Random(9);
        int found = 0;
        for (int c = 0; c < 50; c++) {
            MetricVerdict verdict = PairedAnalysis.of(
                    Metric.RPS,
                    List.of("slow", "fast"),
                    withJvmOffsets(new double[] {1.15, 1.0}, 3, 20, 0.02, random),
                    SETTINGS);
            PairVerdict pair = verdict.pair("slow", "fast").orElseThrow();
            if (pair.outcome() == PairVerdict.Outcome.DIFFERENT) {
                found++;
                assertThat(pair.first()).isEqualTo("fast");
            }
        }
        assertThat(found)
                .as("comparisons that found the 15 percent difference, of 50")
                .isGreaterThanOrEqualTo(45);
    }

    /**
     * values[round][variant][fork] measured together (duet): fork f of every variant at the same moment, on a machine
     * whose speed jumps by {@code momentSpread} from one moment to the next (as this one's does within seconds), every
     * JVM with an offset of its own ({@code jvmSpread}) and each trial a little noise of its own.
     */
    private static double[][][] together(
            double[] costs, int forks, int rounds, double momentSpread, double jvmSpread, Random random) {
        double[][] offsets = new double[costs.length][forks];
        for (double[] variant : offsets) {
            for (int f = 0; f < forks; f++) {
                variant[f] = Math.exp(jvmSpread * random.nextGaussian());
            }
        }
        double[][][] values = new double[rounds][costs.length][forks];
        for (int r = 0; r < rounds; r++) {
            for (int f = 0; f < forks; f++) {
                double speed = Math.exp(momentSpread * random.nextGaussian());
                for (int v = 0; v < costs.length; v++) {
                    values[r][v][f] = 40 * costs[v] * offsets[v][f] / speed * Math.exp(0.01 * random.nextGaussian());
                }
            }
        }
        return values;
    }

    /**
     * Together, JVMs measured at the same moment are compared with each other: on a machine whose speed jumps by 10% from
     * moment to moment, a 4% difference in CPU per request is found in most comparisons of 6 JVMs per variant, where
     * comparing every JVM with its whole round (as in turns) finds it far less often; and the JVMs' own offsets stay in
     * the intervals, so identical variants are seldom declared different.
     */
    @Test
    void togetherJvmsMeasuredAtTheSameMomentAreComparedWithEachOther() {
        var turns = new PairedAnalysis.Settings(0.95, 0.02, Schedule.TURNS);
        var together = new PairedAnalysis.Settings(0.95, 0.02, Schedule.TOGETHER);
        var random = new Random(22);
        int comparisons = 200;
        int foundTogether = 0;
        int foundAsTurns = 0;
        int falseAlarms = 0;
        for (int c = 0; c < comparisons; c++) {
            double[][][] values = together(new double[] {1.04, 1.0}, 6, 8, 0.10, 0.01, random);
            PairVerdict pair = PairedAnalysis.of(Metric.CPU_PER_REQUEST, List.of("burn", "base"), values, together)
                    .pair("burn", "base")
                    .orElseThrow();
            if (pair.outcome() == PairVerdict.Outcome.DIFFERENT) {
                foundTogether++;
                assertThat(pair.first()).as("lower CPU per request is better").isEqualTo("base");
            }
            if (outcome(PairedAnalysis.of(Metric.CPU_PER_REQUEST, List.of("burn", "base"), values, turns))
                    == PairVerdict.Outcome.DIFFERENT) {
                foundAsTurns++;
            }
            if (outcome(PairedAnalysis.of(
                            Metric.CPU_PER_REQUEST,
                            List.of("a", "b"),
                            together(new double[] {1.0, 1.0}, 6, 8, 0.10, 0.02, random),
                            together))
                    == PairVerdict.Outcome.DIFFERENT) {
                falseAlarms++;
            }
        }
        System.out.printf(
                "together: 4%% found in %d of %d (%d analysed as in turns); A/A declared different in %d%n",
                foundTogether, comparisons, foundAsTurns, falseAlarms);
        assertThat(foundTogether)
                .as("comparisons that found the 4 percent difference, of %d", comparisons)
                .isGreaterThanOrEqualTo(comparisons * 8 / 10);
        assertThat(foundAsTurns)
                .as("the same values analysed as if in turns: found, of %d", comparisons)
                .isLessThan(foundTogether * 2 / 3);
        assertThat(falseAlarms)
                .as("A/A comparisons with JVM offsets of 2%% declared different, of %d", comparisons)
                .isLessThanOrEqualTo(comparisons * 7 / 100);
    }

    @Test
    void latencyIsBetterLowerAndItsRatiosSaySo() {
        var random = new Random(3);
        double[][] p99 =
                interleaved(new double[] {1.0, 1.3}, 12, random); // as if latencies: the second is 1/1.3 of the first
        MetricVerdict verdict = PairedAnalysis.of(Metric.P99, List.of("slower", "faster"), p99, SETTINGS);

        PairVerdict pair = verdict.pairs().getFirst();
        assertThat(pair.first()).isEqualTo("faster");
        assertThat(pair.ratio()).isLessThan(1);
        assertThat(pair.high()).isLessThan(1);
        assertThat(verdict.variants().getFirst().label()).isEqualTo("faster");
    }

    @Test
    void groupsFollowTheLeaderRule() {
        // a > c declared; a ~ b and b ~ c not told apart: b joins a's group, c starts the next
        var pairs = List.of(
                new PairVerdict("a", "b", 1.02, 0.98, 1.06, 0.99, 0.3, 0.02, PairVerdict.Outcome.UNDECIDED),
                new PairVerdict("b", "c", 1.02, 0.98, 1.06, 0.99, 0.3, 0.02, PairVerdict.Outcome.UNDECIDED),
                new PairVerdict("a", "c", 1.05, 1.01, 1.09, 0.99, 0.001, 0.02, PairVerdict.Outcome.DIFFERENT));

        assertThat(PairedAnalysis.groups(List.of("a", "b", "c"), pairs))
                .containsExactly(List.of("a", "b"), List.of("c"));
    }

    @Test
    void identicalVariantsOnAQuietMachineAreDecidedEquivalent() {
        var random = new Random(11);
        double[][] values = new double[10][2];
        for (double[] round : values) {
            double speed = 0.5 + random.nextDouble();
            round[0] = 1000 * speed * (1 + 0.002 * random.nextGaussian());
            round[1] = 1000 * speed * (1 + 0.002 * random.nextGaussian());
        }

        MetricVerdict verdict = PairedAnalysis.of(Metric.RPS, List.of("a", "b"), values, SETTINGS);

        assertThat(verdict.pairs().getFirst().outcome()).isEqualTo(PairVerdict.Outcome.EQUIVALENT);
        assertThat(verdict.decided()).isTrue();
        assertThat(verdict.groups()).hasSize(1);
    }

    @Test
    void aRoundWithNothingMeasuredIsLeftOutForEveryVariant() {
        double[][] values = {{100, 90}, {Double.NaN, 80}, {110, 100}, {105, 95}};

        assertThat(PairedAnalysis.of(Metric.RPS, List.of("a", "b"), values, SETTINGS)
                        .rounds())
                .isEqualTo(3);
    }

    /** Every request of a variant failed in every round: nothing to compare, said as such rather than thrown. */
    @Test
    void withNoCompleteRoundEveryPairIsUndecidedAndNoVariantScored() {
        List<String> labels = List.of("a", "b");
        double[][] values = {{Double.NaN, 90}, {Double.NaN, 80}};

        MetricVerdict verdict = PairedAnalysis.of(Metric.RPS, labels, values, SETTINGS);

        assertThat(verdict.rounds()).isZero();
        assertThat(verdict.variants())
                .extracting(MetricVerdict.VariantScore::label)
                .containsExactlyInAnyOrderElementsOf(labels);
        assertThat(verdict.variants())
                .allSatisfy(score -> assertThat(score.relative()).isNaN());
        assertThat(verdict.pairs())
                .singleElement()
                .satisfies(pair -> assertThat(pair.outcome()).isEqualTo(PairVerdict.Outcome.UNDECIDED));
    }

    @Test
    void looksComeAtGrowingRoundsAndAtTheLast() {
        assertThat(Looks.of(5, 30).rounds()).containsExactly(5, 8, 12, 18, 27, 30);
        assertThat(Looks.of(3, 3).rounds()).containsExactly(3);
        assertThat(Looks.of(2, 4).rounds()).containsExactly(2, 3, 4);
    }

    private static PairVerdict.Outcome outcome(MetricVerdict verdict) {
        return verdict.pairs().getFirst().outcome();
    }
}
