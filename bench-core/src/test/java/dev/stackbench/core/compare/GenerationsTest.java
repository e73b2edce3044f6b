package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/** JVMs in generations: the design's arithmetic, its looks, and the analysis counting each generation's JVMs as its own. */
@ChecksBehaviour
class GenerationsTest {

    private static Design design(int forks, int jvms, int trialsPerJvm, int pilotTrials) {
        return new Design(
                5,
                30,
                Duration.ofMinutes(20),
                Duration.ofSeconds(1),
                0,
                forks,
                jvms,
                trialsPerJvm,
                pilotTrials,
                Schedule.TURNS,
                0.95,
                0.02,
                List.of(Metric.CPU_PER_REQUEST),
                1,
                null);
    }

    @Test
    void generationsServeTheirRoundsAndTheLooksComeAtTheirEnds() {
        Design design = design(2, 8, 2, 0); // 4 generations of 2 JVMs, 2 rounds each

        assertThat(design.generations()).isEqualTo(4);
        assertThat(design.maxRounds()).isEqualTo(8);
        assertThat(List.of(1, 2, 3, 4, 5, 8).stream().map(design::generation)).containsExactly(1, 1, 2, 2, 3, 4);
        assertThat(design.lastRound(3)).isEqualTo(6);
        assertThat(design.looks().rounds()).allMatch(round -> round % 2 == 0).contains(6, 8);
        assertThat(design.severalJvms()).isTrue();
    }

    @Test
    void aPlannedDesignKeepsItsPilotsRoundsWhenThePlanChangesTheTrialsPerJvm() {
        Design pilot = Design.planned(
                0.03,
                Duration.ofMinutes(10),
                Duration.ofSeconds(1),
                0,
                Schedule.TURNS,
                0.95,
                0.03,
                List.of(Metric.CPU_PER_REQUEST),
                1);
        assertThat(pilot.planned()).isTrue();
        assertThat(pilot.maxRounds()).isEqualTo(Design.PILOT_TRIALS);

        Design planned = pilot.withGenerations(4 * Design.PILOT_FORKS, 1);

        assertThat(planned.pilotTrials()).isEqualTo(Design.PILOT_TRIALS);
        assertThat(planned.maxRounds()).isEqualTo(Design.PILOT_TRIALS + 3);
        assertThat(planned.generation(Design.PILOT_TRIALS)).isEqualTo(1);
        assertThat(planned.generation(Design.PILOT_TRIALS + 1)).isEqualTo(2);
        assertThat(planned.generation(Design.PILOT_TRIALS + 3)).isEqualTo(4);
        assertThat(planned.looks().rounds()).contains(Design.PILOT_TRIALS + 3);

        // A plan of one generation and more trials per JVM than the pilot's: the pilot's JVMs serve them all.
        Design longer = pilot.withGenerations(Design.PILOT_FORKS, 7);
        assertThat(longer.generations()).isEqualTo(1);
        assertThat(longer.maxRounds()).isEqualTo(7);
        assertThat(longer.generation(7)).isEqualTo(1);
        assertThat(longer.looks().rounds()).containsExactly(7);
        // and of several: the pilot's JVMs serve as many as the later ones
        Design more = pilot.withGenerations(2 * Design.PILOT_FORKS, 5);
        assertThat(more.maxRounds()).isEqualTo(10);
        assertThat(more.generation(5)).isEqualTo(1);
        assertThat(more.generation(6)).isEqualTo(2);
    }

    /**
     * JVMs that --forks does not divide: the last generation has the rest. And a time limit that holds only some of a
     * generation's JVMs ends the design with those.
     */
    @Test
    void theLastGenerationHasTheJvmsLeftOver() {
        Design design = design(3, 5, 2, 0);

        assertThat(design.generations()).isEqualTo(2);
        assertThat(design.forksIn(1)).isEqualTo(3);
        assertThat(design.forksIn(2)).isEqualTo(2);
        assertThat(design.maxRounds()).isEqualTo(4);

        Design cut = design(3, 9, 2, 3).endingWith(2, 1);
        assertThat(cut.jvmsPerVariant()).isEqualTo(4);
        assertThat(cut.generations()).isEqualTo(2);
        assertThat(cut.forksIn(2)).isEqualTo(1);
        assertThat(cut.maxRounds()).isEqualTo(5);
        assertThat(cut.generation(5)).isEqualTo(2);
        assertThat(cut.looks().rounds()).contains(5);
    }

