package dev.stackbench.core.compare;

import dev.stackbench.core.compare.analysis.Looks;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.Numbers;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A comparison as text for the terminal: how it ran and why it stopped, then per metric the ordered groups and
 * every pair's ratio with its interval, the A/A control's noise floor, and the warnings.
 */
public final class ComparisonSummary {

    private ComparisonSummary() {}

    /** How each round ran: "each in a fresh random order", or its trials together. */
    public static String rounds(Design design) {
        return design.schedule() == Schedule.TURNS
                ? "each in a fresh random order, one trial at a time"
                : design.forks() == 1
                        ? "each with every variant's trial at the same time (together)"
                        : "each with one JVM of every variant at the same time (together), forks in a random order";
    }

    public static String of(ComparisonResult result) {
        var text = new StringBuilder();
        Design design = result.design();
        text.append(String.format(
                Locale.ROOT,
                "Comparison:   %d variants in %s, %s; trials of %s re-warm + %s window%n",
                result.labels().size(),
                result.variants().size() == result.labels().size()
                        ? "their own JVMs"
                        : result.variants().size() + " JVMs of their own",
                result.load().description(),
                Durations.format(result.load().trialWarmup()),
                Durations.format(result.load().window())));
        text.append(String.format(
                Locale.ROOT,
                "Rounds:       %d complete, %s (%s after %s)%n",
                result.rounds().size(),
                rounds(design),
                result.stopped().words(),
                minutes(result.seconds())));
        text.append(String.format(
                Locale.ROOT,
                "Machine:      %s%s%n",
                Machine.words(result.machine()),
                result.machine() == null ? "" : "; its verdicts hold on this machine, not on another"));
        if (result.machine() != null && result.machine().calibration() != null) {
            text.append(String.format(
                    Locale.ROOT,
                    "              calibration %s; JDK %s%n",
                    result.machine().calibration().words(),
                    result.machine().jdk()));
        }
        // Each variant's JVM: the same flags for all unless a variant says otherwise, so one line when they agree.
        var jvms = result.jvms();
        if (!jvms.isEmpty()) {
            if (jvms.values().stream().distinct().count() == 1) {
                text.append(String.format(
                        Locale.ROOT,
                        "              every variant's JVM: %s%n",
                        jvms.values().iterator().next()));
            } else {
                jvms.forEach((label, jvm) ->
                        text.append(String.format(Locale.ROOT, "              %s's JVM: %s%n", label, jvm)));
            }
        }
        text.append(
                !design.severalJvms()
                        ? "JVMs:         one per variant: a difference of a few percent may be what a JVM keeps of its own (its JIT, its memory "
                                + "layout); " + design.moreJvms() + " puts that in the intervals"
                                + System.lineSeparator()
                        : design.generations() == 1
                                ? String.format(
                                        Locale.ROOT,
                                        "JVMs:         %d per variant, each measured every round; intervals over their means%n",
                                        design.forks())
                                : String.format(
                                        Locale.ROOT,
                                        "JVMs:         %d per variant in %d generations of %d%s, each measured in %d"
                                                + " round(s)%s; intervals over their means%n",
                                        design.jvmsPerVariant(),
                                        design.generations(),
                                        design.forks(),
                                        design.smallerLastGeneration(),
                                        design.trialsPerJvm(),
                                        design.pilotTrials() > 0
                                                ? " (the pilot's in " + design.pilotTrials() + ")"
                                                : ""));
        text.append(String.format(
                Locale.ROOT,
                "Confidence:   %s over all pairs and %d looks (%s); equivalent within %s%n",
                ComparisonWarnings.percent(design.confidence()),
                design.looks().count(),
                Looks.correction(),
                ComparisonWarnings.percent(design.equivalenceMargin())));
        for (MetricVerdict verdict : result.verdicts()) {
            boolean deciding = design.deciding().contains(verdict.metric());
            text.append(System.lineSeparator());
            text.append(String.format(
                    Locale.ROOT,
                    "%s (%s is better)%s, %d rounds on %s; overall %s%n",
                    title(verdict.metric()),
                    verdict.metric().higherIsBetter() ? "higher" : "lower",
                    deciding ? ", deciding" : "",
                    verdict.rounds(),
                    result.machine() == null
                            ? "an unknown machine"
                            : result.machine().id(),
                    overall(verdict)));
            text.append(groupsAndPairs(verdict));
        }
        for (ComparisonResult.Aa aa : result.aa()) {
            if (aa.verdict() != null) {
                text.append(System.lineSeparator())
                        .append(String.format(
                                Locale.ROOT,
                                "A/A control:  %s vs %s on %s: %sx %s%s: the noise floor of this comparison%n",
                                aa.first(),
                                aa.second(),
                                aa.metric().id(),
                                ratio(aa.verdict().ratio()),
                                interval(aa.verdict().low(), aa.verdict().high()),
                                aa.falseAlarm() ? ", DECLARED DIFFERENT" : ""));
            }
        }
        for (String warning : result.warnings()) {
            text.append("WARNING: ").append(warning).append(System.lineSeparator());
        }
        return text.toString();
    }

