package dev.stackbench.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

@ChecksBehaviour
class PlannerTest {

    /** This machine's costs (docs/compare.md): a JVM's start and warm-up about 75 s, a trial about 10 s. */
    private static final Costs COSTS = new Costs(Duration.ofSeconds(75), Duration.ofSeconds(10));

    /** JVMs keep offsets of 3% (CPU per request here), trials of one JVM differ by 2%. */
    private static final VarianceComponents JVMS_DIFFER = VarianceComponents.known(0.03 * 0.03, 0.02 * 0.02);

    /** JVMs keep offsets of 0.2%, trials differ by 10% (requests/s in turns here). */
    private static final VarianceComponents TRIALS_DIFFER = VarianceComponents.known(0.002 * 0.002, 0.10 * 0.10);

    @Test
    void manyJvmsAndFewTrialsEachWhenJvmsDiffer() {
        Plan plan = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03));

        assertThat(plan.trialsPerJvm()).isBetween(1, 2);
        assertThat(plan.jvmsPerVariant()).isGreaterThanOrEqualTo(10);
        assertThat(plan.reachesPower()).isTrue();
        assertThat(plan.power()).isGreaterThanOrEqualTo(0.90);
        // one JVM fewer would not reach the power: the fewest that do (the last generation has the JVMs left over)
        assertThat(Planner.power(JVMS_DIFFER, plan.question(), plan.jvmsPerVariant() - 1, plan.trialsPerJvm(), 0.03))
                .isLessThan(0.90);
    }

    @Test
    void manyTrialsPerJvmWhenJvmsDoNotDiffer() {
        Plan differ = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03));
        Plan same = Planner.plan(TRIALS_DIFFER, COSTS, Question.detect(0.03));

        assertThat(same.trialsPerJvm()).isGreaterThanOrEqualTo(10);
        assertThat(same.trialsPerJvm()).isGreaterThan(differ.trialsPerJvm());
        assertThat(same.jvmsPerVariant()).isLessThan(differ.jvmsPerVariant());
    }

    @Test
    void trialsPerJvmAreKaliberaAndJonesOptimum() {
        // sqrt(cJvm s²trial / (cTrial s²jvm)) = sqrt(90 * 0.004 / (10 * 0.001)) = 6
        var costs = new Costs(Duration.ofSeconds(90), Duration.ofSeconds(10));
        assertThat(Planner.trialsPerJvm(VarianceComponents.known(0.001, 0.004), costs))
                .isEqualTo(6);
        // a JVM 4 times dearer: twice the trials
        assertThat(Planner.trialsPerJvm(
                        VarianceComponents.known(0.001, 0.004),
                        new Costs(Duration.ofSeconds(360), Duration.ofSeconds(10))))
                .isEqualTo(12);
        // JVMs that do not differ at all: as many trials as allowed
        assertThat(Planner.trialsPerJvm(VarianceComponents.known(0, 0.004), costs))
                .isEqualTo(Planner.MAX_TRIALS_PER_JVM);
        // trials that do not differ: one is enough
        assertThat(Planner.trialsPerJvm(VarianceComponents.known(0.001, 0), costs))
                .isEqualTo(1);
    }

    @Test
    void aSmallerDifferenceOrMoreConfidenceOrPowerCostsMoreJvmsAndTime() {
        Plan three = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03));
        Plan five = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.05));
        Plan sure = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.05).withConfidence(0.99));
        Plan powerful = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.05).withPower(0.99));
        Plan eight = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.05).withVariants(8));

        assertThat(three.jvmsPerVariant()).isGreaterThan(five.jvmsPerVariant());
        assertThat(three.expected()).isGreaterThan(five.expected());
        assertThat(sure.expected()).isGreaterThan(five.expected());
        assertThat(powerful.expected()).isGreaterThan(five.expected());
        // 8 variants share the confidence over 28 pairs, and each costs its own JVMs
        assertThat(eight.jvmsPerVariant()).isGreaterThan(five.jvmsPerVariant());
        assertThat(eight.expected()).isGreaterThan(five.expected().multipliedBy(4));
        // the time is the JVMs' and their trials'
        assertThat(five.expected().toSeconds())
                .isEqualTo(2L * five.jvmsPerVariant() * (75 + 10L * five.trialsPerJvm()));
    }

    @Test
    void powerGrowsWithJvmsTrialsAndTheDifference() {
        Question question = Question.detect(0.03);
        double previous = 0;
        for (int jvms = 2; jvms <= 40; jvms++) {
            double power = Planner.power(JVMS_DIFFER, question, jvms, 2, 0.03);
            assertThat(power).isGreaterThan(previous);
            previous = power;
        }
        assertThat(Planner.power(JVMS_DIFFER, question, 10, 4, 0.03))
                .isGreaterThan(Planner.power(JVMS_DIFFER, question, 10, 2, 0.03));
        assertThat(Planner.power(JVMS_DIFFER, question, 10, 2, 0.05))
                .isGreaterThan(Planner.power(JVMS_DIFFER, question, 10, 2, 0.03));
        // no difference: declared at the false-alarm rate alone
        assertThat(Planner.power(JVMS_DIFFER, question, 10, 2, 0)).isCloseTo(0.05, within(1e-4)); // to its quadrature
    }

    /**
     * The power planned is the rate at which compare's own analysis declares the difference, on synthetic JVMs run as a
     * planned comparison runs them: in generations of three per variant, each generation's rounds at moments of their
     * own (the machine's speed moving from round to round), each value taken relative to its moment.
     */
    @Test
    void thePlannedPowerIsWhatTheAnalysisFindsOnSyntheticGenerationsOfJvms() {
        Plan plan = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03));
        var random = new Random(32);
        int comparisons = 3000;
        int found = 0;
        int falseAlarms = 0;
        for (int c = 0; c < comparisons; c++) {
            if (declaredDifferent(random, plan.jvmsPerVariant(), plan.trialsPerJvm(), Math.log(1.03))) {
                found++;
            }
            if (declaredDifferent(random, plan.jvmsPerVariant(), plan.trialsPerJvm(), 0)) {
                falseAlarms++;
            }
        }
        assertThat(found / (double) comparisons).isCloseTo(plan.power(), within(0.02));
        assertThat(falseAlarms / (double) comparisons).isCloseTo(0.05, within(0.015));

        // ten JVMs: three generations of three and a last of one, its JVM a JVM of its own
        int partial = 0;
        for (int c = 0; c < comparisons; c++) {
            if (declaredDifferent(random, 10, 2, Math.log(1.03))) {
                partial++;
            }
        }
        assertThat(partial / (double) comparisons)
                .isCloseTo(Planner.power(JVMS_DIFFER, plan.question(), 10, 2, 0.03), within(0.025));
    }

    /**
     * Measured together, the analysis compares a pair JVM by JVM (J - 1 degrees of freedom): the power planned for it is
     * what it finds. Planned with the degrees of freedom of the analysis in turns (4 instead of 2 for 3 JVMs a variant),
     * the plan promised 77% where the analysis found 49% (3 JVMs, 10% apart); with the shifted central t it took for the
     * noncentral one, 29%.
     */
    @Test
    void thePlannedPowerTogetherIsWhatTheAnalysisOfJvmsMeasuredTogetherFinds() {
        Question together = Question.detect(0.03).withTogether(true);
        var random = new Random(33);
        int comparisons = 3000;
        for (double difference : new double[] {0.03, 0.10}) {
            for (int jvms : new int[] {3, 4}) {
                int found = 0;
                for (int c = 0; c < comparisons; c++) {
                    if (declaredDifferent(random, jvms, 3, Math.log1p(difference), Schedule.TOGETHER)) {
                        found++;
                    }
                }
                assertThat(found / (double) comparisons)
                        .as("%d JVMs per variant, %.0f%% apart", jvms, 100 * difference)
                        .isCloseTo(Planner.power(JVMS_DIFFER, together, jvms, 3, difference), within(0.025));
            }
        }
    }

    /** One synthetic comparison of a and b (a higher by {@code shift} in logs) through {@link PairedAnalysis}, in turns. */
    private static boolean declaredDifferent(Random random, int jvms, int trials, double shift) {
        return declaredDifferent(random, jvms, trials, shift, Schedule.TURNS);
    }

    /** As above, the rounds in turns or together, as {@code schedule} says. */
    private static boolean declaredDifferent(Random random, int jvms, int trials, double shift, Schedule schedule) {
        int generations = Math.ceilDiv(jvms, Planner.JVMS_PER_GENERATION);
        double[][][] values = new double[generations * trials][2][];
        int[] generationOfRound = new int[values.length];
        for (int g = 0; g < generations; g++) {
            // the last generation with the JVMs left over, as compare starts them
            int forks = Math.min(Planner.JVMS_PER_GENERATION, jvms - g * Planner.JVMS_PER_GENERATION);
            double[][] offsets = new double[2][forks];
            for (int v = 0; v < 2; v++) {
                for (int f = 0; f < forks; f++) {
                    offsets[v][f] = 0.03 * random.nextGaussian();
                }
            }
            for (int t = 0; t < trials; t++) {
                int round = g * trials + t;
                generationOfRound[round] = g;
                double moment = 0.05 * random.nextGaussian();
                values[round] = new double[2][forks];
                for (int v = 0; v < 2; v++) {
                    for (int f = 0; f < forks; f++) {
                        values[round][v][f] =
                                Math.exp((v == 0 ? shift : 0) + moment + offsets[v][f] + 0.02 * random.nextGaussian());
                    }
                }
            }
        }
        MetricVerdict verdict = PairedAnalysis.of(
                Metric.CPU_PER_REQUEST,
                List.of("a", "b"),
                values,
                generationOfRound,
                new PairedAnalysis.Settings(0.95, 0.01, schedule));
        return verdict.pair("a", "b").orElseThrow().outcome() == PairVerdict.Outcome.DIFFERENT;
    }

    @Test
    void aBudgetSaysWhatItResolves() {
        Question question = Question.detect(0.03);
        Plan unlimited = Planner.plan(JVMS_DIFFER, COSTS, question);
        Duration half = unlimited.expected().dividedBy(2);

        Plan budgeted = Planner.plan(JVMS_DIFFER, COSTS, question.withBudget(half));

        assertThat(budgeted.limitedBy()).isEqualTo(Plan.Limit.BUDGET);
        assertThat(budgeted.expected()).isLessThanOrEqualTo(half);
        assertThat(budgeted.jvmsPerVariant()).isLessThan(unlimited.jvmsPerVariant());
        assertThat(budgeted.power()).isLessThan(0.90);
        assertThat(budgeted.resolution()).isGreaterThan(0.03);
        // the resolution is the difference found with the power asked for
        assertThat(Planner.power(
                        JVMS_DIFFER,
                        question,
                        budgeted.jvmsPerVariant(),
                        budgeted.trialsPerJvm(),
                        budgeted.resolution()))
                .isCloseTo(0.90, within(1e-6));
        // more time resolves less
        Plan more = Planner.plan(
                JVMS_DIFFER, COSTS, question.withBudget(half.multipliedBy(3).dividedBy(2)));
        assertThat(more.resolution()).isLessThan(budgeted.resolution());
        assertThat(budgeted.describe())
                .startsWith("in the budget of ")
                .contains("it tells " + Plan.percent(budgeted.resolution()) + " apart at 95% with 90% power");

        Plan enough = Planner.plan(
                JVMS_DIFFER, COSTS, question.withBudget(unlimited.expected().multipliedBy(2)));
        assertThat(enough.limitedBy()).isEqualTo(Plan.Limit.POWER);
        assertThat(enough.jvmsPerVariant()).isEqualTo(unlimited.jvmsPerVariant());
        assertThat(enough.resolution()).isLessThanOrEqualTo(0.03);
    }

    /**
     * The pilot's generation serves its three trials per JVM whatever the plan's trials per JVM: those are time spent. A
     * pilot measured here (JVMs 2.1%, trials 1.0%, a JVM 35.5 s, a trial 3.5 s, 8 minutes) planned "6 JVMs per variant, 1
     * trial each, about 8 minutes" counting its own JVMs at one trial each; after the pilot's three rounds the time left
     * could not hold a second generation, and the comparison ended at 4 min 37 s, undecided, with the time unspent.
     * (Then it planned 3 JVMs, whole generations only; now the last generation has what the time holds.)
     */
    @Test
    void aPilotsOwnTrialsAreTimeTheBudgetHasSpent() {
        var pilot = VarianceComponents.known(0.021 * 0.021, 0.010 * 0.010);
        var costs = new Costs(Duration.ofMillis(35_500), Duration.ofMillis(3_500));
        Question question = Question.detect(0.03).withBudget(Duration.ofMinutes(8));

        Plan uncounted = Planner.plan(pilot, costs, question);
        Plan counted = Planner.plan(pilot, costs, question, 3);

        assertThat(uncounted.jvmsPerVariant()).isEqualTo(6); // what it said, which did not fit
        // the pilot's 3 and 2 more, a last generation of what the time holds, 3 trials each: 2 x 5 x (35.5 + 3 x 3.5) s
        // are 460 s; a sixth JVM of one trial would need 2 x 6 x 39 s and the pilot's 2 x 3 x 2 extra trials, 510 s
        assertThat(counted.jvmsPerVariant()).isEqualTo(5);
        assertThat(counted.trialsPerJvm()).isEqualTo(3);
        assertThat(counted.expected()).isEqualTo(Duration.ofSeconds(460));
        // a plan of 3 trials or more per JVM is not charged for the pilot's
        Plan many = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03));
        assertThat(many.trialsPerJvm()).isGreaterThanOrEqualTo(1);
        assertThat(Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03), 1).expected())
                .isEqualTo(many.expected());
    }

    /**
     * When JVMs hardly differ, Kalibera and Jones' optimum is many trials per JVM (here 30, so 6m15s a JVM and 37.5
     * minutes for the first generation of two variants); a budget of 15 minutes cannot buy that, yet buys 3 JVMs with
     * fewer trials each, and the plan says what those resolve (measured on this machine: a pilot of 0.7% between JVMs and
     * 2.1% within asked for 11 trials each, and a budget of 8 minutes answered "buys fewer than 3 JVMs").
     */
    @Test
    void aBudgetTheOptimumDoesNotFitInBuysFewerTrialsPerJvmAndSaysWhatTheyResolve() {
        Question question = Question.detect(0.03);
        assertThat(Planner.trialsPerJvm(TRIALS_DIFFER, COSTS)).isEqualTo(Planner.MAX_TRIALS_PER_JVM);

        Plan budgeted = Planner.plan(TRIALS_DIFFER, COSTS, question.withBudget(Duration.ofMinutes(15)));

        assertThat(budgeted.limitedBy()).isEqualTo(Plan.Limit.BUDGET);
        assertThat(budgeted.jvmsPerVariant()).isEqualTo(Planner.MIN_JVMS_PER_VARIANT);
        // 2 variants x 3 JVMs x (75 s + n 10 s) within 900 s: at most 7 trials each, and the most resolve the least
        assertThat(budgeted.trialsPerJvm()).isEqualTo(7);
        assertThat(budgeted.expected()).isLessThanOrEqualTo(Duration.ofMinutes(15));
        assertThat(budgeted.resolution()).isGreaterThan(0.03);
        assertThat(budgeted.describe()).startsWith("in the budget of 15 minutes: 3 JVMs per variant, 7 trials each");
    }

    @Test
    void itDescribesItselfInOneLine() {
        Plan plan = Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03));

        assertThat(plan.describe())
                .isEqualTo("to tell 3% apart at 95% with 90% power: " + plan.jvmsPerVariant() + " JVMs per variant, "
                        + plan.trialsPerJvm() + " trials each, about "
                        + Math.round(plan.expected().toSeconds() / 60.0) + " minutes");
        assertThat(plan).hasToString(plan.describe());
        assertThat(Plan.percent(0.025)).isEqualTo("2.5%");
        assertThat(Plan.about(Duration.ofSeconds(95))).isEqualTo("95 s");
        assertThat(Plan.about(Duration.ofMinutes(130))).isEqualTo("2 h 10 min");
    }

    @Test
    void aQuestionNoDesignCanAnswerSaysSo() {
        Plan plan = Planner.plan(VarianceComponents.known(0.2 * 0.2, 0.01), COSTS, Question.detect(0.01));

        assertThat(plan.limitedBy()).isEqualTo(Plan.Limit.MAX_JVMS);
        assertThat(plan.jvmsPerVariant()).isEqualTo(Planner.MAX_JVMS_PER_VARIANT);
        assertThat(plan.describe()).contains("needs more than 99 JVMs per variant");
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> Question.detect(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("difference to detect must be between 0 and 1 (0.03 for 3%), got 0.0");
        assertThatThrownBy(() -> new Question(3, 1.5, 0.9, 1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 3.0")
                .hasMessageContaining("confidence must be between 0 and 1 (e.g. 0.95), got 1.5")
                .hasMessageContaining("at least 2 variants, got 1")
                .hasMessageContaining("budget must be positive, got 0");
        assertThatThrownBy(() -> Question.detect(0.03).withPower(0.04))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the power (0.04) must exceed the false-alarm rate");
        assertThatThrownBy(() -> new Costs(Duration.ZERO, Duration.ofSeconds(10)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cost of a JVM (start and warm-up) must be positive, got 0");
        assertThatThrownBy(() -> new Costs(Duration.ofSeconds(75), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cost of a trial must be positive, got null");
        assertThatThrownBy(() -> VarianceComponents.known(-1e-4, 1e-4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between-JVM variance must be 0 or more, got -1.0E-4");
        assertThatThrownBy(() -> VarianceComponents.known(0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nothing varies");
        assertThatThrownBy(() ->
                        Planner.plan(JVMS_DIFFER, COSTS, Question.detect(0.03).withBudget(Duration.ofMinutes(5))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a budget of 5m buys fewer than 3 JVMs per variant for 2 variants (a JVM with one trial"
                        + " costs 1m25s): give at least 8m30s");
    }
}
