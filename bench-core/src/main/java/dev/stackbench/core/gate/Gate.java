package dev.stackbench.core.gate;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.stats.Bootstrap;
import dev.stackbench.core.stats.Estimate;
import dev.stackbench.core.stats.Excess;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 *
 * <p>The gate orchestrates: {@link GateInputs} refuses unusable input and says which targets each rule applies to,
 * {@link RuleArithmetic} turns each rule's estimates into a check, {@link VerdictAdjustments} adjusts the verdicts for
 * what the numbers cannot see (steadiness, partial results).
 */
public final class Gate {

    private final GateInputs inputs;
    private final VerdictAdjustments adjustments;
    private final Map<String, Map<Metric, Estimate>> estimates = new HashMap<>();
    /** A gate over each request name's share of both sides, for {@link GateRule.ForRequest} rules. */
    private final Map<String, Gate> byRequest = new HashMap<>();

    private Gate(GateInputs inputs) {
        this.inputs = inputs;
        this.adjustments = new VerdictAdjustments(inputs);
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
        return new Gate(new GateInputs(baseline, current, options)).run(rules);
    }

    private GateReport run(List<GateRule> rules) {
        var notes = new ArrayList<String>();
        inputs.validate(rules, notes);
        var checks = new ArrayList<Check>();
        for (GateRule rule : rules) {
            if (rule instanceof GateRule.ForRequest named) {
                inputs.requireRequest(named);
                Gate gate = forRequest(named.request());
                for (String target : gate.inputs.targets(named.rule())) {
                    Check check = adjustments.failIfPartial(gate.check(named.rule(), target), named.rule());
                    checks.add(check.withTarget(named.label(target)));
                }
            } else {
                for (String target : inputs.targets(rule)) {
                    checks.add(adjustments.failIfPartial(check(rule, target), rule));
                }
            }
        }
        List<String> missing = inputs.missingTargets(rules);
        inputs.requireChecks(checks);
        adjustments.steadinessNotes(notes);
        return new GateReport(checks, missing, notes);
    }

    /** The same gate over the requests of one name only ({@link GateInputs#forRequest}). */
    private Gate forRequest(String request) {
        return byRequest.computeIfAbsent(request, name -> new Gate(inputs.forRequest(name)));
    }

    /** One rule on one target: its estimates looked up, its arithmetic done, a comparison with the baseline adjusted for steadiness. */
    private Check check(GateRule rule, String target) {
        Estimate now = estimate(inputs.current(), "current", target, rule.metric());
        return switch (rule) {
            case GateRule.BaselineLimit limit -> {
                Estimate before = estimate(inputs.baseline(), "baseline", target, rule.metric());
                GateInputs.requireValue(before, "baseline", target);
                yield adjustments.steadinessOf(
                        target, RuleArithmetic.limit(rule, target, now, before, "baseline", limit::limit));
            }
            case GateRule.RatioLimit ratio -> {
                Estimate other = estimate(inputs.current(), "current", ratio.other(), rule.metric());
                GateInputs.requireValue(other, "current results", ratio.other());
                yield RuleArithmetic.limit(rule, target, now, other, ratio.other(), ratio::limit);
            }
            case GateRule.StatedBound bound ->
                RuleArithmetic.bound(bound, bound.requestsPerSecond(), bound.tolerance(), "", target, now);
            case GateRule.ResultBound bound -> {
                var own = inputs.current()
                        .target(target)
                        .bound()
                        .orElseThrow(() -> new GateInputException(
                                "the rule '" + target + " rps " + bound.describe() + "' needs a bound, but " + target
                                        + "'s result implies none (no pool or user limit with a delay)"));
                yield RuleArithmetic.bound(
                        bound, own.requestsPerSecond(), bound.tolerance(), own.formula(), target, now);
            }
            case GateRule.NoNewErrors ignored ->
                RuleArithmetic.noNewErrors(
                        rule,
                        target,
                        now,
                        estimate(inputs.baseline(), "baseline", target, Metric.ERRORS),
                        inputs.baseline().target(target).finished(),
                        inputs.current().target(target).finished());
            case GateRule.MaxErrors max -> RuleArithmetic.maxErrors(max, target, now);
            case GateRule.ForRequest named ->
                throw new IllegalStateException("checked by its request's gate: " + named);
        };
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
}
