package dev.stackbench.core.gate;

import dev.stackbench.core.stats.Estimate;
import dev.stackbench.core.stats.Excess;
import java.util.Locale;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * The arithmetic of each kind of rule, one method per kind: from the estimates a {@link Gate} looked up to a
 * {@link Check} with its verdict. A limit is crossed only when the whole 95% interval of the excess is beyond it
 * ({@link Excess}); without a spread the point values decide.
 */
final class RuleArithmetic {

    private RuleArithmetic() {}

    /**
     * A limit derived from the reference value ({@link GateRule.BaselineLimit}, {@link GateRule.RatioLimit}): upper for
     * latency against the baseline, lower for rps; ratios say which.
     */
    static Check limit(
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
            return noSuccess(target, rule, reference, referenceName, now, limit, upper);
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

    /** Throughput within {@code tolerance} of an expected value ({@link GateRule.StatedBound}, {@link GateRule.ResultBound}). */
    static Check bound(GateRule bound, double expected, double tolerance, String formula, String target, Estimate now) {
        double low = expected * (1 - tolerance);
        double high = expected * (1 + tolerance);
        DoubleBinaryOperator excess = (value, ignored) -> Math.max(value - high, low - value);
        if (Double.isNaN(now.point())) {
            return noSuccess(target, bound, null, formula, now, expected, true);
        }
        double pointExcess = excess.applyAsDouble(now.point(), expected);
        double excess95 = Excess.lowerTail(now, null, excess);
        String note = now.point() > high
                ? "faster than the bound allows: the pool or the delay is not what the bound assumes"
                : "";
        return new Check(
                target, bound, null, formula, now, expected, false, excess95, verdict(pointExcess, excess95), note);
    }

    /**
     * No errors where the baseline had none, else an error rate no higher than the baseline's ({@link
     * GateRule.NoNewErrors}); the rate is of finished requests, the counts decide where a side finished none.
     */
    static Check noNewErrors(
            GateRule rule, String target, Estimate now, Estimate reference, long finishedBefore, long finishedAfter) {
        long errorsBefore = (long) reference.point();
        long errorsAfter = (long) now.point();
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

    /** At most {@link GateRule.MaxErrors#maxErrors()} failed requests. */
    static Check maxErrors(GateRule.MaxErrors max, String target, Estimate now) {
        boolean ok = now.point() <= max.maxErrors();
        return new Check(
                target,
                max,
                null,
                "",
                now,
                max.maxErrors(),
                true,
                Double.NaN,
                ok ? Verdict.OK : Verdict.FAIL,
                ok ? "" : (long) now.point() + " failed requests");
    }

    /** A current side without successful requests has no value to hold against a limit: it fails. */
    private static Check noSuccess(
            String target,
            GateRule rule,
            Estimate reference,
            String referenceName,
            Estimate now,
            double limit,
            boolean upper) {
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

    private static Verdict verdict(double pointExcess, double excess95) {
        if (!(pointExcess > 0)) {
            return Verdict.OK;
        }
        return Double.isNaN(excess95) || excess95 > 0 ? Verdict.FAIL : Verdict.WITHIN_NOISE;
    }
}
