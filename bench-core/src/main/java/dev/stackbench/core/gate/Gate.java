package dev.stackbench.core.gate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;

/**
 * Checks rules against results. A check fails only when its limit is crossed by more than the
 * spread of the measurements allows: the excess over the limit is computed in each of
 * {@value #RESAMPLES} bootstrap resamples of both sides ({@link Bootstrap}), and the check fails
 * when even the 2.5th percentile of the excess is beyond the limit, that is, when the whole 95%
 * interval is. Without a spread (one run without intervals per side) the point values decide.
 *
 * <pre>{@code
 * Results baseline = ResultReader.read(List.of(Path.of("baseline")));
 * Results current = ResultReader.read(List.of(Path.of("current")));
 * GateReport report = Gate.check(GateRules.defaults(), baseline, current);
 * System.out.print(report.table());
 * }</pre>
 */
public final class Gate {

    public static final int RESAMPLES = 2000;
    /** One-sided: a check fails when the excess is positive in more than 97.5% of the resamples. */
    public static final double TAIL = 0.025;
    /** A fixed seed, so that the same files always give the same verdicts. */
    public static final long SEED = 20261122L;

    private final Results baseline;
    private final Results current;
    private final Map<String, Map<GateMetric, Estimate>> estimates = new HashMap<>();

    private Gate(Results baseline, Results current) {
        this.baseline = baseline;
        this.current = Objects.requireNonNull(current);
    }

    /**
     * @param baseline null when the rules need none (ratios, bounds, max)
     * @throws GateInputException when a rule cannot be checked against these results
     */
    public static GateReport check(List<GateRule> rules, Results baseline, Results current) {
        return new Gate(baseline, current).run(rules);
    }

    private GateReport run(List<GateRule> rules) {
        var notes = new ArrayList<String>();
        if (baseline == null) {
            rules.stream().filter(GateRule::needsBaseline).findFirst().ifPresent(rule -> {
                throw new GateInputException("no baseline given, but the rule '" + rule.metric() + " " + rule.describe()
                        + "' compares with one: give --baseline, or --rules with only ratio, bound and max rules");
            });
        } else {
            compareMeasurements(notes);
        }
        var checks = new ArrayList<Check>();
        for (GateRule rule : rules) {
            for (String target : targets(rule)) {
                checks.add(check(rule, target));
            }
        }
        if (checks.isEmpty()) {
            throw new GateInputException("nothing comparable: the baseline has " + labels(baseline) + ", the current results have "
                    + labels(current));
        }
        return new GateReport(checks, notes);
    }