    /**
     * A metric's ordered groups, best first, each variant with its median ("1. webflux-netty (57,239 req/s) =
     * loom-netty (55,120 req/s)"), then every pair in words; the lines under a metric's heading, here and in the JMH
     * suite's ranking.
     */
    public static String groupsAndPairs(MetricVerdict verdict) {
        var text = new StringBuilder();
        int rank = 0;
        for (List<String> group : verdict.groups()) {
            rank++;
            text.append(String.format(
                    Locale.ROOT,
                    "  %d. %s%n",
                    rank,
                    group.stream()
                            .map(label -> label + " " + median(verdict, label))
                            .collect(Collectors.joining(" = "))));
        }
        for (PairVerdict pair : verdict.pairs()) {
            text.append("     ").append(pairWords(pair, verdict.metric())).append(System.lineSeparator());
        }
        return text.toString();
    }

    /** {@code webflux-netty 1.18x loom-netty [1.11, 1.26]}, or the words of a tie. */
    public static String pairWords(PairVerdict pair, Metric metric) {
        String interval = interval(pair.low(), pair.high());
        return switch (pair.outcome()) {
            case DIFFERENT ->
                String.format(
                        Locale.ROOT,
                        "%s %sx %s %s%s",
                        pair.first(),
                        ratio(pair.ratio()),
                        pair.second(),
                        interval,
                        metric.higherIsBetter() ? "" : " (" + metric.id() + ", lower is better)");
            case EQUIVALENT -> pair.first() + " and " + pair.second() + ": equivalent, ratio within " + interval;
            case UNDECIDED ->
                pair.first() + " and " + pair.second() + ": no difference detected, ratio within " + interval;
        };
    }

    /** {@code [0.970, 1.040]}; an end beyond what a few rounds can bound reads as such, not as 13 digits. */
    public static String interval(double low, double high) {
        return "[" + (low < 0.001 ? "0" : ratio(low)) + ", " + (high > 999 ? "unbounded" : ratio(high)) + "]";
    }

    /** A ratio with three decimals. */
    public static String ratio(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String title(Metric metric) {
        return switch (metric) {
            case RPS -> "Requests/s";
            case CPU_PER_REQUEST -> "CPU per request (the whole JVM's)";
            case SERVER_CPU_PER_REQUEST -> "Server CPU per request";
            default -> metric.id();
        };
    }

    private static String overall(MetricVerdict verdict) {
        double p = verdict.overall().pValue();
        return Double.isNaN(p)
                ? "(too few rounds for Friedman's test)"
                : String.format(
                        Locale.ROOT,
                        "Friedman p = %.2g (%s)",
                        p,
                        p < 0.05 ? "the variants differ" : "no difference across all");
    }

    private static String median(MetricVerdict verdict, String label) {
        return verdict.variants().stream()
                .filter(score -> score.label().equals(label))
                .findFirst()
                .map(score -> "(" + Numbers.groupedOrThreeDigits(score.median()) + " "
                        + verdict.metric().unit() + ")")
                .orElse("");
    }

    private static String minutes(double seconds) {
        long whole = Math.round(seconds);
        return whole >= 60 ? (whole / 60) + " min " + (whole % 60) + " s" : whole + " s";
    }
}
