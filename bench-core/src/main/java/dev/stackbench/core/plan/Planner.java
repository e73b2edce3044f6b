package dev.stackbench.core.plan;

import dev.stackbench.core.vocabulary.Durations;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Chooses a comparison's design from a pilot's {@link VarianceComponents}, its {@link Costs} and the {@link Question}:
 *
 * <ol>
 *   <li><b>Trials per JVM</b>, Kalibera and Jones' optimum: the number {@code n} that makes a JVM's information cheapest,
 *       minimising {@code (cJvm + n cTrial) (s²jvm + s²trial / n)}, which is at
 *       {@code n = sqrt(cJvm s²trial / (cTrial s²jvm))}, taken as the better of the integers either side, at least 1 and
 *       at most {@link #MAX_TRIALS_PER_JVM}. JVMs that differ (large {@code s²jvm}) get few trials each, JVMs that do not
 *       get many: a trial cannot average out what its JVM keeps.</li>
 *   <li><b>JVMs per variant</b>: the fewest, at least a generation of {@link #JVMS_PER_GENERATION} (compare starts them
 *       in generations of as many, the last with the rest), with which Student's test of a pair (each variant's mean
 *       over its JVMs, the JVMs' spread pooled over the variants: {@code variants J - variants - G + 1} degrees of
 *       freedom for G generations in turns, {@code J - 1} together, as compare's analysis counts them) declares a
 *       difference of {@code detect} with the power asked for, at the confidence shared by all pairs (Bonferroni over
 *       pairs: Holm's, which the analysis uses, is never less powerful). The power is the noncentral t distribution's:
 *       the chance that the analysis' own test declares it.</li>
 *   <li><b>Time</b>: {@code variants J (cJvm + n cTrial)}, JVMs and trials one at a time, and the trials a pilot's
 *       generation serves beyond {@code n}.</li>
 *   <li><b>With a budget</b> that the plan above does not fit in: no more JVMs than the budget buys, at whichever number of
 *       trials per JVM answers best within it (reaching the power soonest, or else resolving the smallest difference:
 *       the optimum's many trials may buy too few JVMs); then the plan says the smallest difference it resolves at the
 *       power asked for, and its power at the difference asked for.</li>
 * </ol>
 *
 * <pre>{@code
 * Plan plan = Planner.plan(VarianceComponents.known(0.03 * 0.03, 0.02 * 0.02),
 *         new Costs(Duration.ofSeconds(75), Duration.ofSeconds(10)), Question.detect(0.03));
 * plan.describe();   // "to tell 3% apart at 95% with 90% power: 28 JVMs per variant, 2 trials each, about 89 minutes"
 * }</pre>
 */
public final class Planner {

    /**
     * A planned comparison starts its JVMs in generations of this many per variant (its pilot is the first), each
     * measured through its trials and stopped before the next starts, the last with the JVMs left: the analysis, which
     * takes each value relative to its moment, spends a degree of freedom on each generation beyond the first, which
     * the planner counts. (It counted whole generations once: a pilot of three in 8 minutes left about 3 minutes that
     * held two more JVMs per variant but not a generation of three, and the comparison stopped with the pilot's alone.)
     */
    public static final int JVMS_PER_GENERATION = 3;
    /**
     * At least this many JVMs per variant, one generation: with two, one odd JVM is half the variant and its spread has
     * one degree of freedom.
     */
    public static final int MIN_JVMS_PER_VARIANT = JVMS_PER_GENERATION;
    /** The planner looks no further: a question that needs more is answered with what these resolve. */
    public static final int MAX_JVMS_PER_VARIANT = 33 * JVMS_PER_GENERATION;
    /** At most this many trials per JVM (compare's default cap of rounds). */
    public static final int MAX_TRIALS_PER_JVM = 30;

    private Planner() {}

    /** @throws IllegalArgumentException when the budget cannot buy {@link #MIN_JVMS_PER_VARIANT} JVMs per variant */
    public static Plan plan(VarianceComponents components, Costs costs, Question question) {
        return plan(components, costs, question, 0);
    }

    /**
     * The plan when its first generation, a pilot, serves at least {@code pilotTrials} trials per JVM whatever the plan's
     * trials per JVM: those extra trials are time the budget has spent (without them a plan of one trial per JVM counted
     * a second generation that the time left after a pilot of three could not hold).
     *
     * @throws IllegalArgumentException when the budget cannot buy {@link #MIN_JVMS_PER_VARIANT} JVMs per variant
     */
    public static Plan plan(VarianceComponents components, Costs costs, Question question, int pilotTrials) {
        int optimum = trialsPerJvm(components, costs);
        Plan unlimited = design(components, costs, question, optimum, MAX_JVMS_PER_VARIANT, pilotTrials);
        if (question.budget() == null || unlimited.expected().compareTo(question.budget()) <= 0) {
            return unlimited;
        }
        // Kalibera and Jones' optimum is the cheapest information per JVM, but in a budget it may buy too few JVMs (its
        // many trials each): every number of trials per JVM is tried with the JVMs the budget buys at it, and the one
        // that reaches the power soonest, or else resolves the smallest difference, is the plan.
        double budgetSeconds = question.budget().toNanos() / 1e9;
        Plan best = null;
        for (int trials = 1; trials <= MAX_TRIALS_PER_JVM; trials++) {
            int affordable = affordable(
                    budgetSeconds - pilotExtraSeconds(question, costs, trials, pilotTrials),
                    question.variants(),
                    costs.jvmWithTrialsSeconds(trials));
            if (affordable >= MIN_JVMS_PER_VARIANT) {
                Plan candidate = design(components, costs, question, trials, affordable, pilotTrials);
                if (best == null || better(candidate, best)) {
                    best = candidate;
                }
            }
        }
        if (best == null) {
            double cheapest = costs.jvmWithTrialsSeconds(1);
            throw new IllegalArgumentException(String.format(
                    "a budget of %s buys fewer than %d JVMs per variant for %d variants (a JVM with one trial costs"
                            + " %s): give at least %s",
                    Durations.format(question.budget()),
                    MIN_JVMS_PER_VARIANT,
                    question.variants(),
                    Durations.format(seconds(Math.round(cheapest))),
                    Durations.format(seconds(Math.ceil(MIN_JVMS_PER_VARIANT * question.variants() * cheapest)))));
        }
        return best;
    }

    /** What the pilot's trials beyond {@code trials} per JVM cost: its generation serves {@code pilotTrials} at least. */
    private static double pilotExtraSeconds(Question question, Costs costs, int trials, int pilotTrials) {
        return question.variants() * JVMS_PER_GENERATION * Math.max(0, pilotTrials - trials) * costs.trialSeconds();
    }

    /** JVMs per variant that {@code budgetSeconds} buy at {@code jvmSeconds} each. */
    private static int affordable(double budgetSeconds, int variants, double jvmSeconds) {
        return (int) Math.min(MAX_JVMS_PER_VARIANT, Math.floor(budgetSeconds / (variants * jvmSeconds)));
    }

    /** Whether {@code a} answers better than {@code b}: reaching the power sooner, or else resolving a smaller difference. */
    private static boolean better(Plan a, Plan b) {
        if (a.reachesPower() != b.reachesPower()) {
            return a.reachesPower();
        }
        return a.reachesPower() ? a.expected().compareTo(b.expected()) < 0 : a.resolution() < b.resolution();
    }

    /** The fewest JVMs per variant, up to {@code affordable}, that reach the power with {@code trials} trials each. */
    private static Plan design(
            VarianceComponents components,
            Costs costs,
            Question question,
            int trials,
            int affordable,
            int pilotTrials) {
        int jvms = MIN_JVMS_PER_VARIANT;
        while (jvms < affordable && power(components, question, jvms, trials, question.detect()) < question.power()) {
            jvms++;
        }
        double power = power(components, question, jvms, trials, question.detect());
        Plan.Limit limit = power >= question.power()
                ? Plan.Limit.POWER
                : affordable < MAX_JVMS_PER_VARIANT ? Plan.Limit.BUDGET : Plan.Limit.MAX_JVMS;
        return new Plan(
                question,
                jvms,
                trials,
                seconds(question.variants() * jvms * costs.jvmWithTrialsSeconds(trials)
                        + pilotExtraSeconds(question, costs, trials, pilotTrials)),
                power,
                resolution(components, question, jvms, trials),
                limit);
    }

    /** Kalibera and Jones' optimal trials per JVM, as an integer between 1 and {@link #MAX_TRIALS_PER_JVM}. */
    static int trialsPerJvm(VarianceComponents components, Costs costs) {
        if (components.betweenJvm() == 0) {
            return MAX_TRIALS_PER_JVM; // JVMs do not differ: a trial is as good as a JVM, and cheaper
        }
        double optimum = Math.sqrt(
                costs.jvmSeconds() * components.withinJvm() / (costs.trialSeconds() * components.betweenJvm()));
        if (optimum >= MAX_TRIALS_PER_JVM) {
            return MAX_TRIALS_PER_JVM;
        }
        int below = Math.max(1, (int) Math.floor(optimum));
        int above = below + 1;
        return costPerInformation(components, costs, below) <= costPerInformation(components, costs, above)
                ? below
                : above;
    }

    /** What one JVM's information costs with {@code trials} trials: its seconds times its mean's variance. */
    private static double costPerInformation(VarianceComponents components, Costs costs, int trials) {
        return costs.jvmWithTrialsSeconds(trials) * components.ofJvmMean(trials);
    }

    /**
     * The chance that the test of one pair, with {@code jvms} JVMs of {@code trials} trials per variant, declares a
     * relative difference of {@code difference} (two-sided, at the confidence shared by the pairs).
     */
    public static double power(
            VarianceComponents components, Question question, int jvms, int trials, double difference) {
        var test = PairTest.of(components, question, jvms, trials);
        return test.power(Math.log1p(difference) / test.standardError());
    }

    /**
     * The chance that the test of one pair declares it equivalent within {@code margin} (its interval within
     * [1/(1+margin), 1+margin]) when the true relative difference is {@code difference}: 0 when the interval is wider
     * than the margin whatever the estimate.
     */
    public static double equivalence(
            VarianceComponents components, Question question, int jvms, int trials, double difference, double margin) {
        var test = PairTest.of(components, question, jvms, trials);
        double room = Math.log1p(margin) - test.critical() * test.standardError();
        if (room <= 0) {
            return 0;
        }
        double shift = Math.log1p(difference);
        return test.t().cumulativeProbability((room - shift) / test.standardError())
                - test.t().cumulativeProbability((-room - shift) / test.standardError());
    }

    /**
     * Student's test of one pair with {@code jvms} JVMs of {@code trials} trials per variant, in generations of {@link
     * #JVMS_PER_GENERATION} (the last with the rest): the standard error of its log ratio, its t distribution with the
     * analysis' degrees of freedom ({@link Question#together}: measured together, J - 1; it counted those of the analysis
     * in turns once, 4 instead of 2 for 3 JVMs a variant, and promised 77% power where the analysis had 49%) and its
     * critical value at the confidence shared by the pairs (two-sided).
     */
    private record PairTest(double standardError, TDistribution t, double critical) {

        /** Points of the noncentral t's mixing: that many quantiles of the chi-squared distribution. */
        private static final int NODES = 400;

        private static final Map<Double, double[]> SCALES = new ConcurrentHashMap<>();
        private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

        /**
         * The chance that |T| exceeds the critical value when T is noncentral t with noncentrality {@code shift}: T =
         * (Z + shift) / S with S² a chi-squared over its degrees of freedom, so the chance is the mean over S of
         * P(Z > c S - shift) + P(Z < -c S - shift), taken at {@link #NODES} quantiles of S. The shifted central t taken
         * before was far off at the few degrees of freedom of a few JVMs: for 3 JVMs a variant it said 29% where the
         * analysis declared 49% of synthetic comparisons.
         */
        double power(double shift) {
            double sum = 0;
            for (double scale : scales(t.getDegreesOfFreedom())) {
                sum += NORMAL.survivalProbability(critical * scale - shift)
                        + NORMAL.cumulativeProbability(-critical * scale - shift);
            }
            return sum / NODES;
        }

        /** S at the midpoints of {@link #NODES} equal slices of its probability. */
        private static double[] scales(double degreesOfFreedom) {
            return SCALES.computeIfAbsent(degreesOfFreedom, df -> {
                var chiSquared = ChiSquaredDistribution.of(df);
                double[] scales = new double[NODES];
                for (int i = 0; i < NODES; i++) {
                    scales[i] = Math.sqrt(chiSquared.inverseCumulativeProbability((i + 0.5) / NODES) / df);
                }
                return scales;
            });
        }

        static PairTest of(VarianceComponents components, Question question, int jvms, int trials) {
            if (jvms < 2 || trials < 1) {
                throw new IllegalArgumentException(
                        "power needs at least 2 JVMs and 1 trial per JVM, got " + jvms + " and " + trials);
            }
            int generations = (jvms + JVMS_PER_GENERATION - 1) / JVMS_PER_GENERATION;
            var t = TDistribution.of(
                    question.together()
                            ? jvms - 1
                            : question.variants() * jvms - question.variants() - generations + 1);
            double alpha = (1 - question.confidence()) / question.pairs();
            return new PairTest(
                    Math.sqrt(2 * components.ofJvmMean(trials) / jvms), t, t.inverseSurvivalProbability(alpha / 2));
        }
    }

    /** The smallest relative difference declared with the power asked for, by bisection on the log ratio. */
    public static double resolution(VarianceComponents components, Question question, int jvms, int trials) {
        double low = 0;
        double high = 0.01;
        while (power(components, question, jvms, trials, Math.expm1(high)) < question.power()) {
            low = high;
            high *= 2;
        }
        for (int i = 0; i < 60; i++) {
            double middle = (low + high) / 2;
            if (power(components, question, jvms, trials, Math.expm1(middle)) < question.power()) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return Math.expm1(high);
    }

    private static Duration seconds(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