    private List<String> targets(GateRule rule) {
        boolean both = rule.needsBaseline();
        if (GateRule.ALL_TARGETS.equals(rule.target())) {
            return current.targets().keySet().stream().filter(label -> !both || baseline.targets().containsKey(label)).toList();
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

    private static void requireTarget(Results results, String side, String label, GateRule rule) {
        if (!results.targets().containsKey(label)) {
            throw new GateInputException("the rule '" + rule.target() + " " + rule.metric() + " " + rule.describe() + "' names '" + label
                    + "', which is not in the " + side + " (" + labels(results) + ")");
        }
    }

    private void compareMeasurements(List<String> notes) {
        for (TargetRuns now : current.targets().values()) {
            TargetRuns before = baseline.target(now.label());
            if (before == null) {
                notes.add(now.label() + ": not in the baseline, not compared with it");
            } else if (!before.measurement().equals(now.measurement())) {
                notes.add(now.label() + ": measured differently from the baseline (" + now.measurement() + " vs " + before.measurement() + ")");
            }
        }
        baseline.targets().keySet().stream().filter(label -> !current.targets().containsKey(label))
                .forEach(label -> notes.add(label + ": in the baseline only, missing from the current results"));
    }

    private Check check(GateRule rule, String target) {
        Estimate now = estimate(current, "current", target, rule.metric());
        return switch (rule) {
            case GateRule.BaselineLimit limit -> {
                Estimate before = estimate(baseline, "baseline", target, rule.metric());
                requireValue(before, "baseline", target);
                yield compare(rule, target, now, before, "baseline", limit::limit);
            }
            case GateRule.RatioLimit ratio -> {
                Estimate other = estimate(current, "current", ratio.other(), rule.metric());
                requireValue(other, "current results", ratio.other());
                yield compare(rule, target, now, other, ratio.other(), ratio::limit);
            }
            case GateRule.StatedBound bound -> bound(bound, bound.requestsPerSecond(), bound.tolerance(), "", target, now);
            case GateRule.ResultBound bound -> {
                var own = current.target(target).bound().orElseThrow(() -> new GateInputException("the rule '" + target + " rps "
                        + bound.describe() + "' needs a bound, but " + target + "'s result implies none (no pool or user limit with a delay)"));
                yield bound(bound, own.requestsPerSecond(), bound.tolerance(), own.formula(), target, now);
            }
            case GateRule.NoNewErrors ignored -> noNewErrors(rule, target, now);
            case GateRule.MaxErrors max -> {
                boolean ok = now.point() <= max.maxErrors();
                yield new Check(target, rule, null, "", now, max.maxErrors(), true, Double.NaN, ok ? Verdict.OK : Verdict.FAIL,
                        ok ? "" : (long) now.point() + " failed requests");
            }
        };
    }

    /** A limit derived from the reference value: upper for latency against the baseline, lower for rps; ratios say which. */
    private Check compare(GateRule rule, String target, Estimate now, Estimate reference, String referenceName, java.util.function.DoubleUnaryOperator limitOf) {
        boolean upper = rule instanceof GateRule.RatioLimit ratio ? ratio.upper() : rule.metric().smallerIsBetter();
        DoubleBinaryOperator excess = upper ? (value, ref) -> value - limitOf.applyAsDouble(ref) : (value, ref) -> limitOf.applyAsDouble(ref) - value;
        double limit = limitOf.applyAsDouble(reference.point());
        if (Double.isNaN(now.point())) {
            return new Check(target, rule, reference, referenceName, now, limit, upper, Double.NaN, Verdict.FAIL, "no successful requests");
        }
        double pointExcess = excess.applyAsDouble(now.point(), reference.point());
        double excess95 = lowerTail(now, reference, excess);
        return new Check(target, rule, reference, referenceName, now, limit, upper, excess95, verdict(pointExcess, excess95), "");
    }

    private Check bound(GateRule bound, double expected, double tolerance, String formula, String target, Estimate now) {
        double low = expected * (1 - tolerance);
        double high = expected * (1 + tolerance);
        DoubleBinaryOperator excess = (value, ignored) -> Math.max(value - high, low - value);
        if (Double.isNaN(now.point())) {
            return new Check(target, bound, null, formula, now, expected, true, Double.NaN, Verdict.FAIL, "no successful requests");
        }
        double pointExcess = excess.applyAsDouble(now.point(), expected);
        double excess95 = lowerTail(now, null, excess);
        String note = now.point() > high ? "faster than the bound allows: the pool or the delay is not what the bound assumes" : "";
        return new Check(target, bound, null, formula, now, expected, false, excess95, verdict(pointExcess, excess95), note);
    }

    private Check noNewErrors(GateRule rule, String target, Estimate now) {
        Estimate reference = estimate(baseline, "baseline", target, GateMetric.ERRORS);
        long errorsBefore = (long) reference.point();
        long errorsAfter = (long) now.point();
        long finishedBefore = baseline.target(target).runs().stream().mapToLong(Run::finished).sum();
        long finishedAfter = current.target(target).runs().stream().mapToLong(Run::finished).sum();
        boolean ok;
        String note = "";
        if (errorsBefore == 0) {
            ok = errorsAfter == 0;
            note = ok ? "" : errorsAfter + " failed requests, none in the baseline";
        } else if (finishedBefore > 0 && finishedAfter > 0) {
            double rateBefore = (double) errorsBefore / finishedBefore;
            double rateAfter = (double) errorsAfter / finishedAfter;
            ok = rateAfter <= rateBefore;
            note = String.format(java.util.Locale.ROOT, "error rate %.3g%% (baseline %.3g%%)", 100 * rateAfter, 100 * rateBefore);
        } else {
            ok = errorsAfter <= errorsBefore;
        }
        return new Check(target, rule, reference, "baseline", now, errorsBefore, true, Double.NaN, ok ? Verdict.OK : Verdict.FAIL, note);
    }

    private static Verdict verdict(double pointExcess, double excess95) {
        if (!(pointExcess > 0)) {
            return Verdict.OK;
        }
        return Double.isNaN(excess95) || excess95 > 0 ? Verdict.FAIL : Verdict.WITHIN_NOISE;
    }

    /**
     * The 2.5th percentile of the excess over the resamples: positive when the limit is crossed in
     * more than 97.5% of them. Each side is resampled independently; a side without spread keeps its point value.
     */
    private static double lowerTail(Estimate now, Estimate reference, DoubleBinaryOperator excess) {
        int n = Estimate.pairedResamples(now, reference);
        if (n == 0) {
            return Double.NaN;
        }
        double[] excesses = new double[n];
        for (int i = 0; i < n; i++) {
            excesses[i] = excess.applyAsDouble(now.at(i), reference == null ? Double.NaN : reference.at(i));
        }
        return Bootstrap.quantile(excesses, TAIL);
    }

    private Estimate estimate(Results results, String side, String label, GateMetric metric) {
        return estimates.computeIfAbsent(side + "\u0000" + label, key -> estimates(results.target(label), side)).get(metric);
    }

    /**
     * Every metric of one target with its bootstrap spread. Seeded by side and target, so that a
     * verdict depends neither on the order of the rules nor on chance between two runs of the gate.
     */
    public static Map<GateMetric, Estimate> estimates(TargetRuns target, String side) {
        var random = new SplittableRandom(SEED ^ (side + "\u0000" + target.label()).hashCode());
        return new Bootstrap(target).estimate(RESAMPLES, random);
    }

    private static void requireValue(Estimate estimate, String side, String label) {
        if (Double.isNaN(estimate.point())) {
            throw new GateInputException(label + " in the " + side + " has no " + estimate.metric() + " (no successful requests): nothing to compare with");
        }
    }

    private static String labels(Results results) {
        return results == null ? "nothing" : results.targets().isEmpty() ? "no targets" : String.join(", ", new LinkedHashSet<>(results.targets().keySet()));
    }
}
