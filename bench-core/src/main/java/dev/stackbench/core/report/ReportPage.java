package dev.stackbench.core.report;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Summary;
import dev.stackbench.core.result.ThroughputBound;

/** index.html: one self-contained page (inline CSS, no script, nothing fetched) beside its PNG charts. */
final class ReportPage {

    private static final String CSS = """
            body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#222;padding:0 16px}
            h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:16px;margin-top:28px}
            table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
            th{background:#f4f4f4}td.num{text-align:right;white-space:nowrap}td.win{background:#e6f4e6;font-weight:600}
            .spread{color:#777;font-weight:400;font-size:12px}.rank{color:#555;font-size:12px;margin-left:4px}
            .failed{color:#b00;font-weight:600}.note{color:#555;font-size:13px}figure{margin:16px 0}
            figcaption{color:#555;font-size:13px}img{max-width:100%;border:1px solid #eee}code{background:#f4f4f4;padding:0 3px}
            """;

    private final StringBuilder html = new StringBuilder();

    static String render(List<ReportInput.LoadedRun> runs, List<String> names, Winners winners, List<Charts.Chart> comparison,
                         Map<Integer, List<Charts.Chart>> perRun) {
        var page = new ReportPage();
        page.write(runs, names, winners, comparison, perRun);
        return page.html.toString();
    }

    private void write(List<ReportInput.LoadedRun> runs, List<String> names, Winners winners, List<Charts.Chart> comparison,
                       Map<Integer, List<Charts.Chart>> perRun) {
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>stackbench report</title><style>")
                .append(CSS).append("</style></head><body>\n");
        html.append("<h1>stackbench report</h1>\n<p class=\"note\">").append(runs.size()).append(runs.size() == 1 ? " run" : " runs")
                .append(" of ").append(winners.rows().size()).append(winners.rows().size() == 1 ? " label" : " labels")
                .append(", made ").append(esc(Instant.now().toString())).append(". Runs that share a label are repeats.</p>\n");
        winnersTable(winners);
        bounds(runs, names);
        html.append("<h2>Compared</h2>\n");
        comparison.forEach(this::figure);
        html.append("<h2>Runs</h2>\n");
        for (int i = 0; i < runs.size(); i++) {
            run(runs.get(i), names.get(i), perRun.getOrDefault(i, List.of()));
        }
        html.append("</body></html>\n");
    }

