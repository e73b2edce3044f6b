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
public record Check(String target, GateRule rule, Estimate reference, String referenceName, Estimate current, double limit,
                    boolean upperLimit, double excess95, Verdict verdict, String note) {

    public Metric metric() {
        return rule.metric();
    }
}