    /**
     * Measured together, a pair's interval is Student's over the slots' log ratios (a slot: fork f of one generation);
     * a last generation of one JVM per variant is one slot more, not three (the first generation's width): an analysis
     * that numbered slots by the first generation's width counted two empty slots, at a ratio of 1.
     */
    @Test
    void aLastGenerationOfFewerJvmsIsAsManySlots() {
        double[] slotRatios = {1.04, 1.01, 1.06, 1.03}; // generation 1: forks 0-2; generation 2: fork 0
        double[][][] values = new double[4][2][];
        int[] generations = {1, 1, 2, 2};
        for (int round = 0; round < 4; round++) {
            int forks = round < 2 ? 3 : 1;
            values[round] = new double[2][forks];
            for (int fork = 0; fork < forks; fork++) {
                double machine = 1 + 0.1 * round;
                values[round][0][fork] = 100 * machine * slotRatios[round < 2 ? fork : 3];
                values[round][1][fork] = 100 * machine;
            }
        }
        double[] logs = java.util.Arrays.stream(slotRatios).map(Math::log).toArray();
        var settings = new PairedAnalysis.Settings(0.95, 0.02, Schedule.TOGETHER);

        PairVerdict pair = PairedAnalysis.of(Metric.RPS, List.of("a", "b"), values, generations, settings)
                .pair("a", "b")
                .orElseThrow();
        var paired = dev.stackbench.core.stats.PairedRatio.ofLogs(logs).interval(0.95);

        assertThat(pair.low()).isCloseTo(paired.low(), within(1e-9));
        assertThat(pair.high()).isCloseTo(paired.high(), within(1e-9));
    }

    /**
     * A generation is started with the JVMs the time left holds at the generation before's cost per JVM: measured here,
     * a pilot of 3 JVMs per variant ready in 216 s, rounds of 20 s, 3 minutes left: not a generation of three with 1
     * round each (236 s), but two (157 s); none when one does not fit.
     */
    @Test
    void aGenerationTheTimeCannotHoldWholeStartsWithTheJvmsItHolds() {
        assertThat(ComparisonRunner.jvmsThatFit(3, 3, 216, 1, 20, 400)).isEqualTo(3);
        assertThat(ComparisonRunner.jvmsThatFit(3, 3, 216, 1, 20, 180)).isEqualTo(2);
        assertThat(ComparisonRunner.jvmsThatFit(3, 3, 216, 1, 20, 70)).isZero();
        // the last generation's rounds count: 3 rounds each
        assertThat(ComparisonRunner.jvmsThatFit(3, 3, 216, 3, 20, 180)).isEqualTo(1);
    }

    /**
     * A pilot the time limit holds one JVM per variant of: still its pilot (3 rounds, a look at the third, its JVMs
     * named by their fork as they started), then its JVMs' rounds until the time limit, looked at as rounds are.
     */
    @Test
    void aSmallerPilotIsTheOnlyGenerationAndItsJvmsServeUntilTheTimeLimit() {
        Design pilot = Design.planned(
                        0.10,
                        Duration.ofMinutes(15),
                        Duration.ofSeconds(1),
                        0,
                        Schedule.TURNS,
                        0.95,
                        0.10,
                        List.of(Metric.RPS),
                        1)
                .pilotOf(1);

        assertThat(pilot.jvmsPerVariant()).isEqualTo(1);
        assertThat(pilot.generations()).isEqualTo(1);
        assertThat(pilot.maxRounds()).isEqualTo(Design.PILOT_TRIALS);
        assertThat(pilot.lastRound(1)).isEqualTo(Design.PILOT_TRIALS);
        assertThat(pilot.looks().rounds()).containsExactly(Design.PILOT_TRIALS);
        assertThat(pilot.severalJvms()).isFalse();
        assertThat(pilot.forkNamed()).isTrue();

        Design rest = pilot.untilTheTimeLimit();
        assertThat(rest.maxRounds()).isEqualTo(Design.MAX_ROUNDS);
        assertThat(rest.generations()).isEqualTo(1);
        assertThat(rest.generation(Design.MAX_ROUNDS)).isEqualTo(1);
        assertThat(rest.looks().rounds()).contains(Design.PILOT_TRIALS, Design.MAX_ROUNDS);
        assertThat(rest.forkNamed()).isTrue();
    }

