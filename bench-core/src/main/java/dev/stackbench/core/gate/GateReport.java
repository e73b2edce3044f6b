package dev.stackbench.core.gate;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.stats.Bootstrap;
import dev.stackbench.core.stats.Estimate;
import dev.stackbench.core.stats.Quantile;
import dev.stackbench.core.vocabulary.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checks of one gate, as a table a person reads in a CI log.
 *
 * @param missing targets of the baseline that the current results lack: each one fails the gate
 * @param notes   what the reader should know: targets not in the baseline, steadiness, allowed differences
 */
public record GateReport(List<Check> checks, List<String> missing, List<String> notes) {

    public boolean failed() {
        return !missing.isEmpty()
                || checks.stream().anyMatch(check -> check.verdict().fails());
    }

    public long count(Verdict verdict) {
        return checks.stream().filter(check -> check.verdict() == verdict).count();
    }

    public String table() {
        var rows = new ArrayList<String[]>();
        rows.add(new String[] {"target", "metric", "baseline", "current", "change", "limit", "rule", "verdict"});
        for (Check check : checks) {
            rows.add(new String[] {
                check.target(),
                check.metric() + " (" + check.metric().unit() + ")",
                reference(check),
                withSpread(check.current()),
                change(check),
                limit(check),
                check.rule().describe(),
                check.verdict() + (check.note().isEmpty() ? "" : ": " + check.note())
            });
        }
        for (String target : missing) {
            rows.add(new String[] {
                target,
                "-",
                "present",
                "missing",
                "-",
                "-",
                "every baseline target",
                "FAIL: in the baseline, missing from the current results"
            });
        }
        int[] widths = new int[rows.getFirst().length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        var text = new StringBuilder();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                text.append(i == row.length - 1 ? row[i] : String.format("%-" + widths[i] + "s  ", row[i]));
            }
            text.append('\n');
        }
        int repeats = checks.stream()
                .mapToInt(check -> check.current().repeats())
                .max()
                .orElse(1);
        long notSteady = count(Verdict.NOT_STEADY);
        text.append(String.format(
                Locale.ROOT,
                "%n%d checks: %d ok, %d ok within noise, %d failed%s%s.%n",
                checks.size(),
                count(Verdict.OK),
                count(Verdict.WITHIN_NOISE),
                count(Verdict.FAIL),
                notSteady > 0 ? ", " + notSteady + " not steady" : "",
                missing.isEmpty()
                        ? ""
                        : "; " + missing.size() + (missing.size() == 1 ? " target" : " targets")
                                + " missing from the current results"));
        text.append("[a, b] is the central 95% of ")
                .append(Bootstrap.RESAMPLES)
                .append(" bootstrap resamples (runs, then intervals or JMH iterations within runs")
                .append(repeats == 1 ? "; one run per target, so the spread between runs is not in it" : "")
                .append("). A check fails only when its limit is crossed by the whole interval.\n");
        notes.forEach(note -> text.append("note: ").append(note).append('\n'));
        return text.toString();
    }

    private static String reference(Check check) {
        return switch (check.rule()) {
            case GateRule.BaselineLimit ignored -> withSpread(check.reference());
            case GateRule.NoNewErrors ignored ->
                value(check.metric(), check.reference().point());
            case GateRule.RatioLimit ratio -> ratio.other() + " " + withSpread(check.reference());
            case GateRule.StatedBound bound -> "bound " + value(Metric.RPS, bound.requestsPerSecond());
            case GateRule.ResultBound ignored ->
                "bound " + value(Metric.RPS, check.limit()) + " (" + check.referenceName() + ")";
            case GateRule.MaxErrors ignored -> "-";
            case GateRule.ForRequest named ->
                throw new IllegalStateException("a check holds the rule it checked, not " + named);
        };
    }

    private static String limit(Check check) {
        return switch (check.rule()) {
            case GateRule.StatedBound bound -> range(bound.requestsPerSecond(), bound.tolerance());
            case GateRule.ResultBound bound -> range(check.limit(), bound.tolerance());
            default -> (check.upperLimit() ? "<= " : ">= ") + value(check.metric(), check.limit());
        };
    }

    private static String range(double expected, double tolerance) {
        return value(Metric.RPS, expected * (1 - tolerance)) + " to " + value(Metric.RPS, expected * (1 + tolerance));
    }

    /** Current relative to the reference (baseline, other target, bound), with the 95% interval of the ratio. */
    private static String change(Check check) {
        Estimate now = check.current();
        boolean bound = check.rule() instanceof GateRule.StatedBound || check.rule() instanceof GateRule.ResultBound;
        if (!bound && (check.reference() == null || check.metric() == Metric.ERRORS)) {
            return "-";
        }
        // A bound is a fixed number; a baseline or another target has a spread of its own.
        Estimate ref = bound ? null : check.reference();
        double reference = bound ? check.limit() : ref.point();
        if (reference == 0 || Double.isNaN(reference) || Double.isNaN(now.point())) {
            return "-";
        }
        String point = percentChange(now.point() / reference);
        int n = Math.max(now.resampled().length, ref == null ? 0 : ref.resampled().length);
        if (n == 0) {
            return point;
        }
        double[] ratios = new double[n];
        for (int i = 0; i < n; i++) {
            ratios[i] = now.at(i) / (ref == null ? reference : ref.at(i));
        }
        return point + " [" + percentChange(Quantile.of(ratios, 0.025)) + ", "
                + percentChange(Quantile.of(ratios, 0.975)) + "]";
    }

    private static String percentChange(double ratio) {
        return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }

    private static String withSpread(Estimate estimate) {
        if (estimate == null) {
            return "-";
        }
        String point = value(estimate.metric(), estimate.point());
        if (!estimate.hasResamples() || estimate.metric() == Metric.ERRORS || Double.isNaN(estimate.point())) {
            return point;
        }
        return point + " [" + value(estimate.metric(), estimate.low()) + ", "
                + value(estimate.metric(), estimate.high()) + "]";
    }

    static String value(Metric metric, double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return switch (metric) {
            case RPS -> String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.1f", value);
            case ERRORS -> String.valueOf((long) value);
            default -> Numbers.millis(value);
        };
    }
}
