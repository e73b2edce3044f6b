package dev.stackbench.core.report;

import dev.stackbench.core.result.JvmInterval;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.result.read.RecordedRun;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's PNG charts (XChart, rendered off-screen). Over-time charts use each interval's end
 * second; CPU is shown in cores (CPU seconds per second of the interval), so runs of any length compare.
 */
final class Charts {

    /** A chart written beside the page. */
    public record Chart(String file, String title, String caption) {}

    private static final int WIDTH = 900;
    private static final int HEIGHT = 380;
    private static final double BYTES_PER_MB = 1e6;

    static {
        // Reports are made on servers and in CI without a display.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private final Path directory;
    private final List<Chart> written = new ArrayList<>();

    Charts(Path directory) {
        this.directory = directory;
    }

    List<Chart> written() {
        return written;
    }

    /** Successful responses per second of every run, overlaid. */
    Chart throughput(List<RecordedRun> runs, List<String> names) {
        XYChart chart = chart("Throughput over time", "second of the run", "requests/s (ok)");
        for (int i = 0; i < runs.size(); i++) {
            series(chart, names.get(i), runs.get(i).result().timeline(), TimelineRow::rps);
        }
        return save(
                chart,
                "throughput.png",
                "Successful responses per second, warm-up included (it ends at the run's warm-up seconds).");
    }

    /** Every run's percentile distribution on HdrHistogram's log axis. */
    Chart distribution(List<RecordedRun> runs, List<String> names) {
        // XChart's log axis labels its decades: 10 = 90%, 100 = 99%, ... (a custom label function makes it search ticks
        // slowly)
        XYChart chart = chart(
                "Latency by percentile",
                "1/(1 − percentile): 10 = 90%, 100 = 99%, 1000 = 99.9%, 10000 = 99.99%",
                "latency (ms)");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0, null);
        var sources = new ArrayList<String>();
        for (int i = 0; i < runs.size(); i++) {
            var distribution = LatencyDistribution.of(runs.get(i));
            var xs = distribution.points().stream()
                    .map(LatencyDistribution.Point::x)
                    .toList();
            var ys = distribution.points().stream()
                    .map(LatencyDistribution.Point::latencyMs)
                    .toList();
            if (!xs.isEmpty()) {
                chart.addSeries(names.get(i), xs, ys).setMarker(SeriesMarkers.NONE);
                sources.add(names.get(i) + ": " + distribution.source());
            }
        }
        return save(
                chart,
                "distribution.png",
                "The measured window's latency at each percentile, x = 1/(1 − percentile) as in HdrHistogram's plots"
                        + " (from " + String.join("; ", sources) + ").");
    }

    /** p50, p90 and p99 per interval, with failed requests marked on a second axis. */
    Chart latency(RecordedRun run, String name, int index) {
        XYChart chart = chart("Latency over time: " + name, "second of the run", "latency (ms)");
        var rows = run.result().timeline();
        series(chart, "p50", rows, TimelineRow::p50Ms);
        series(chart, "p90", rows, TimelineRow::p90Ms);
        series(chart, "p99", rows, TimelineRow::p99Ms);
        var failing = rows.stream().filter(row -> row.errors() > 0).toList();
        String caption = "Latency percentiles of each interval (ok requests).";
        if (!failing.isEmpty()) {
            XYSeries errors = chart.addSeries(
                    "errors",
                    failing.stream().map(TimelineRow::endSecond).toList(),
                    failing.stream().map(row -> (double) row.errors()).toList());
            errors.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            errors.setMarker(SeriesMarkers.CROSS);
            errors.setMarkerColor(Color.RED);
            errors.setYAxisGroup(1);
            chart.setYAxisGroupTitle(1, "failed requests");
            caption += " Red crosses: intervals with failed requests (right axis).";
        } else {
            caption += " No request failed.";
        }
        return save(chart, "run-" + index + "-latency.png", caption);
    }

    /** CPU by owner, in cores. */
    Chart cpu(RecordedRun run, String name, int index) {
        XYChart chart = chart("CPU: " + name, "second of the run", "cores (CPU s per s)");
        var rows = run.result().timeline();
        var inCores = new ArrayList<Double>();
        double previousEnd = 0;
        for (var row : rows) {
            inCores.add(row.endSecond() - previousEnd);
            previousEnd = row.endSecond();
        }
        cpuSeries(chart, "server", rows, inCores, jvm -> jvm.serverCpuSeconds());
        cpuSeries(chart, "upstream service", rows, inCores, jvm -> jvm.upstreamCpuSeconds());
        cpuSeries(chart, "client (load generator)", rows, inCores, jvm -> jvm.clientCpuSeconds());
        cpuSeries(chart, "JVM-internal (GC, JIT)", rows, inCores, jvm -> jvm.jvmInternalCpuSeconds());
        cpuSeries(chart, "process", rows, inCores, jvm -> jvm.processCpuSeconds());
        series(chart, "busiest generator loop", rows, TimelineRow::loopBusy);
        return save(
                chart,
                "run-" + index + "-cpu.png",
                "CPU time per second by owner: server threads (virtual threads count on their"
                        + " carriers), an upstream service's threads when the nested calls go to one, the load generator's event loops, and the JVM's own threads (process CPU minus all Java threads);"
                        + " the busiest generator loop's share of a core (near 1: the generator itself is the limit).");
    }