    /**
     * Eight variants' pilot of 3 JVMs each, as measured here (2026-11-28): its first JVM warmed up in 53 s, 776 s left,
     * a round of its 24 JVMs reckoned at 192 s (8 s a JVM). The other 23 warm-ups alone would take 1,219 s; two per
     * variant still 15 warm-ups (795 s); one per variant 7 warm-ups and 3 rounds of 8 JVMs (371 + 192 s): one. Its own 3
     * when they and their 3 rounds fit, not when only a first round does.
     */
    @Test
    void aPilotTheTimeCannotHoldGoesOnWithTheJvmsPerVariantItHolds() {
        // the first JVM of the first variant is warm: m per variant leave 8 m - 1 waiting
        IntUnaryOperator waiting = m -> 8 * m - 1;
        assertThat(ComparisonRunner.pilotForksThatFit(3, 8, waiting, 53, 3, 8, 776))
                .isEqualTo(1);
        assertThat(ComparisonRunner.pilotForksThatFit(3, 8, waiting, 53, 3, 8, 1200))
                .isEqualTo(2);
        assertThat(ComparisonRunner.pilotForksThatFit(3, 8, waiting, 53, 3, 8, 500))
                .isZero();
        // the rounds count: 7 warm-ups fit in 400 s, not with 3 rounds of 8 JVMs
        assertThat(ComparisonRunner.pilotForksThatFit(3, 8, waiting, 53, 3, 8, 400))
                .isZero();
        // all 3: 1,219 s of warm-ups and 3 rounds of 24 JVMs (576 s); at 1,500 s a first round fits after the 23
        // warm-ups (1,411 s) but not the pilot's 3 rounds: 2 per variant
        assertThat(ComparisonRunner.pilotForksThatFit(3, 8, waiting, 53, 3, 8, 1800))
                .isEqualTo(3);
        assertThat(ComparisonRunner.pilotForksThatFit(3, 8, waiting, 53, 3, 8, 1500))
                .isEqualTo(2);
    }

    @Test
    void badGenerationsAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> design(3, 2, 2, 0)).hasMessageContaining("--jvms (2) must be at least --forks (3)");
        assertThatThrownBy(() -> design(2, 4, 0, 0)).hasMessageContaining("needs --trials-per-jvm");
    }

    /**
     * Fork f of generation 2 is another JVM than fork f of generation 1. Here each variant's JVMs at position f are +5%
     * in one generation and -5% in the other, so that taking them for one JVM would average the JVMs' spread away and
     * declare b's 2% sure; four JVMs 10% apart cannot.
     */
    @Test
    void eachGenerationsJvmsAreJvmsOfTheirOwn() {
        double[] offsets = {1.05, 0.95, 0.95, 1.05}; // generation 1: forks 0, 1; generation 2: forks 0, 1
        double[][][] values = new double[8][2][2];
        int[] generations = new int[8];
        for (int round = 0; round < 8; round++) {
            int generation = round / 4;
            generations[round] = generation;
            for (int fork = 0; fork < 2; fork++) {
                double offset = offsets[generation * 2 + fork];
                double noise = 1 + 0.001 * ((round * 7 + fork * 3) % 5 - 2);
                values[round][0][fork] = 100 * offset * noise;
                values[round][1][fork] = 102 * offset * noise;
            }
        }
        var settings = new PairedAnalysis.Settings(0.95, 0.02, Schedule.TURNS);

        PairVerdict byJvm = PairedAnalysis.of(Metric.CPU_PER_REQUEST, List.of("a", "b"), values, generations, settings)
                .pair("a", "b")
                .orElseThrow();

        assertThat(byJvm.outcome()).isEqualTo(PairVerdict.Outcome.UNDECIDED);
        // The same values taken as two JVMs that lived through all rounds: their spread is gone, and b's 2% is "sure".
        assertThat(PairedAnalysis.of(Metric.CPU_PER_REQUEST, List.of("a", "b"), values, settings)
                        .pair("a", "b")
                        .orElseThrow()
                        .outcome())
                .isEqualTo(PairVerdict.Outcome.DIFFERENT);
    }
    /**
     * JVMs in generations of one (a JMH fork per round, as the suite in rounds measures them), two variants: each round's
     * two forks are compared with each other only, so the pair's interval is Student's paired t over the rounds' log
     * ratios, R - 1 degrees of freedom. Taking each value relative to its round's mean costs a degree of freedom per
     * round; counted as k (R - 1) instead, this interval came out narrower by sqrt(2) and with twice the freedom.
     */
    @Test
    void generationsOfOneJvmGiveThePairedTOverTheRounds() {
        double[] machine = {1.0, 0.7, 1.3, 0.9};
        double[] ratios = {1.10, 1.02, 1.16, 1.05};
        double[][][] values = new double[machine.length][2][1];
        int[] generations = new int[machine.length];
        double[] logs = new double[machine.length];
        for (int r = 0; r < machine.length; r++) {
            generations[r] = r;
            values[r][0][0] = 100 * machine[r] * ratios[r];
            values[r][1][0] = 100 * machine[r];
            logs[r] = Math.log(ratios[r]);
        }
        var settings = new PairedAnalysis.Settings(0.95, 0.02, Schedule.TURNS);

        PairVerdict pair = PairedAnalysis.of(Metric.RPS, List.of("a", "b"), values, generations, settings)
                .pair("a", "b")
                .orElseThrow();
        var paired = dev.stackbench.core.stats.PairedRatio.ofLogs(logs).interval(0.95);

        assertThat(pair.ratio())
                .isCloseTo(Math.exp(java.util.Arrays.stream(logs).average().orElseThrow()), within(1e-9));
        assertThat(pair.low()).isCloseTo(paired.low(), within(1e-9));
        assertThat(pair.high()).isCloseTo(paired.high(), within(1e-9));
    }
}
