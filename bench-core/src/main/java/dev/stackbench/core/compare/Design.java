package dev.stackbench.core.compare;

import dev.stackbench.core.compare.analysis.Looks;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.plan.Planner;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.vocabulary.Durations;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * How a comparison is run and decided: its rounds, how long it may take, each trial's re-warm, how sure a verdict
 * must be, and which metrics decide when it stops. Defaults are the named constants; the command line's help and the
 * docs refer to them.
 *
 * @param minRounds          the first look comes after this many rounds
 * @param maxRounds          it stops after this many rounds at most
 * @param timeLimit          it starts no round that would end after this (counted from its start, JVM starts included)
 * @param trialWarmup        each trial's re-warm before its window, discarded; comparison.json writes it as the command
 *                           line does, e.g. {@code 1s}
 * @param rehearsals         at most this many trial-shaped runs after each variant's warm-up, discarded, while the JIT is
 *                           still busy in them (at least two, or as many as this when fewer); 0 for none
 * @param forks              JVMs of each variant alive at once, each measured once per round: with more than one, what JVMs
 *                           of one variant differ by (JIT, memory layout) is in the intervals (see {@link PairedAnalysis})
 * @param jvms               JVMs per variant in all, at least {@code forks}: they start in generations of {@code forks}
 *                           each (the last with the rest when {@code forks} does not divide them), a generation stopped
 *                           after its {@code trialsPerJvm} rounds and the next started (JVMs, not trials, are what a small
 *                           difference needs many of); 0 in comparison.json written before generations: {@code forks}
 * @param trialsPerJvm       rounds per generation; 0 for one generation living through every round
 * @param pilotTrials        rounds of the first generation when they differ from {@code trialsPerJvm} (a planned design's
 *                           pilot); 0 when they do not
 * @param detect             the smallest relative difference worth knowing when the design is planned from it: the first
 *                           generation is then a pilot whose trials choose the JVMs and trials the rest takes ({@link
 *                           PilotPlan}); null for a design set by hand
 * @param schedule           whether a round's trials take turns while the other JVMs sit idle, or run together
 * @param confidence         the chance that no declared difference is false, over all pairs and looks
 * @param equivalenceMargin  a pair whose interval lies within [1/(1+m), 1+m] is decided as equivalent
 * @param deciding           the metrics whose pairs must all be decided for it to stop before its caps
 * @param seed               of the random order of each round's trials, so an order can be replayed
 */
