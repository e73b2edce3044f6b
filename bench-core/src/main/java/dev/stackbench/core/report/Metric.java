package dev.stackbench.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.stackbench.core.gate.GateMetric;
import dev.stackbench.core.result.RunResult;

import org.HdrHistogram.Histogram;

/**
 * What the winners table compares, each with its better direction, its value over a run's window, and
 * its values per interval (for the spread of a single run).
 */
public enum Metric {
    RPS("requests/s", true, GateMetric.RPS, run -> run.result().rps(), Metric::rpsPerInterval),
    P50("p50 ms", false, GateMetric.P50, run -> run.result().latencyMs().p50(), run -> perRow(run, RunResult.TimelineRow::p50Ms)),
    P99("p99 ms", false, GateMetric.P99, run -> run.result().latencyMs().p99(), run -> perRow(run, RunResult.TimelineRow::p99Ms)),
    P999("p99.9 ms", false, GateMetric.P999, run -> run.result().latencyMs().p999(), Metric::p999PerInterval),
    SERVER_CPU_PER_REQUEST("server CPU µs/request", false, null,
            run -> run.result().jvm() == null ? null : run.result().jvm().serverCpuMicrosPerRequest(), Metric::serverCpuPerInterval);

    private final String title;
    private final boolean higherIsBetter;
    private final GateMetric gateMetric;
    private final Function<ReportInput.LoadedRun, Double> window;
    private final Function<ReportInput.LoadedRun, List<Double>> perInterval;

    Metric(String title, boolean higherIsBetter, GateMetric gateMetric, Function<ReportInput.LoadedRun, Double> window,
           Function<ReportInput.LoadedRun, List<Double>> perInterval) {
        this.title = title;
        this.higherIsBetter = higherIsBetter;
        this.gateMetric = gateMetric;
        this.window = window;
        this.perInterval = perInterval;
    }

    public String title() {
        return title;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The same metric as a gate computes it, with its bootstrap spread; null when a gate has no such metric. */
    public GateMetric gateMetric() {
        return gateMetric;
    }

    /** The run's value over its window; null when it was not measured. */
    public Double of(ReportInput.LoadedRun run) {
        Double value = window.apply(run);
        return value == null || value.isNaN() ? null : value;
    }

    /** The run's values per measured interval, for the spread of a single run. */
    public List<Double> perInterval(ReportInput.LoadedRun run) {
        return perInterval.apply(run);
    }

    private static List<RunResult.TimelineRow> measuredRows(ReportInput.LoadedRun run) {
        return run.result().timeline().stream().filter(row -> "measured".equals(row.phase())).toList();
    }

    private static List<Double> rpsPerInterval(ReportInput.LoadedRun run) {
        return measuredRows(run).stream().map(RunResult.TimelineRow::rps).toList();
    }

    private static List<Double> perRow(ReportInput.LoadedRun run, Function<RunResult.TimelineRow, Double> field) {
        var values = new ArrayList<Double>();
        for (var row : measuredRows(run)) {
            if (field.apply(row) != null) {
                values.add(field.apply(row));
            }
        }
        return values;
    }

    /** The timeline has no p99.9; the .hlog's interval histograms do. */
    private static List<Double> p999PerInterval(ReportInput.LoadedRun run) {
        var values = new ArrayList<Double>();
        for (Histogram interval : run.intervalLatencyNanos()) {
            if (interval.getTotalCount() > 0) {
                values.add(interval.getValueAtPercentile(99.9) / 1e6);
            }
        }
        return values;
    }

    private static List<Double> serverCpuPerInterval(ReportInput.LoadedRun run) {
        var values = new ArrayList<Double>();
        for (var row : measuredRows(run)) {
            long finished = row.ok() + row.errors();
            if (row.jvm() != null && row.jvm().serverCpuSeconds() != null && finished > 0) {
                values.add(row.jvm().serverCpuSeconds() * 1e6 / finished);
            }
        }
        return values;
    }
}
