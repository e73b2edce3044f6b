package dev.stackbench.core.compare;

import dev.stackbench.core.compare.jvm.VariantFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What makes a comparison's verdicts suspect, in words, most serious first. */
final class ComparisonWarnings {

    private ComparisonWarnings() {}

    /**
     * @param failure          the variant that failed mid-run, or null
     * @param stoppedWarmingUp why it stopped warming up (the time limit could not fit the rest), or null
     */
    static List<String> of(ComparisonResult result, VariantFailure failure, String stoppedWarmingUp) {
        var warnings = new ArrayList<String>();
        if (stoppedWarmingUp != null) {
            warnings.add(stoppedWarmingUp); // with what to give instead: in the summary, not only in the progress
        }
        if (failure != null) {
            warnings.add(failure.withLog() + "; the verdicts are of the " + servedRounds(result)
                    + " complete rounds before it");
        }
        for (ComparisonResult.Aa aa : result.aa()) {
            if (aa.falseAlarm()) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "the A/A control declared %s and %s, the same variant in two JVMs, different on %s "
                                + "(%.3fx [%.3f, %.3f]): %s; do not trust differences of this size in this comparison",
                        aa.first(),
                        aa.second(),
                        aa.metric().id(),
                        aa.verdict().ratio(),
                        aa.verdict().low(),
                        aa.verdict().high(),
                        !result.design().severalJvms()
                                ? "with one JVM per variant, what a JVM keeps of its own (its JIT, its memory layout) "
                                        + "is not in the intervals ("
                                        + result.design().moreJvms()
                                        + " puts it there), or the machine's noise was beyond what "
                                        + result.rounds().size() + " rounds average out"
                                : "the machine's noise was beyond what "
                                        + result.rounds().size() + " rounds and "
                                        + result.design().jvmsPerVariant() + " JVMs per variant average out"));
            }
        }
        if (!result.stopped().decided() && result.stopped() != ComparisonResult.Stop.FAILED) {
            String control =
                    result.aa().isEmpty() ? null : result.aa().getFirst().second();
            long undecided = result.verdicts().stream()
                    .filter(verdict -> result.design().deciding().contains(verdict.metric()))
                    .mapToLong(verdict -> verdict.undecided(control))
                    .sum();
            if (undecided > 0) {
                warnings.add(
                        result.stopped().words() + " after " + result.rounds().size() + " rounds with " + undecided
                                + " pair(s) undecided: no difference detected there, but one as large as the equivalence margin ("
                                + percent(result.design().equivalenceMargin())
                                + ") is not ruled out; more rounds (--rounds, --time-limit) narrow them");
            }
        }
        for (ComparisonResult.VariantRecord variant : result.variants()) {
            long errors = result.rounds().stream()
                    .flatMap(round -> round.trials(variant.label()).stream())
                    .filter(trial -> trial.fork() == variant.fork())
                    .mapToLong(trial -> trial.result().requests().errors())
                    .sum();
            if (errors > 0) {
                warnings.add(variant.label() + (result.design().severalJvms() ? " (JVM " + variant.fork() + ")" : "")
                        + ": " + errors + " failed requests in its trials (see each trial's result)");
            }
            if (variant.idleCpuShare() > ComparisonRunner.IDLE_CPU_WARNING_SHARE) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "%s's JVM%s used %.1f%% of a core while the others were measured (JIT, GC, timers): "
                                + "CPU the measured variant did not get",
                        variant.label(),
                        result.design().severalJvms() ? " " + variant.fork() : "",
                        100 * variant.idleCpuShare()));
            }
        }
        return List.copyOf(warnings);
    }

    /** Rounds in which every trial served requests: a round where one served nothing is kept, not analysed. */
    private static long servedRounds(ComparisonResult result) {
        return result.rounds().stream()
                .filter(round -> round.trials().stream().noneMatch(ComparisonResult.Trial::servedNothing))
                .count();
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share).replace(".0%", "%");
    }
}