    private void winnersTable(Winners winners) {
        html.append("<h2>Winners</h2>\n<table class=\"winners\" id=\"winners\"><tr><th>label</th><th>runs</th><th>failed requests</th>");
        for (Metric metric : Metric.values()) {
            html.append("<th>").append(esc(metric.title())).append(metric.higherIsBetter() ? " ↑" : " ↓").append("</th>");
        }
        html.append("</tr>\n");
        for (Winners.Row row : winners.rows()) {
            html.append("<tr data-label=\"").append(esc(row.label())).append("\"><td>").append(esc(row.label())).append("</td><td class=\"num\">")
                    .append(row.runs()).append("</td><td class=\"num").append(row.errors() > 0 ? " failed" : "").append("\">")
                    .append(row.errors()).append("</td>");
            for (Metric metric : Metric.values()) {
                Winners.Entry entry = row.entries().get(metric);
                if (entry == null) {
                    html.append("<td class=\"num\" data-metric=\"").append(metric.name()).append("\">–</td>");
                    continue;
                }
                var estimate = entry.estimate();
                html.append("<td class=\"num").append(entry.rank() == 1 ? " win" : "").append("\" data-metric=\"").append(metric.name())
                        .append("\" title=\"spread: ").append(esc(estimate.spreadFrom()))
                        .append(entry.tiedWith() != null ? "; within the spread of " + esc(entry.tiedWith()) : "").append("\">")
                        .append(value(metric, estimate.value()))
                        .append(" <span class=\"spread\">").append(value(metric, estimate.low())).append("–").append(value(metric, estimate.high()))
                        .append("</span><span class=\"rank\">#").append(entry.rank()).append(entry.tiedWith() != null ? "=" : "")
                        .append("</span></td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n<p class=\"note\">Each cell: the value, its spread (small) and its rank. Requests/s and the latency")
                .append(" percentiles: the value over all runs of the label (repeats merged) and the 95% interval of the gate's bootstrap")
                .append(" (runs, then their one-second intervals); with one run it holds only the spread within that run. Server CPU:")
                .append(" the median and min–max of repeats, or the middle half of one run's per-second values. Labels whose spreads overlap the one ranked")
                .append(" above them share its rank (<code>#1=</code>): the difference is within the noise. Labels with failed requests rank last.")
                .append(" Server CPU is per finished request and known only for servers started in-process.</p>\n");
    }

    private void bounds(List<ReportInput.LoadedRun> runs, List<String> names) {
        html.append("<h2>What bounds the throughput</h2>\n<table id=\"bounds\"><tr><th>run</th><th>binding bound and measured</th><th>from</th><th>other bounds</th></tr>\n");
        for (int i = 0; i < runs.size(); i++) {
            var result = runs.get(i).result();
            var all = ThroughputBound.all(result);
            var binding = ThroughputBound.binding(result);
            html.append("<tr><td>").append(esc(names.get(i))).append("</td><td>")
                    .append(binding.map(bound -> esc(bound.against(result.rps()))).orElse("none derived: " + esc(noBoundReason(result))))
                    .append("</td><td>").append(binding.map(bound -> esc(bound.source())).orElse("")).append("</td><td>");
            all.stream().filter(bound -> !binding.map(bound::equals).orElse(false))
                    .forEach(bound -> html.append(esc(bound.describe())).append(" <span class=\"note\">(").append(esc(bound.source())).append(")</span><br>"));
            html.append("</td></tr>\n");
        }
        html.append("</table>\n<p class=\"note\">A pool of N threads that each hold a request for the delay D serves at most N/D requests/s;")
                .append(" C users of a closed model with think time Z, at most C/(D+Z); an open model, its offered rate.")
                .append(" An async-tomcat ThreadPoolExecutor grows beyond its core size only when its queue is full.")
                .append(" Measured close to the lowest bound means that bound explains the throughput; far below it, something else")
                .append(" (CPU, a database pool, the client) does.</p>\n");
    }

    private static String noBoundReason(RunResult result) {
        if (result.profile().concurrency() == null && result.profile().ratePerSecond() == null) {
            return "the load ramps";
        }
        return "no delay and no think time, so CPU or I/O decide";
    }

    private void run(ReportInput.LoadedRun run, String name, List<Charts.Chart> charts) {
        var result = run.result();
        var target = result.target();
        var latency = result.latencyMs();
        html.append("<h3 id=\"run-").append(esc(name)).append("\">").append(esc(name)).append("</h3>\n<table class=\"facts\">");
        fact("file", run.resultFile().toString());
        fact("target", target.url() + (target.approach() == null ? "" : " (" + target.approach() + ", " + target.workload() + ", in-process)"));
        if (target.workloadParams() != null && !target.workloadParams().isEmpty()) {
            fact("workload parameters", target.workloadParams().toString());
        }
        fact("load", result.profile().description() + String.format(Locale.ROOT, ", %.1f s measured after %.1f s warm-up",
                result.window().measuredSeconds(), result.window().warmupSeconds()));
        var requests = result.requests();
        fact("requests", requests.ok() + " ok, " + requests.errors() + " failed" + (requests.errors() > 0 ? " " + requests.errorsByClass() : ""));
        fact("throughput", String.format(Locale.ROOT, "%.1f requests/s", result.rps())
                + ThroughputBound.binding(result).map(bound -> "; bound: " + bound.against(result.rps())).orElse(""));
        fact("latency (ms)", "p50 " + Summary.ms(latency.p50()) + ", p90 " + Summary.ms(latency.p90()) + ", p99 " + Summary.ms(latency.p99())
                + ", p99.9 " + Summary.ms(latency.p999()) + ", max " + Summary.ms(latency.max()));
        var jvm = result.jvm();
        if (jvm != null) {
            fact("CPU (s)", "server " + (jvm.serverCpuSeconds() == null ? "unknown (not started by stackbench)" : seconds(jvm.serverCpuSeconds())
                    + (jvm.serverCpuMicrosPerRequest() == null ? "" : String.format(Locale.ROOT, " (%.1f µs per request)", jvm.serverCpuMicrosPerRequest())))
                    + ", client " + seconds(jvm.clientCpuSeconds()) + ", measurement " + seconds(jvm.measurementCpuSeconds())
                    + (jvm.jvmInternalCpuSeconds() == null ? "" : ", JVM-internal " + seconds(jvm.jvmInternalCpuSeconds()))
                    + (jvm.processCpuSeconds() == null ? "" : ", process " + seconds(jvm.processCpuSeconds())));
            fact("GC and heap", jvm.gcCount() + " collections, " + jvm.gcTimeMillis() + " ms; heap up to "
                    + String.format(Locale.ROOT, "%.0f MB", jvm.heapUsedMaxBytes() / 1e6));
            fact("threads", jvm.platformThreadsMax() + " platform at most" + (jvm.virtualThreadsStarted() == null ? ""
                    : ", " + jvm.virtualThreadsStarted() + " virtual started, " + jvm.pinnedCount() + " pinned"
                    + (jvm.pinnedExamples().isEmpty() ? "" : " at " + String.join(", ", jvm.pinnedExamples()))));
            jvm.notes().forEach(note -> fact("note", note));
        } else {
            fact("JVM metrics", "none: this result was written before stackbench measured them");
        }
        result.warnings().forEach(warning -> html.append("<tr><th>warning</th><td class=\"failed\">").append(esc(warning)).append("</td></tr>"));
        html.append("</table>\n");
        charts.forEach(this::figure);
    }

    private void fact(String name, String value) {
        html.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(value)).append("</td></tr>");
    }

    private void figure(Charts.Chart chart) {
        if (chart == null) {
            return;
        }
        html.append("<figure><img src=\"").append(esc(chart.file())).append("\" alt=\"").append(esc(chart.title()))
                .append("\"><figcaption>").append(esc(chart.caption())).append("</figcaption></figure>\n");
    }

    /** Requests/s with one decimal, milliseconds as HdrHistogram keeps them, CPU µs with one decimal. */
    static String value(Metric metric, double value) {
        return switch (metric) {
            case RPS, SERVER_CPU_PER_REQUEST -> String.format(Locale.ROOT, "%.1f", value);
            case P50, P99, P999 -> Summary.ms(value);
        };
    }

    private static String seconds(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