public record Design(
        int minRounds,
        int maxRounds,
        Duration timeLimit,

        @JsonSerialize(using = Durations.Writer.class) @JsonDeserialize(using = Durations.Reader.class)
        Duration trialWarmup,

        int rehearsals,
        int forks,
        int jvms,
        int trialsPerJvm,
        int pilotTrials,
        Schedule schedule,
        double confidence,
        double equivalenceMargin,
        List<Metric> deciding,
        long seed,
        Double detect) {

    public static final int MIN_ROUNDS = 5;
    public static final int MAX_ROUNDS = 30;
    public static final Duration TIME_LIMIT = Duration.ofMinutes(20);
    public static final Duration TRIAL_WARMUP = Duration.ofSeconds(1);
    public static final int REHEARSALS = 10;
    /** One JVM per variant unless told: comparisons of several variants decide within the time limit. */
    public static final int FORKS = 1;
    /**
     * A planned design's pilot: this many JVMs of each variant at once, each serving {@link #PILOT_TRIALS} rounds; the
     * JVMs' spread needs at least three of each, and a JVM's own noise at least two trials each. Every later generation
     * is as large: the planner counts JVMs in these generations ({@link Planner#JVMS_PER_GENERATION}).
     */
    public static final int PILOT_FORKS = Planner.JVMS_PER_GENERATION;

    public static final int PILOT_TRIALS = 3;

    /** A trial's measured window unless --duration says otherwise. */
    public static final Duration WINDOW = Duration.ofSeconds(5);

    /** The trials' window these load options give: their duration where given, else {@link #WINDOW}. */
    public static Duration trialWindow(LoadOptions given) {
        return given.isGiven(LoadOption.DURATION) ? given.duration() : WINDOW;
    }

    /** {@code given} with a trial's window: {@link #WINDOW} under them unless they give a duration. */
    public static LoadOptions withTrialWindow(LoadOptions given) {
        return given.isGiven(LoadOption.DURATION)
                ? given
                : LoadOptions.builder().duration(WINDOW).parent(given).build();
    }

    public static final double CONFIDENCE = 0.95;
    public static final double EQUIVALENCE_MARGIN = 0.02;
    /**
     * What a comparison measures per trial and analyses: requests/s, two latency percentiles, and CPU per request (the
     * whole JVM's, and the server threads' alone), which a neighbour taking the machine's CPU does not move.
     */
    public static final List<Metric> METRICS =
            List.of(Metric.RPS, Metric.P50, Metric.P99, Metric.CPU_PER_REQUEST, Metric.SERVER_CPU_PER_REQUEST);

    /**
     * A design planned from {@code detect}: a pilot of {@link #PILOT_FORKS} JVMs per variant serving {@link
     * #PILOT_TRIALS} rounds, whose trials then plan how many more generations of JVMs it takes ({@link PilotPlan}).
     */
    public static Design planned(
            double detect,
            Duration timeLimit,
            Duration trialWarmup,
            int rehearsals,
            Schedule schedule,
            double confidence,
            double equivalenceMargin,
            List<Metric> deciding,
            long seed) {
        return new Design(
                PILOT_TRIALS,
                PILOT_TRIALS,
                timeLimit,
                trialWarmup,
                rehearsals,
                PILOT_FORKS,
                PILOT_FORKS,
                PILOT_TRIALS,
                0,
                schedule,
                confidence,
                equivalenceMargin,
                deciding,
                seed,
                detect);
    }

    /** A design set by hand, its JVMs living through every round. */
    public Design(
            int minRounds,
            int maxRounds,
            Duration timeLimit,
            Duration trialWarmup,
            int rehearsals,
            int forks,
            Schedule schedule,
            double confidence,
            double equivalenceMargin,
            List<Metric> deciding,
            long seed) {
        this(
                minRounds,
                maxRounds,
                timeLimit,
                trialWarmup,
                rehearsals,
                forks,
                forks,
                0,
                0,
                schedule,
                confidence,
                equivalenceMargin,
                deciding,
                seed,
                null);
    }

    /** @throws IllegalArgumentException naming the setting and its bad value */
    public Design {
        if (jvms == 0) {
            jvms = forks; // written before generations
        }
        if (forks >= 1 && jvms < forks) {
            throw new IllegalArgumentException("--jvms (" + jvms + ") must be at least --forks (" + forks
                    + "): the JVMs start in generations of --forks each");
        }
        if (trialsPerJvm < 0) {
            throw new IllegalArgumentException("--trials-per-jvm must be 1 or more, got " + trialsPerJvm);
        }
        if (jvms > forks && trialsPerJvm == 0) {
            throw new IllegalArgumentException(
                    "--jvms more than --forks needs --trials-per-jvm: how many rounds each generation of JVMs serves");
        }
        if (pilotTrials < 0 || (pilotTrials > 0 && trialsPerJvm == 0)) {
            throw new IllegalArgumentException(
                    "a pilot's trials need trials per JVM after it, got " + pilotTrials + " and " + trialsPerJvm);
        }
        if (trialsPerJvm > 0) {
            maxRounds = (pilotTrials > 0 ? pilotTrials : trialsPerJvm) + (ceilDiv(jvms, forks) - 1) * trialsPerJvm;
            minRounds = Math.max(2, Math.min(minRounds, maxRounds));
        }
        if (detect != null && !(detect > 0 && detect < 1)) {
            throw new IllegalArgumentException(
                    "--detect takes a difference above 0% and below 100%, such as 3%, got " + detect);
        }
        Looks.of(minRounds, maxRounds);
        if (timeLimit == null || !timeLimit.isPositive()) {
            throw new IllegalArgumentException(
                    "--time-limit must be positive, got " + (timeLimit == null ? null : Durations.format(timeLimit)));
        }
        if (forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, got " + forks);
        }
        if (schedule == null) {
            schedule = Schedule.TURNS; // comparison.json written before there was a choice
        }
        if (rehearsals < 0) {
            throw new IllegalArgumentException("--rehearsals must be 0 or more, got " + rehearsals);
        }
        if (trialWarmup == null || trialWarmup.isNegative()) {
            throw new IllegalArgumentException("--trial-warmup must be 0 or more, got "
                    + (trialWarmup == null ? null : Durations.format(trialWarmup)));
        }
        new PairedAnalysis.Settings(confidence, equivalenceMargin);
        deciding = List.copyOf(deciding);
        if (deciding.isEmpty() || !METRICS.containsAll(deciding)) {
            throw new IllegalArgumentException(
                    "--metric must be among " + Metric.ids(METRICS.toArray(Metric[]::new)) + ", got " + deciding);
        }
    }

    /**
     * The deciding metrics unless told: p50 and p99 at a constant rate ({@code --rate}), where requests/s is the rate
     * asked for and tells nothing; requests/s otherwise (the closed model, and a rate that follows stages).
     */
    public static List<Metric> defaultDeciding(LoadProfile profile) {
        return profile instanceof LoadProfile.Open ? List.of(Metric.P50, Metric.P99) : List.of(Metric.RPS);
    }

    /** The looks: as {@link Looks#of}, each moved to the end of its generation when JVMs come in generations. */
    public Looks looks() {
        return trialsPerJvm == 0
                ? Looks.of(minRounds, maxRounds)
                : Looks.atGenerationEnds(minRounds, maxRounds, round -> lastRound(generation(round)));
    }

    /** The last round of generation {@code generation} (from 1). */
    public int lastRound(int generation) {
        return trialsPerJvm == 0 ? maxRounds : firstGenerationRounds() + (generation - 1) * trialsPerJvm;
    }

    private int firstGenerationRounds() {
        return pilotTrials > 0 ? pilotTrials : trialsPerJvm;
    }

    /** Whether its JVMs are more than one per variant (forks, or generations of one). */
    public boolean severalJvms() {
        return jvms > 1;
    }

    /**
     * Whether each JVM is named by its number (its logs, trials and profiles under fork-N): with several per variant, and
     * in a planned design, whose pilot starts several even when the time limit leaves it one ({@link #pilotOf}).
     */
    public boolean forkNamed() {
        return severalJvms() || planned();
    }

    /**
     * What gives each variant more JVMs, so that what one keeps of its own is in the intervals: {@code --forks 3} by hand;
     * for a planned design, whose pilot the time limit held to one JVM per variant, more time or fewer variants.
     */
    public String moreJvms() {
        return planned() ? "a longer --time-limit or fewer variants (a pilot of 3 JVMs per variant)" : "--forks 3";
    }

    /** JVMs per variant in all. */
    public int jvmsPerVariant() {
        return jvms;
    }

    /** How many times a variant's JVMs are started: {@code jvms / forks}, rounded up (the last has the rest). */
    public int generations() {
        return ceilDiv(jvms, forks);
    }

    /** JVMs per variant in generation {@code generation} (from 1): {@code forks}, or the rest in the last. */
    public int forksIn(int generation) {
        return Math.min(forks, jvms - (generation - 1) * forks);
    }

    /** " (the last of 2)" when the last generation has fewer JVMs than {@code forks}; else nothing. */
    public String smallerLastGeneration() {
        int last = forksIn(generations());
        return last == forks ? "" : " (the last of " + last + ")";
    }

    private static int ceilDiv(int jvms, int forks) {
        return forks < 1 ? 0 : Math.ceilDiv(jvms, forks);
    }

    /** The generation of JVMs that serves {@code round}, from 1. */
    public int generation(int round) {
        int first = firstGenerationRounds();
        return trialsPerJvm == 0 || round <= first ? 1 : (round - first - 1) / trialsPerJvm + 2;
    }

    /** Whether the first generation is a pilot whose trials plan the rest ({@link #detect}). */
    public boolean planned() {
        return detect != null;
    }

    /**
     * This design with {@code newJvms} JVMs per variant in all, each later generation serving {@code trials}, and the
     * first its rounds so far or {@code trials} if more (the pilot's JVMs are still alive when the plan is made: a plan
     * of more trials per JVM than the pilot's has them serve the rest, instead of stopping where the pilot did): a plan's,
     * made after its pilot.
     */
    public Design withGenerations(int newJvms, int trials) {
        int first = Math.max(firstGenerationRounds(), trials);
        return withJvms(newJvms, trials, first == trials ? 0 : first);
    }

    /**
     * This design ending with generation {@code generation} of {@code forksThere} JVMs per variant, the generations before
     * it as they were: the last one a time limit leaves room for only some of.
     */
    public Design endingWith(int generation, int forksThere) {
        return withJvms((generation - 1) * forks + forksThere, trialsPerJvm, pilotTrials);
    }

    /**
     * This planned design's pilot with {@code pilotForks} JVMs per variant, fewer than it started: all that its time
     * limit holds, the comparison's only generation ({@link #untilTheTimeLimit}).
     */
    public Design pilotOf(int pilotForks) {
        return with(maxRounds, pilotForks, pilotForks, trialsPerJvm, pilotTrials);
    }

    /**
     * This design's JVMs serving rounds until the time limit ends them (at most {@link #MAX_ROUNDS}), with the looks of a
     * design of rounds (no generations): a smaller pilot's, whose JVMs are all it has.
     */
    public Design untilTheTimeLimit() {
        return with(MAX_ROUNDS, forks, jvms, 0, 0);
    }

    private Design withJvms(int newJvms, int newTrialsPerJvm, int newPilotTrials) {
        return with(maxRounds, forks, newJvms, newTrialsPerJvm, newPilotTrials);
    }

    /** This design with its rounds and JVMs changed, the rest as it is. */
    private Design with(int newMaxRounds, int newForks, int newJvms, int newTrialsPerJvm, int newPilotTrials) {
        return new Design(
                minRounds,
                newMaxRounds,
                timeLimit,
                trialWarmup,
                rehearsals,
                newForks,
                newJvms,
                newTrialsPerJvm,
                newPilotTrials,
                schedule,
                confidence,
                equivalenceMargin,
                deciding,
                seed,
                detect);
    }

    /** How the analysis at {@code level} is made ({@link Looks#level}). */
    public PairedAnalysis.Settings settings(Looks.Level level) {
        return new PairedAnalysis.Settings(confidence, level, equivalenceMargin, schedule);
    }
}
