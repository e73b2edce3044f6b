package dev.stackbench.core.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The rounds after which a comparison looks at its intervals to decide whether to stop: {@code minRounds}, then
 * each about half again as many rounds as the one before, and {@code maxRounds}. Every look spends its share of the
 * error rate ({@code alpha / count()}, Bonferroni over looks), so that stopping as soon as the intervals allow does
 * not raise the chance of a false difference above {@code alpha}: looking after every round with the full
 * {@code alpha} would (the optional-stopping problem). Few looks keep each one's share large.
 *
 * <pre>{@code
 * Looks looks = Looks.of(5, 30);   // after rounds 5, 8, 12, 18, 27 and 30: each at alpha / 6
 * }</pre>
 */
public record Looks(List<Integer> rounds) {

    /** How much the rounds between looks grow. */
    static final double GROWTH = 1.5;

    public Looks {
        rounds = List.copyOf(rounds);
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

    public boolean isLook(int round) {
        return rounds.contains(round);
    }

    /** How many looks there are at most: the share of alpha each gets is {@code alpha / count()}. */
    public int count() {
        return rounds.size();
    }

    /** The first look at or after {@code round}; the last one if none. */
    public int next(int round) {
        return rounds.stream().filter(look -> look >= round).findFirst().orElse(rounds.getLast());
    }

    /** Which look {@code round} is, from 1; 0 if it is none. */
    public int number(int round) {
        return rounds.indexOf(round) + 1;
    }
}
