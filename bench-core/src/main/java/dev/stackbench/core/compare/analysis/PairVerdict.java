package dev.stackbench.core.compare.analysis;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Two variants compared on one metric over the same rounds: {@code first} is the better one by the point estimate,
 * {@code ratio} its value over {@code second}'s (above 1 for requests/s, below 1 for a latency), with the interval
 * at {@code confidence} (the nominal level Holm's correction tested this pair at, at this look: its share of alpha
 * spent over the looks, {@link Looks}).
 *
 * @param pValue        two-sided, of "no difference", uncorrected
 * @param roundSpread   how much the per-round ratios disagree (their log's standard deviation, as a share)
 */
public record PairVerdict(
        String first,
        String second,
        double ratio,
        double low,
        double high,
        double confidence,
        double pValue,
        double roundSpread,
        Outcome outcome) {

    /** What the interval says. */
    public enum Outcome {
        /** The interval excludes a ratio of 1: {@code first} is better. */
        DIFFERENT,
        /** The interval lies within the equivalence margin: no difference that large. */
        EQUIVALENT,
        /** Neither yet: no difference detected, but one as large as the margin is not ruled out. */
        UNDECIDED;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Whether this pair is {@code a} and {@code b}, in either order. */
    public boolean is(String a, String b) {
        return (first.equals(a) && second.equals(b)) || (first.equals(b) && second.equals(a));
    }

    /** Decided either way: different, or equivalent within the margin. */
    public boolean decided() {
        return outcome != Outcome.UNDECIDED;
    }
}