    /** Heap used at each interval's end, the heap's and the process's peaks, and GC time within each interval. */
    Chart memory(RecordedRun run, String name, int index) {
        XYChart chart = chart("Memory and GC: " + name, "second of the run", "MB");
        var rows = run.result().timeline();
        series(
                chart,
                "heap used",
                rows,
                row -> row.jvm() == null ? null : row.jvm().heapUsedBytes() / BYTES_PER_MB);
        series(
                chart,
                "heap peak",
                rows,
                row -> row.jvm() == null || row.jvm().heapPeakBytes() == null
                        ? null
                        : row.jvm().heapPeakBytes() / BYTES_PER_MB);
        series(
                chart,
                "process resident",
                rows,
                row -> row.jvm() == null || row.jvm().processResidentBytes() == null
                        ? null
                        : row.jvm().processResidentBytes() / BYTES_PER_MB);
        XYSeries gc = series(
                chart,
                "GC time",
                rows,
                row -> row.jvm() == null ? null : (double) row.jvm().gcTimeMillis());
        if (gc != null) {
            gc.setYAxisGroup(1);
            chart.setYAxisGroupTitle(1, "GC time per interval (ms)");
        }
        return save(
                chart,
                "run-" + index + "-memory.png",
                "Heap used at each interval's end; the heap's peak within each"
                        + " interval (the sum of its pools' peaks); the whole process's resident set at each interval's end (with an"
                        + " in-process server, server and load generator together); time spent in GC within each interval (right axis).");
    }

    /** Live platform threads and virtual threads. */
    Chart threads(RecordedRun run, String name, int index) {
        XYChart chart = chart("Threads: " + name, "second of the run", "threads");
        var rows = run.result().timeline();
        series(
                chart,
                "platform threads",
                rows,
                row -> row.jvm() == null ? null : (double) row.jvm().platformThreads());
        series(
                chart,
                "virtual threads alive",
                rows,
                row -> row.jvm() == null || row.jvm().virtualThreadsAlive() == null
                        ? null
                        : (double) row.jvm().virtualThreadsAlive());
        return save(
                chart,
                "run-" + index + "-threads.png",
                "Live platform threads, and virtual threads alive (started minus ended, from JFR).");
    }

    private static XYChart chart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        var styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        styler.setLocale(Locale.ROOT);
        // Sharp lines in few colours, for small palette PNGs (PalettePng).
        styler.setAntiAlias(false);
        // From zero: a flat line of 20 threads must not look like a swing between 20 and 21.
        styler.setYAxisMin(0, 0.0);
        styler.setYAxisMin(1, 0.0);
        return chart;
    }

    /** Adds the rows' non-null values as a line; null if there are none (XChart refuses empty series). */
    private static XYSeries series(
            XYChart chart, String name, List<TimelineRow> rows, Function<TimelineRow, Double> value) {
        var xs = new ArrayList<Double>();
        var ys = new ArrayList<Double>();
        for (var row : rows) {
            Double y = value.apply(row);
            if (y != null && !y.isNaN()) {
                xs.add(row.endSecond());
                ys.add(y);
            }
        }
        if (xs.isEmpty()) {
            return null;
        }
        XYSeries series = chart.addSeries(name, xs, ys);
        series.setMarker(SeriesMarkers.NONE);
        return series;
    }

    private static void cpuSeries(
            XYChart chart,
            String name,
            List<TimelineRow> rows,
            List<Double> intervalSeconds,
            Function<JvmInterval, Double> seconds) {
        var perRow = new IdentityHashMap<TimelineRow, Double>();
        for (int i = 0; i < rows.size(); i++) {
            perRow.put(rows.get(i), intervalSeconds.get(i));
        }
        series(chart, name, rows, row -> {
            Double cpu = row.jvm() == null ? null : seconds.apply(row.jvm());
            return cpu == null || perRow.get(row) <= 0 ? null : cpu / perRow.get(row);
        });
    }

    Chart save(XYChart chart, String file, String caption) {
        try {
            if (chart.getSeriesMap().isEmpty()) {
                return null; // nothing measured for this chart (e.g. a result from before JVM metrics)
            }
            Files.write(directory.resolve(file), PalettePng.encode(BitmapEncoder.getBufferedImage(chart)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + file + ": " + e.getMessage(), e);
        }
        var written = new Chart(file, chart.getTitle(), caption);
        this.written.add(written);
        return written;
    }
}
