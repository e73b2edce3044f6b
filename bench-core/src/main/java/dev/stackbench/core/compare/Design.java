package dev.stackbench.core.compare;

import dev.stackbench.core.load.LoadProfile;
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
 * @param forks              JVMs per variant, each measured once per round: with more than one, what JVMs of one variant
 *                           differ by (JIT, memory layout) is in the intervals (see {@link PairedAnalysis})
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
        Schedule schedule,
        double confidence,
        double equivalenceMargin,
        List<Metric> deciding,
        long seed) {

    public static final int MIN_ROUNDS = 5;
    public static final int MAX_ROUNDS = 30;
    public static final Duration TIME_LIMIT = Duration.ofMinutes(20);
    public static final Duration TRIAL_WARMUP = Duration.ofSeconds(1);
    public static final int REHEARSALS = 10;
    /** One JVM per variant unless told: comparisons of several variants decide within the time limit. */
    public static final int FORKS = 1;
    /** A trial's measured window unless --duration says otherwise. */
    public static final Duration WINDOW = Duration.ofSeconds(5);

    /**
     * How the trials of a round share the machine.
     *
     * <ul>
     *   <li>{@link #TURNS}: one trial at a time, the other JVMs idle, in a fresh random order each round. Each variant has
     *       the machine to itself, so every metric (throughput, latency) means what a run of its own would; what the
     *       machine's speed does between two trials of a round (seconds apart) is noise.</li>
     *   <li>{@link #TOGETHER}: every variant's trial of a round at the same time (with forks, one JVM of each variant at a
     *       time), sharing the machine, as duet benchmarking does (Bulej et al., ICPE 2020): a change in the machine's speed
     *       within seconds hits all of them alike and cancels in their ratios. For efficiency (CPU per request, and
     *       requests/s, which then say who gets more done with an equal share of the cores); latencies are each under
     *       the others' load.</li>
     * </ul>
     */
    public enum Schedule {
        TURNS("in turns, the other JVMs idle"),
        TOGETHER("together, every variant's trial at once");

        private final String words;

        Schedule(String words) {
            this.words = words;
        }

        /** The groups of JVMs each round measures at once. */
        RoundSchedule rounds() {
            return switch (this) {
                case TURNS -> new RoundSchedule.InTurns();
                case TOGETHER -> new RoundSchedule.Together();
            };
        }

        /** How a round runs, for the summary: "in turns, the other JVMs idle". */
        public String words() {
            return words;
        }
    }

    public static final double CONFIDENCE = 0.95;
    public static final double EQUIVALENCE_MARGIN = 0.02;
    /**
     * What a comparison measures per trial and analyses: requests/s, two latency percentiles, and CPU per request (the
     * whole JVM's, and the server threads' alone), which a neighbour taking the machine's CPU does not move.
     */
    public static final List<Metric> METRICS =
            List.of(Metric.RPS, Metric.P50, Metric.P99, Metric.CPU_PER_REQUEST, Metric.SERVER_CPU_PER_REQUEST);

    /** @throws IllegalArgumentException naming the setting and its bad value */
    public Design {
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

    public Looks looks() {
        return Looks.of(minRounds, maxRounds);
    }

    /** How the analysis at {@code level} is made ({@link Looks#level}). */
    public PairedAnalysis.Settings settings(Looks.Level level) {
        return new PairedAnalysis.Settings(confidence, level, equivalenceMargin, schedule);
    }
}
