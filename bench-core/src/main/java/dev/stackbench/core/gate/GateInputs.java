package dev.stackbench.core.gate;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineMix;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.stats.Estimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What a {@link Gate} is given, checked before any rule's arithmetic: one machine (unless allowed), a baseline where a
 * rule needs one and not a partial one, setups measured alike (unless allowed), and the targets and request names each
 * rule names. Unusable input is refused with a {@link GateInputException}; what is allowed anyway becomes a note.
 */
final class GateInputs {

    private final RecordedResults baseline;
    private final RecordedResults current;
    private final GateOptions options;
    /** Each request name's share of both sides, for {@link GateRule.ForRequest} rules. */
    private final Map<String, GateInputs> byRequest = new HashMap<>();

    /** @param baseline null when the rules need none (ratios, bounds, max) */
    GateInputs(RecordedResults baseline, RecordedResults current, GateOptions options) {
        this.baseline = baseline;
        this.current = Objects.requireNonNull(current, "current");
        this.options = Objects.requireNonNull(options, "options");
    }

    /** Null when the rules need none. */
    RecordedResults baseline() {
        return baseline;
    }

    RecordedResults current() {
        return current;
    }

    GateOptions options() {
        return options;
    }

    /**
     * Refuses results these rules cannot be checked against: of different machines (unless allowed), without a
     * baseline that a rule needs, with a partial baseline, measured differently from the baseline (unless allowed).
     * Adds what it notes (the machines, what is allowed anyway) to {@code notes}.
     */
    void validate(List<GateRule> rules, List<String> notes) {
        machines(notes);
        if (baseline == null) {
            rules.stream().filter(GateRule::needsBaseline).findFirst().ifPresent(rule -> {
                throw new GateInputException("no baseline given, but the rule '" + rule.metric() + " " + rule.describe()
                        + "' compares with one: give --baseline, or --rules with only ratio, bound and max rules");
            });
        } else {
            refusePartialBaseline();
            compareSetups(notes);
        }
    }

    /** Results with no check at all are not a pass: refused, naming the targets of both sides. */
    void requireChecks(List<Check> checks) {
        if (checks.isEmpty()) {
            throw new GateInputException("nothing comparable: the baseline has " + labels(baseline)
                    + ", the current results have " + labels(current));
        }
    }

    /** The same inputs over the requests of one name only: each side restricted by {@link RecordedResults#forRequest}. */
    GateInputs forRequest(String request) {
        return byRequest.computeIfAbsent(
                request,
                name -> new GateInputs(
                        baseline == null ? null : baseline.forRequest(name), current.forRequest(name), options));
    }

    /** A rule on a request name that no run of either side has is a typo, not a pass: refused, naming the names there are. */
    void requireRequest(GateRule.ForRequest rule) {
        GateInputs restricted = forRequest(rule.request());
        if (!restricted.current.runs().isEmpty()
                || (restricted.baseline != null && !restricted.baseline.runs().isEmpty())) {
            return;
        }
        var names = new TreeSet<String>();
        for (RecordedResults side : Arrays.asList(baseline, current)) {
            if (side != null) {
                side.runs().stream()
                        .filter(run -> run.result() != null && run.result().byRequest() != null)
                        .forEach(run -> run.result().byRequest().forEach(stats -> names.add(stats.name())));
            }
        }
        throw new GateInputException("the rule '" + rule.target() + " " + rule.metric() + " " + rule.describe()
                + "' names requests '"
                + rule.request() + "', which no run has ("
                + (names.isEmpty() ? "no request names in these results" : "names: " + String.join(", ", names)) + ")");
    }

    /** The targets {@code rule} applies to; refuses a target it names that a side it needs lacks. */
    List<String> targets(GateRule rule) {
        boolean both = rule.needsBaseline();
        if (GateRule.ALL_TARGETS.equals(rule.target())) {
            return current.targets().keySet().stream()
                    .filter(label -> !both || baseline.targets().containsKey(label))
                    .toList();
        }
        if (both
                && baseline.targets().containsKey(rule.target())
                && !current.targets().containsKey(rule.target())) {
            return List.of(); // missing from the current results: a failure of its own (missingTargets)
        }
        requireTarget(current, "current results", rule.target(), rule);
        if (both) {
            requireTarget(baseline, "baseline", rule.target(), rule);
        }
        if (rule instanceof GateRule.RatioLimit ratio) {
            requireTarget(current, "current results", ratio.other(), rule);
        }
        return List.of(rule.target());
    }

