package dev.stackbench.core.compare;

import dev.stackbench.core.compare.analysis.MetricVerdict;
import java.util.List;

/**
 * When a comparison has decided what it was asked, so that it stops at a look: by default every pair of every deciding
 * metric decided (different, or equivalent within the margin; the A/A control's pairs left out). A check asks another
 * question, whether head is worse than base beyond a limit, and a pair declared different may still straddle that
 * limit: its rule ({@code gate}'s {@code ComparisonGate.stopRule}) stops only when that question is answered.
 */
public interface StopRule {

    /** Whether the verdicts of this look answer the question; {@code control} is the A/A copy's label, or null. */
    boolean decided(List<MetricVerdict> verdicts, String control);

    /** The variants the rule names, each of which the comparison must have. */
    List<String> labels();

    /** What was decided when it stopped, as the summary says it ("every pair decided"). */
    String words();

    /** Every pair of every deciding metric decided, the control's pairs left out. */
    StopRule EVERY_PAIR = new StopRule() {
        @Override
        public boolean decided(List<MetricVerdict> verdicts, String control) {
            return verdicts.stream().allMatch(verdict -> verdict.undecided(control) == 0);
        }

        @Override
        public List<String> labels() {
            return List.of();
        }

        @Override
        public String words() {
            return "every pair decided";
        }

        @Override
        public String toString() {
            return words();
        }
    };
}
