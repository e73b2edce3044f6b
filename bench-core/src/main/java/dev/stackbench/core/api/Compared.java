package dev.stackbench.core.api;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.report.ComparisonReport;
import dev.stackbench.core.result.Metric;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A comparison that ran to its end: its verdicts by metric, its variants' values, its summary and report page.
 *
 * <pre>{@code
 * result.verdict(Metric.RPS).pair("virtual", "platform").assertBetterBy(2);
 * assertThat(result.median(Metric.P99, "virtual")).isLessThan(50.0);          // a threshold, in the metric's unit (ms)
 * result.report(Path.of("target/stackbench/report"));                          // the page that explains it
 * }</pre>
 *
 * @param result    everything it measured and decided, as {@code comparison.json} holds it
 * @param directory where comparison.json was written; null when no {@code out} was given
 */
public record Compared(ComparisonResult result, Path directory) {

    public Compared {
        Objects.requireNonNull(result, "result");
    }

    /**
     * Every variant on one metric: its pairs, its groups.
     *
     * @throws IllegalArgumentException naming the metric when the comparison did not analyse it (it analyses rps, p50,
     *                                  p99, cpuPerRequest and serverCpuPerRequest)
     */
    public Verdict verdict(Metric metric) {
        MetricVerdict verdict = result.verdict(metric)
                .orElseThrow(() -> new IllegalArgumentException("metric " + metric.id()
                        + " was not analysed; the comparison has "
                        + String.join(
                                ", ",
                                result.verdicts().stream()
                                        .map(each -> each.metric().id())
                                        .toList())
                        + (result.rounds().isEmpty() ? " (no complete round)" : "")));
        return new Verdict(verdict);
    }

    /**
     * The median of a variant's values over the rounds, in the metric's unit (requests/s, ms, µs per request).
     *
     * @throws IllegalArgumentException naming the label or metric the comparison does not have
     */
    public double median(Metric metric, String label) {
        return verdict(metric).verdict().variants().stream()
                .filter(score -> score.label().equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("label '" + label
                        + "' is not a variant of this comparison; it has " + String.join(", ", result.labels())))
                .median();
    }

    /** The summary {@code compare} prints: groups and pairs with their intervals, per metric, and the warnings. */
    public String summary() {
        return ComparisonSummary.of(result);
    }

    /**
     * Writes the comparison's report page into {@code out} and returns the page.
     *
     * @throws IllegalStateException when the comparison was run without {@code out}: the page is made from comparison.json
     */
    public Path report(Path out) {
        if (directory == null) {
            throw new IllegalStateException(
                    "report(" + out + "): the page is made from comparison.json; run the comparison with out(DIR)");
        }
        return ComparisonReport.write(directory.resolve(ComparisonRunner.COMPARISON_JSON), out)
                .page();
    }
}
