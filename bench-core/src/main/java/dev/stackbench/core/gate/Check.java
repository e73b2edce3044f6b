package dev.stackbench.core.gate;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.stats.Estimate;

/**
 * One rule checked for one target.
 *
 * @param reference     what the current value is held against: the baseline, the other target, or null (bounds, max)
 * @param referenceName "baseline", the other target's label, or the bound in words
 * @param current       the current value with its spread
 * @param limit         the limit at the point values
 * @param excess95      how far beyond the limit the current value is at least, with 97.5% confidence (one-sided);
 *                      positive means the whole 95% interval is beyond the limit; NaN without a spread
 */
public record Check(
        String target,
        GateRule rule,
        Estimate reference,
        String referenceName,
        Estimate current,
        double limit,
        boolean upperLimit,
        double excess95,
        Verdict verdict,
        String note) {

    public Metric metric() {
        return rule.metric();
    }

    /** The same check reported under another target name, e.g. {@code loom-netty/movies {request=post-movies}}. */
    public Check withTarget(String newTarget) {
        return new Check(
                newTarget, rule, reference, referenceName, current, limit, upperLimit, excess95, verdict, note);
    }

    /** The same check with another verdict and note, e.g. failed because a result is partial. */
    public Check withVerdict(Verdict newVerdict, String newNote) {
        return new Check(
                target, rule, reference, referenceName, current, limit, upperLimit, excess95, newVerdict, newNote);
    }

    /** The same verdict with another note. */
    public Check withNote(String newNote) {
        return withVerdict(verdict, newNote);
    }
}
