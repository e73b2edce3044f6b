package dev.stackbench.core.scenario;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.vocabulary.Numbers;
import java.util.List;
import java.util.Locale;

/**
 * The runs of a scenario side by side: label, load model, requests/s and latency percentiles of the
 * successful requests, and errors, so that a fast run full of errors cannot pass for a good one. They were
 * measured one after another, so the table says it is no ranking and how to get one ({@link #NOT_A_RANKING}).
 */
public final class ComparisonTable {

    private ComparisonTable() {}

    /** Under every table of runs measured one after another. */
    public static final String NOT_A_RANKING =
            "Measured one after another in one JVM: the machine's speed moved between these runs "
                    + "and each inherited the JIT of the ones before it, so this table is not a ranking. For a ranking that reproduces, compare "
                    + "them interleaved, each in its own JVM: compare --scenario NAME (or compare --variant A --variant B ...).";

    public static String of(List<RunResult> results) {
        int labelWidth = Math.max(
                "label".length(),
                results.stream()
                        .mapToInt(result -> result.target().label().length())
                        .max()
                        .orElse(0));
        String format = "%-" + labelWidth + "s  %-6s  %10s  %9s  %9s  %9s  %s%n";
        var text = new StringBuilder(
                String.format(Locale.ROOT, format, "label", "model", "rps", "p50 ms", "p99 ms", "max ms", "errors"));
        for (RunResult result : results) {
            var latency = result.latencyMs();
            boolean any = latency.count() > 0;
            text.append(String.format(
                    Locale.ROOT,
                    format,
                    result.target().label(),
                    result.profile().model(),
                    String.format(Locale.ROOT, "%.1f", result.rps()),
                    any ? Numbers.millis(latency.p50()) : "-",
                    any ? Numbers.millis(latency.p99()) : "-",
                    any ? Numbers.millis(latency.max()) : "-",
                    errors(result.requests())));
        }
        if (results.size() > 1) {
            text.append(NOT_A_RANKING).append(System.lineSeparator());
        }
        return text.toString();
    }

    private static String errors(RunResult.Requests requests) {
        if (requests.errors() == 0) {
            return "0";
        }
        long finished = requests.ok() + requests.errors();
        return String.format(
                Locale.ROOT,
                "%d (%.1f%%) %s",
                requests.errors(),
                100.0 * requests.errors() / finished,
                requests.errorsByClass());
    }
}
