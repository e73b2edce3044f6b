package dev.stackbench.core.gate;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineMix;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.stats.Bootstrap;
import dev.stackbench.core.stats.Estimate;
import dev.stackbench.core.stats.Excess;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * Checks rules against results. A check fails only when its limit is crossed by more than the
 * spread of the measurements allows: the excess over the limit is computed in each of
 * {@value Bootstrap#RESAMPLES} bootstrap resamples of both sides ({@link Bootstrap}), and the check
 * fails when even its 2.5th percentile is beyond the limit ({@link Excess}), that is, when the whole
 * 95% interval is. Without a spread (one run without samples per side) the point values decide.
 *
 * <p>A gate cannot be fooled by what is missing or moving: a target of the baseline that is missing
 * from the current results fails; a target measured differently from its baseline is unusable input
 * ({@link GateInputException}) unless {@link GateOptions#allowDifferentMeasurement()}; a comparison
 * with the baseline where a side's window was not steady is {@link Verdict#NOT_STEADY} unless
 * {@link GateOptions#allowUnsteady()}; a window of unknown steadiness (older results, JMH) is a note.
 *
 * <pre>{@code
 * RecordedResults baseline = ResultReader.read(List.of(Path.of("baseline")));
 * RecordedResults current = ResultReader.read(List.of(Path.of("current")));
 * GateReport report = Gate.check(GateRules.defaults(), baseline, current, GateOptions.STRICT);
 * System.out.print(report.table());
 * }</pre>
 */
public final class Gate {

    private final RecordedResults baseline;
    private final RecordedResults current;
    private final GateOptions options;
    private final Map<String, Map<Metric, Estimate>> estimates = new HashMap<>();
    /** A gate over each request name's share of both sides, for {@link GateRule.ForRequest} rules. */
    private final Map<String, Gate> byRequest = new HashMap<>();

    private Gate(RecordedResults baseline, RecordedResults current, GateOptions options) {
        this.baseline = baseline;
        this.current = Objects.requireNonNull(current, "current");
        this.options = Objects.requireNonNull(options, "options");
    }

    /** {@link #check(List, RecordedResults, RecordedResults, GateOptions)} with nothing allowed. */
    public static GateReport check(List<GateRule> rules, RecordedResults baseline, RecordedResults current) {
        return check(rules, baseline, current, GateOptions.STRICT);
    }

    /**
     * @param baseline null when the rules need none (ratios, bounds, max)
     * @throws GateInputException when a rule cannot be checked against these results
     */
    public static GateReport check(
            List<GateRule> rules, RecordedResults baseline, RecordedResults current, GateOptions options) {
        return new Gate(baseline, current, options).run(rules);
    }

    private GateReport run(List<GateRule> rules) {
        var notes = new ArrayList<String>();
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
        var checks = new ArrayList<Check>();
        for (GateRule rule : rules) {
            if (rule instanceof GateRule.ForRequest named) {
                Gate gate = forRequest(named.request());
                requireRequest(named, gate);
                for (String target : gate.targets(named.rule())) {
                    Check check = failIfPartial(gate.check(named.rule(), target), named.rule());
                    checks.add(check.withTarget(named.label(target)));
                }
            } else {
                for (String target : targets(rule)) {
                    checks.add(failIfPartial(check(rule, target), rule));
                }
            }
        }
        List<String> missing = missingTargets(rules);
        if (checks.isEmpty()) {
            throw new GateInputException("nothing comparable: the baseline has " + labels(baseline)
                    + ", the current results have " + labels(current));
        }
        steadinessNotes(notes);
        return new GateReport(checks, missing, notes);
    }

    /** A rule on a request name that no run of either side has is a typo, not a pass: refused, naming the names there are. */
    private void requireRequest(GateRule.ForRequest rule, Gate gate) {
        if (!gate.current.runs().isEmpty()
                || (gate.baseline != null && !gate.baseline.runs().isEmpty())) {
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

    /** The same gate over the requests of one name only: each side restricted by {@link RecordedResults#forRequest}. */
    private Gate forRequest(String request) {
        return byRequest.computeIfAbsent(
                request,
                name -> new Gate(
                        baseline == null ? null : baseline.forRequest(name), current.forRequest(name), options));
    }

    private List<String> targets(GateRule rule) {
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
    private List<String> missingTargets(List<GateRule> rules) {
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
     * Missing data never passes: a check of a current target (or the other of a ratio) that lost part of its load
     * fails, naming it as partial, whatever its numbers say.
     */
    private Check failIfPartial(Check check, GateRule rule) {
        var reasons = new ArrayList<String>();
        var targets = new ArrayList<>(List.of(check.target()));
        if (rule instanceof GateRule.RatioLimit ratio) {
            targets.add(ratio.other());
        }
        for (String label : targets) {
            RecordedTarget now = current.target(label);
            if (now != null) {
                now.partialReason().ifPresent(reason -> reasons.add(label + " " + reason));
            }
        }
        if (reasons.isEmpty()) {
            return check;
        }
        return check.withVerdict(
                Verdict.FAIL, String.join("; ", reasons) + (check.note().isEmpty() ? "" : "; " + check.note()));
    }

    /** A target measured differently from its baseline is not comparable: refused, unless allowed. */
    /**
     * Results of different machines are not held against each other unless the options say so, and then the notes
     * say which machines and what sets them apart; results without a fingerprint are noted as unknown.
     */
    private void machines(List<String> notes) {
        var bySource = new java.util.LinkedHashMap<String, Machine>();
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

    /** Says which windows were not steady, and for which steadiness is unknown. */
    private void steadinessNotes(List<String> notes) {
        var unknown = new LinkedHashSet<String>();
        for (var side : List.of(new Side("baseline", baseline), new Side("current", current))) {
            if (side.results() == null) {
                continue;
            }
            for (RecordedTarget target : side.results().targets().values()) {
                target.unsteadyReason()
                        .ifPresent(reason -> notes.add(target.label() + ": " + side.name() + " " + reason));
                if (target.steadinessUnknown()) {
                    unknown.add(target.label());
                }
            }
        }
        if (!unknown.isEmpty()) {
            notes.add("steadiness unknown for " + String.join(", ", unknown)
                    + " (results written before stackbench judged it, or JMH):" + " compared as measured");
        }
    }

    private record Side(String name, RecordedResults results) {}

    private Check check(GateRule rule, String target) {
        Estimate now = estimate(current, "current", target, rule.metric());
        return switch (rule) {
            case GateRule.BaselineLimit limit -> {
                Estimate before = estimate(baseline, "baseline", target, rule.metric());
                requireValue(before, "baseline", target);
                yield steadinessOf(target, compare(rule, target, now, before, "baseline", limit::limit));
            }
            case GateRule.RatioLimit ratio -> {
                Estimate other = estimate(current, "current", ratio.other(), rule.metric());
                requireValue(other, "current results", ratio.other());
                yield compare(rule, target, now, other, ratio.other(), ratio::limit);
            }
            case GateRule.StatedBound bound ->
                bound(bound, bound.requestsPerSecond(), bound.tolerance(), "", target, now);
            case GateRule.ResultBound bound -> {
                var own = current.target(target)
                        .bound()
                        .orElseThrow(() -> new GateInputException(
                                "the rule '" + target + " rps " + bound.describe() + "' needs a bound, but " + target
                                        + "'s result implies none (no pool or user limit with a delay)"));
                yield bound(bound, own.requestsPerSecond(), bound.tolerance(), own.formula(), target, now);
            }
            case GateRule.NoNewErrors ignored -> noNewErrors(rule, target, now);
            case GateRule.MaxErrors max -> {
                boolean ok = now.point() <= max.maxErrors();
                yield new Check(
                        target,
                        rule,
                        null,
                        "",
                        now,
                        max.maxErrors(),
                        true,
                        Double.NaN,
                        ok ? Verdict.OK : Verdict.FAIL,
                        ok ? "" : (long) now.point() + " failed requests");
            }
            case GateRule.ForRequest named ->
                throw new IllegalStateException("checked by its request's gate: " + named);
        };
    }

    /**
     * A comparison with the baseline where either side's window was not steady compares moving numbers:
     * its verdict is {@link Verdict#NOT_STEADY}, unless allowed; then the numbers decide and a note says so.
     */
    private Check steadinessOf(String target, Check check) {
        var reasons = new ArrayList<String>();
        baseline.target(target).unsteadyReason().ifPresent(reason -> reasons.add("baseline " + reason));
        current.target(target).unsteadyReason().ifPresent(reason -> reasons.add("current " + reason));
        if (reasons.isEmpty()) {
            return check;
        }
        if (options.allowUnsteady()) {
            String note = (check.note().isEmpty() ? "" : check.note() + "; ")
                    + "not steady, compared as --allow-unsteady asks";
            return check.withNote(note);
        }
        return check.withVerdict(Verdict.NOT_STEADY, String.join("; ", reasons));
    }

    /** A limit derived from the reference value: upper for latency against the baseline, lower for rps; ratios say which. */
    private Check compare(
            GateRule rule,
            String target,
            Estimate now,
            Estimate reference,
            String referenceName,
            DoubleUnaryOperator limitOf) {
        boolean upper = rule instanceof GateRule.RatioLimit ratio
                ? ratio.upper()
                : rule.metric().smallerIsBetter();
        DoubleBinaryOperator excess = upper
                ? (value, ref) -> value - limitOf.applyAsDouble(ref)
                : (value, ref) -> limitOf.applyAsDouble(ref) - value;
        double limit = limitOf.applyAsDouble(reference.point());
        if (Double.isNaN(now.point())) {
            return new Check(
                    target,
                    rule,
                    reference,
                    referenceName,
                    now,
                    limit,
                    upper,
                    Double.NaN,
                    Verdict.FAIL,
                    "no successful requests");
        }
        double pointExcess = excess.applyAsDouble(now.point(), reference.point());
        double excess95 = Excess.lowerTail(now, reference, excess);
        return new Check(
                target,
                rule,
                reference,
                referenceName,
                now,
                limit,
                upper,
                excess95,
                verdict(pointExcess, excess95),
                "");
    }

    private Check bound(
            GateRule bound, double expected, double tolerance, String formula, String target, Estimate now) {
        double low = expected * (1 - tolerance);
        double high = expected * (1 + tolerance);
        DoubleBinaryOperator excess = (value, ignored) -> Math.max(value - high, low - value);
        if (Double.isNaN(now.point())) {
            return new Check(
                    target,
                    bound,
                    null,
                    formula,
                    now,
                    expected,
                    true,
                    Double.NaN,
                    Verdict.FAIL,
                    "no successful requests");
        }
        double pointExcess = excess.applyAsDouble(now.point(), expected);
        double excess95 = Excess.lowerTail(now, null, excess);
        String note = now.point() > high
                ? "faster than the bound allows: the pool or the delay is not what the bound assumes"
                : "";
        return new Check(
                target, bound, null, formula, now, expected, false, excess95, verdict(pointExcess, excess95), note);
    }

    private Check noNewErrors(GateRule rule, String target, Estimate now) {
        Estimate reference = estimate(baseline, "baseline", target, Metric.ERRORS);
        long errorsBefore = (long) reference.point();
        long errorsAfter = (long) now.point();
        long finishedBefore = baseline.target(target).finished();
        long finishedAfter = current.target(target).finished();
        boolean ok;
        String note = "";
        if (errorsBefore == 0) {
            ok = errorsAfter == 0;
            note = ok ? "" : errorsAfter + " failed requests, none in the baseline";
        } else if (finishedBefore > 0 && finishedAfter > 0) {
            double rateBefore = (double) errorsBefore / finishedBefore;
            double rateAfter = (double) errorsAfter / finishedAfter;
            ok = rateAfter <= rateBefore;
            note = String.format(Locale.ROOT, "error rate %.3g%% (baseline %.3g%%)", 100 * rateAfter, 100 * rateBefore);
        } else {
            ok = errorsAfter <= errorsBefore;
        }
        return new Check(
                target,
                rule,
                reference,
                "baseline",
                now,
                errorsBefore,
                true,
                Double.NaN,
                ok ? Verdict.OK : Verdict.FAIL,
                note);
    }

    private static Verdict verdict(double pointExcess, double excess95) {
        if (!(pointExcess > 0)) {
            return Verdict.OK;
        }
        return Double.isNaN(excess95) || excess95 > 0 ? Verdict.FAIL : Verdict.WITHIN_NOISE;
    }

    private Estimate estimate(RecordedResults results, String side, String label, Metric metric) {
        return estimates
                .computeIfAbsent(side + "\u0000" + label, key -> estimates(results.target(label), side))
                .get(metric);
    }

    /** Every metric of one target with its bootstrap spread, seeded by side and target ({@link Bootstrap#estimate(RecordedTarget, String)}). */
    public static Map<Metric, Estimate> estimates(RecordedTarget target, String side) {
        return Bootstrap.estimate(target, side);
    }

    private static void requireValue(Estimate estimate, String side, String label) {
        if (Double.isNaN(estimate.point())) {
            throw new GateInputException(label + " in the " + side + " has no " + estimate.metric()
                    + " (no successful requests): nothing to compare with");
        }
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
