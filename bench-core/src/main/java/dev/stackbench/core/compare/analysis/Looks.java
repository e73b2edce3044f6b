package dev.stackbench.core.compare.analysis;

import dev.stackbench.core.stats.GroupSequential;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntUnaryOperator;

/**
 * The rounds after which a comparison looks at its intervals to decide whether to stop: {@code minRounds}, then each
 * about half again as many rounds as the one before, and {@code maxRounds}; and the level each look tests at. The error
 * rate is spent over the looks by a Lan-DeMets spending function ({@link #SPENDING}, Pocock-like) at the
 * looks' information fractions ({@code round / maxRounds}), with group-sequential boundaries ({@link GroupSequential}),
 * so that stopping as soon as the intervals allow keeps the chance of a false difference over all looks at {@code alpha}:
 * looking after every round with the full {@code alpha} would raise it (the optional-stopping problem), and a Bonferroni
 * split ({@code alpha / looks} at each) would keep it needlessly below and cost power. Pocock-like spending gives every
 * look about the same level, each above Bonferroni's share: a large difference stops the comparison at an early look,
 * which is what a comparison whose cost is JVM time wants (O'Brien-Fleming-like spending, kept in {@link
 * GroupSequential.Spending}, saves its error rate for the last look: it found 1.15x a little more often, 96% against
 * 92%, but declared 1.30x after 13.7 rounds on average against 9.1; docs/compare.md).
 *
 * <pre>{@code
 * Looks looks = Looks.of(5, 30);              // after rounds 5, 8, 12, 18, 27 and 30
 * looks.level(5, false).nominal(0.05);       // 0.0126: the first look's level
 * looks.level(30, false).nominal(0.05);      // 0.0152: the last look's; Bonferroni gives each 0.05 / 6 = 0.0083
 * looks.level(14, true).nominal(0.05);       // stopped by its time limit after 14 rounds: spends what is left
 * }</pre>
 */
public final class Looks {

    /** How much the rounds between looks grow. */
    static final double GROWTH = 1.5;

    /** How the error rate is spent over the looks. */
    public static final GroupSequential.Spending SPENDING = GroupSequential.Spending.POCOCK;

    private final List<Integer> rounds;
    private final GroupSequential planned;
    /** Unplanned analyses (a final one between looks), by their round: their boundaries are computed once. */
    private final Map<Integer, GroupSequential> unplanned = new ConcurrentHashMap<>();

    private Looks(List<Integer> rounds) {
        this.rounds = List.copyOf(rounds);
        this.planned = GroupSequential.of(
                this.rounds.stream()
                        .mapToDouble(round -> round / (double) this.rounds.getLast())
                        .toArray(),
                SPENDING);
    }

    /** @throws IllegalArgumentException unless 2 <= minRounds <= maxRounds */
    public static Looks of(int minRounds, int maxRounds) {
        if (minRounds < 2) {
            throw new IllegalArgumentException(
                    "--min-rounds must be at least 2 (an interval needs two rounds), got " + minRounds);
        }
        if (maxRounds < minRounds) {
            throw new IllegalArgumentException(
                    "--rounds (" + maxRounds + ") must be at least --min-rounds (" + minRounds + ")");
        }
        var rounds = new ArrayList<Integer>();
        for (int round = minRounds; round < maxRounds; round = Math.max(round + 1, (int) Math.ceil(round * GROWTH))) {
            rounds.add(round);
        }
        rounds.add(maxRounds);
        return new Looks(rounds);
    }

    /**
     * The looks of {@link #of}, each moved to the end of the generation of JVMs it falls in: a JVM is looked at once it
     * has served all its rounds.
     *
     * @param generationEnd the last round of a round's generation
     */
    public static Looks atGenerationEnds(int minRounds, int maxRounds, IntUnaryOperator generationEnd) {
        var rounds = of(minRounds, maxRounds).rounds().stream()
                .map(round -> Math.min(maxRounds, generationEnd.applyAsInt(round)))
                .distinct()
                .toList();
        return new Looks(rounds);
    }

    /** The rounds after which it looks, the last being the most rounds. */
    public List<Integer> rounds() {
        return rounds;
    }

    public boolean isLook(int round) {
        return rounds.contains(round);
    }

    /** How many looks there are at most. */
    public int count() {
        return rounds.size();
    }

    /** The first look at or after {@code round}; the last one if none. */
    public int next(int round) {
        return rounds.stream().filter(look -> look >= round).findFirst().orElse(rounds.getLast());
    }

    /**
     * How the error rate is shared over the pairs and the looks, for summaries: "Holm over pairs, Pocock-like
     * alpha spending over looks".
     */
    public static String correction() {
        return "Holm over pairs, " + SPENDING.words() + " alpha spending over looks";
    }

    /** Which look {@code round} is, from 1; 0 if it is none. */
    public int number(int round) {
        return rounds.indexOf(round) + 1;
    }

    /**
     * The level of the analysis after {@code completed} rounds.
     *
     * <ul>
     *   <li>At a planned look, not the last analysis: that look's level, spending {@code alpha(round / maxRounds)} in all
     *       (the looks' statistics decide whether to stop there).</li>
     *   <li>{@code last}, whatever the round: the comparison's final analysis, stopped by something that did not depend on
     *       the data (its last round, its time limit): the looks before it, then it spending all that they left (Lan and
     *       DeMets: a final look may come at any information).</li>
     *   <li>Otherwise (interrupted, a variant failed, between looks): an unplanned look after the looks before it,
     *       spending {@code alpha(completed / maxRounds)} in all.</li>
     * </ul>
     *
     * <p>A comparison that stopped because a look decided everything is analysed at that look's level
     * ({@code last = false}): spending the rest then would spend it on data that chose the moment.
     */
    public Level level(int completed, boolean last) {
        if (completed < 1 || completed > rounds.getLast()) {
            throw new IllegalArgumentException(
                    "an analysis comes after 1 to " + rounds.getLast() + " rounds, got " + completed);
        }
        int index = rounds.indexOf(completed);
        if (index >= 0) {
            return new Level(planned, index, last);
        }
        GroupSequential sequential = unplanned.computeIfAbsent(completed, unused -> {
            var before = new ArrayList<>(
                    rounds.stream().filter(round -> round < completed).toList());
            before.add(completed);
            return GroupSequential.of(
                    before.stream()
                            .mapToDouble(round -> round / (double) rounds.getLast())
                            .toArray(),
                    SPENDING);
        });
        return new Level(sequential, sequential.looks() - 1, last);
    }

    /**
     * The level one analysis tests at: for a share of alpha over all looks (a pair's share under Holm), the nominal
     * two-sided level of this look ({@link GroupSequential#nominalLevel}).
     *
     * @param sequential    the looks so far and this one
     * @param look          which of them this is, from 0
     * @param spendsTheRest whether this analysis is the last and spends what the looks before it left
     */
    public record Level(GroupSequential sequential, int look, boolean spendsTheRest) {

        /** A single analysis: it spends all of alpha. */
        public static Level single() {
            return new Level(GroupSequential.of(new double[] {1}, SPENDING), 0, true);
        }

        /** The nominal level at which this analysis tests a hypothesis whose share of alpha over all looks is {@code share}. */
        public double nominal(double share) {
            return sequential.looks() == 1 ? share : sequential.nominalLevel(share, look, spendsTheRest);
        }
    }
}