    /** Targets a baseline rule applies to that the baseline has and the current results lack: a crashed variant must not pass. */
    List<String> missingTargets(List<GateRule> rules) {
        if (baseline == null) {
            return List.of();
        }
        var missing = new LinkedHashSet<String>();
        for (GateRule rule : rules) {
            if (!rule.needsBaseline()) {
                continue;
            }
            if (rule instanceof GateRule.ForRequest named) {
                forRequest(named.request()).missingTargets(List.of(named.rule())).stream()
                        .map(named::label)
                        .forEach(missing::add);
                continue;
            }
            baseline.targets().keySet().stream()
                    .filter(label -> !current.targets().containsKey(label))
                    .filter(label -> GateRule.ALL_TARGETS.equals(rule.target())
                            || rule.target().equals(label))
                    .forEach(missing::add);
        }
        return List.copyOf(missing);
    }

    /** A reference without a value (no successful requests) leaves nothing to compare with: refused. */
    static void requireValue(Estimate estimate, String side, String label) {
        if (Double.isNaN(estimate.point())) {
            throw new GateInputException(label + " in the " + side + " has no " + estimate.metric()
                    + " (no successful requests): nothing to compare with");
        }
    }

    private static void requireTarget(RecordedResults results, String side, String label, GateRule rule) {
        if (!results.targets().containsKey(label)) {
            throw new GateInputException("the rule '" + rule.target() + " " + rule.metric() + " " + rule.describe()
                    + "' names '" + label + "', which is not in the " + side + " (" + labels(results) + ")");
        }
    }

    /** A baseline that misses part of its load (an agent lost) would make any comparison with it wrong: refused. */
    private void refusePartialBaseline() {
        for (RecordedTarget before : baseline.targets().values()) {
            before.partialReason().ifPresent(reason -> {
                throw new GateInputException("baseline " + before.label() + " is a partial result, not a baseline: "
                        + reason + "; measure it again with every agent");
            });
        }
    }

    /**
     * Results of different machines are not held against each other unless the options say so, and then the notes
     * say which machines and what sets them apart; results without a fingerprint are noted as unknown.
     */
    private void machines(List<String> notes) {
        var bySource = new LinkedHashMap<String, Machine>();
        if (baseline != null) {
            baseline.runs().forEach(run -> bySource.putIfAbsent("baseline " + run.label(), run.machine()));
        }
        current.runs().forEach(run -> bySource.putIfAbsent("current " + run.label(), run.machine()));
        MachineMix mix = MachineMix.of(bySource);
        if (mix.several() && !options.acrossMachines()) {
            throw new GateInputException("results of different machines: " + mix.words()
                    + ". A gate holds results of one machine against each other; measure the baseline on this machine,"
                    + " or add --across-machines to compare anyway (the table then says so)");
        }
        notes.add((mix.several() ? "ACROSS MACHINES (--across-machines): " : "") + mix.words());
    }

    /** A target measured differently from its baseline is not comparable: refused, unless allowed. */
    private void compareSetups(List<String> notes) {
        var different = new LinkedHashMap<String, String>();
        for (RecordedTarget now : current.targets().values()) {
            RecordedTarget before = baseline.target(now.label());
            if (before == null) {
                notes.add(now.label() + ": not in the baseline, not compared with it");
                continue;
            }
            var differences = now.setup().differencesFrom(before.setup());
            if (!differences.isEmpty()) {
                different.put(now.label(), String.join(", ", differences));
            }
        }
        if (different.isEmpty()) {
            return;
        }
        if (!options.allowDifferentMeasurement()) {
            var targets = new ArrayList<String>();
            different.forEach((label, differences) -> targets.add(label + " (" + differences + ")"));
            throw new GateInputException("measured differently from the baseline (current vs baseline): "
                    + String.join("; ", targets) + "; if the change is intended, add --allow-different-measurement");
        }
        different.forEach((label, differences) -> notes.add(label + ": measured differently from the baseline ("
                + differences + "), compared as --allow-different-measurement asks"));
    }

    private static String labels(RecordedResults results) {
        return results == null
                ? "nothing"
                : results.targets().isEmpty()
                        ? "no targets"
                        : String.join(
                                ", ", new LinkedHashSet<>(results.targets().keySet()));
    }
}
