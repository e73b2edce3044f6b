package dev.stackbench.core.compare.analysis;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.stats.Friedman;
import java.util.List;
import java.util.Optional;

/**
 * Every variant of a comparison on one metric after some rounds: each variant relative to its rounds, every pair's
 * ratio with its interval, and the ordered groups of variants that no test told apart.
 *
 * @param rounds     the complete rounds it is made of
 * @param overall    Friedman's test across all variants (ranks within rounds; with several JVMs per variant, within
 *                   groups of JVMs, each JVM's mean over its rounds: one JVM's rounds are not independent)
 * @param variants   best first
 * @param groups     best first; the variants of a group are tied with its first (the leader rule: walking the
 *                   variants best first, one joins the current group unless it was declared different from the
 *                   group's first, else it starts the next group)
 */
public record MetricVerdict(
        Metric metric,
        int rounds,
        Friedman.Result overall,
        List<VariantScore> variants,
        List<PairVerdict> pairs,
        List<List<String>> groups) {

    /**
     * One variant relative to the rounds it was measured in.
     *
     * @param relative its value over the geometric mean of its round's values, averaged over rounds (geometrically)
     * @param low      the interval of {@code relative}, at the level of the look it was analysed at (not corrected for the variants)
     * @param median   the median of its raw values over the rounds, in the metric's unit
     */
    public record VariantScore(String label, double relative, double low, double high, double median) {}

    /** The verdict on {@code a} and {@code b}, if both were compared. */
    public Optional<PairVerdict> pair(String a, String b) {
        return pairs.stream().filter(pair -> pair.is(a, b)).findFirst();
    }

    /** Every pair decided: different, or equivalent within the margin. */
    public boolean decided() {
        return undecided(null) == 0;
    }

    public long undecided() {
        return undecided(null);
    }

    /**
     * The pairs not decided, leaving out those of {@code control} (an A/A control's copy, whose pair with its original
     * measures the noise; it is no question the comparison has to decide); null leaves out none.
     */
    public long undecided(String control) {
        return pairs.stream()
                .filter(pair -> !pair.decided())
                .filter(pair -> control == null
                        || !(pair.first().equals(control) || pair.second().equals(control)))
                .count();
    }
}
