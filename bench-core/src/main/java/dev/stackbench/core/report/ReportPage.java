package dev.stackbench.core.report;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.result.GeneratorWatch;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ProfileExplanation;
import dev.stackbench.core.result.ResultWords;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ThroughputBound;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.vocabulary.Numbers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * index.html: one self-contained page (inline CSS, no script of its own, nothing fetched) beside its PNG charts; a
 * profiled run's flame graphs are pages of their own inside it (iframes with {@code srcdoc}, their scripts inline),
 * from the Thymeleaf template {@value #TEMPLATE}.html, which escapes every value it prints. This class
 * only turns results into the page's words and numbers ({@link View}); the template lays them out.
 */
final class ReportPage {

    static final String TEMPLATE = "dev/stackbench/core/report/report";

    /** Thread-safe once configured; the template is parsed once and cached. */
    private static final TemplateEngine ENGINE = engine();

    /** What the template shows, already in words: the page never formats a number itself. */
    public record View(
            String made,
            int runs,
            int labels,
            List<String> headers,
            List<WinnerRow> winners,
            List<BoundRow> bounds,
            List<Charts.Chart> comparison,
            List<ProfileGraphs.Difference> differences,
            List<RunView> runViews,
            String machines,
            boolean acrossMachines) {}

    /**
     * @param steadiness "not steady: why", "steadiness unknown", or empty for steady windows
     * @param notSteady  whether the label ranks apart for a window that was still moving
     */
    public record WinnerRow(
            String label, int runs, long errors, String steadiness, boolean notSteady, List<Cell> cells) {}

    /** @param value empty for a metric the label has no value of */
    public record Cell(String metric, String value, String spread, String rank, boolean win, String title) {}

    /** @param profile what the run's server profile says, one line per subject; empty when it was not profiled */
    public record BoundRow(String run, String binding, String from, List<OtherBound> others, List<String> profile) {}

    public record OtherBound(String bound, String source) {}

    /** @param saturated whether the load generator itself was saturated: its numbers describe the generator too */
    /** @param flames its profile's flame graphs; empty when it was not profiled */
    public record RunView(
            String anchor,
            String name,
            List<Fact> facts,
            List<String> warnings,
            List<Charts.Chart> charts,
            boolean saturated,
            List<ProfileGraphs.Flame> flames) {}

    public record Fact(String name, String value) {}

    private ReportPage() {}

    static String render(
            List<RecordedRun> runs,
            List<String> names,
            Winners winners,
            List<Charts.Chart> comparison,
            Map<Integer, List<Charts.Chart>> perRun,
            Map<Integer, List<ProfileGraphs.Flame>> flames,
            List<ProfileGraphs.Difference> differences,
            String machines) {
        var runViews = new ArrayList<RunView>();
        for (int i = 0; i < runs.size(); i++) {
            runViews.add(run(
                    runs.get(i), names.get(i), perRun.getOrDefault(i, List.of()), flames.getOrDefault(i, List.of())));
        }
        var view = new View(
                Instant.now().toString(),
                runs.size(),
                winners.rows().size(),
                Winners.COLUMNS.stream()
                        .map(metric -> metric.title() + (metric.higherIsBetter() ? " ↑" : " ↓"))
                        .toList(),
                winners.rows().stream().map(ReportPage::winnerRow).toList(),
                bounds(runs, names),
                comparison,
                differences,
                runViews,
                machines,
                machines.startsWith("ACROSS MACHINES"));
        var context = new Context(Locale.ROOT);
        context.setVariable("page", view);
        return ENGINE.process(TEMPLATE, context);
    }

    private static TemplateEngine engine() {
        var resolver = new ClassLoaderTemplateResolver(ReportPage.class.getClassLoader());
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        resolver.setCacheable(true);
        var engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
        return engine;
    }

    private static WinnerRow winnerRow(Winners.Row row) {
        var cells = new ArrayList<Cell>();
        for (Metric metric : Winners.COLUMNS) {
            Winners.Entry entry = row.entries().get(metric);
            if (entry == null) {
                cells.add(new Cell(metric.name(), "", "", "", false, ""));
                continue;
            }
            var estimate = entry.estimate();
            cells.add(new Cell(
                    metric.name(),
                    value(metric, estimate.point()),
                    value(metric, estimate.low()) + "–" + value(metric, estimate.high()),
                    "#" + entry.rank() + (entry.tiedWith() != null ? "=" : ""),
                    entry.rank() == 1,
                    "spread: " + estimate.spreadFrom()
                            + (entry.tiedWith() != null ? "; no clear difference from " + entry.tiedWith() : "")));
        }
        String steadiness = row.notSteady() != null
                ? "not steady: " + row.notSteady()
                : row.steadinessUnknown() ? "steadiness unknown" : "";
        return new WinnerRow(row.label(), row.runs(), row.errors(), steadiness, row.notSteady() != null, cells);
    }

    private static List<BoundRow> bounds(List<RecordedRun> runs, List<String> names) {
        var rows = new ArrayList<BoundRow>();
        for (int i = 0; i < runs.size(); i++) {
            var result = runs.get(i).result();
            var binding = ThroughputBound.binding(result);
            var others = ThroughputBound.all(result).stream()
                    .filter(bound -> !binding.map(bound::equals).orElse(false))
                    .map(bound -> new OtherBound(bound.describe(), bound.source()))
                    .toList();
            rows.add(new BoundRow(
                    names.get(i),
                    binding.map(bound -> bound.against(result.rps())).orElse("none derived: " + noBoundReason(result)),
                    binding.map(ThroughputBound::source).orElse(""),
                    others,
                    ProfileExplanation.of(result)));
        }
        return rows;
    }

    private static String noBoundReason(RunResult result) {
        if (result.profile().concurrency() == null && result.profile().ratePerSecond() == null) {
            return "the load ramps";
        }
        return "no delay and no think time, so CPU or I/O decide";
    }

    private static RunView run(
            RecordedRun run, String name, List<Charts.Chart> charts, List<ProfileGraphs.Flame> flames) {
        var result = run.result();
        var target = result.target();
        var latency = result.latencyMs();
        var facts = new ArrayList<Fact>();
        facts.add(new Fact("file", run.file().toString()));
        facts.add(new Fact("machine", Machine.words(run.machine())));
        facts.add(new Fact("target", target.url() + ResultWords.inProcess(target)));
        if (target.workloadParams() != null && !target.workloadParams().isEmpty()) {
            facts.add(new Fact("workload parameters", target.workloadParams().toString()));
        }
        facts.add(new Fact(
                "load",
                result.profile().description()
                        + String.format(
                                Locale.ROOT,
                                ", %.1f s measured after %.1f s warm-up",
                                result.window().measuredSeconds(),
                                result.window().warmupSeconds())
                        + (result.window().warmupVerdict() == null
                                ? ""
                                : " (" + result.window().warmupVerdict() + ")")));
        if (result.window().interrupted()) {
            facts.add(new Fact(
                    "INTERRUPTED",
                    "stopped before its end (Ctrl-C or SIGTERM): the numbers are what was measured until then"));
        }
        if (result.agents() != null && result.agents().partial()) {
            facts.add(new Fact(
                    "PARTIAL",
                    "an agent was lost: its share of the load is missing from these numbers ("
                            + String.join(
                                    "; ",
                                    result.agents().agents().stream()
                                            .filter(agent -> !agent.finished())
                                            .map(agent -> "agent " + agent.name() + ", segment " + agent.segment()
                                                    + ": " + agent.lost())
                                            .toList())
                            + ")"));
        }
        var steadiness = result.window().steadiness();
        facts.add(new Fact(
                "steady",
                steadiness == null
                        ? "unknown: written before stackbench judged it"
                        : (steadiness.steady() ? "yes" : "no")
                                + (steadiness.reason() == null ? "" : ": " + steadiness.reason())));
        var requests = result.requests();
        // Results written before the drain existed have no scheduled count: 0 there means unknown.
        String scheduled =
                requests.scheduled() > 0 ? requests.scheduled() + " scheduled, " + requests.sent() + " sent, " : "";
        facts.add(new Fact(
                "requests",
                scheduled + requests.ok() + " ok, " + requests.errors() + " failed"
                        + (requests.errors() > 0 ? " " + requests.errorsByClass() : "")
                        + (requests.unfinished() > 0
                                ? "; " + requests.unfinished() + " unfinished when the drain ended (timeouts)"
                                : "")
                        + (requests.late() > 0 ? "; " + requests.late() + " late" : "")));
        if (requests.errors() > 0 && requests.errorMessages() != null) {
            requests.errorLines().forEach(errorLine -> facts.add(new Fact("error", errorLine)));
        }
        facts.add(new Fact(
                "throughput",
                String.format(Locale.ROOT, "%.1f requests/s", result.rps())
                        + ThroughputBound.binding(result)
                                .map(bound -> "; bound: " + bound.against(result.rps()))
                                .orElse("")));
        facts.add(new Fact(
                "latency (ms)",
                "p50 " + Numbers.millis(latency.p50()) + ", p90 " + Numbers.millis(latency.p90()) + ", p99 "
                        + Numbers.millis(latency.p99()) + ", p99.9 " + Numbers.millis(latency.p999()) + ", max "
                        + Numbers.millis(latency.max())));
        if (result.byRequest() != null && result.byRequest().size() > 1) { // one name is the run itself, said above
            for (var stats : result.byRequest()) {
                var own = stats.latencyMs();
                facts.add(new Fact(
                        "request " + stats.name(),
                        stats.ok() + " ok, " + stats.errors() + " failed"
                                + (stats.errors() > 0 ? " " + stats.errorsByClass() : "")
                                + String.format(Locale.ROOT, ", %.1f requests/s", stats.rps())
                                + (own == null || own.count() == 0
                                        ? ""
                                        : "; latency (ms) p50 " + Numbers.millis(own.p50()) + ", p99 "
                                                + Numbers.millis(own.p99()) + ", max " + Numbers.millis(own.max()))));
            }
            if (result.unnamedOutcomes() > 0) {
                facts.add(new Fact(
                        "request (none)",
                        result.unnamedOutcomes() + " failed: never left the queue, so no request was chosen for them"));
            }
        }
        var jvm = result.jvm();
        if (jvm != null) {
            facts.add(new Fact(
                    "CPU (s)",
                    "server "
                            + (jvm.serverCpuSeconds() == null
                                    ? "unknown (not started by stackbench)"
                                    : seconds(jvm.serverCpuSeconds())
                                            + (jvm.serverCpuMicrosPerRequest() == null
                                                    ? ""
                                                    : String.format(
                                                            Locale.ROOT,
                                                            " (%.1f µs per request)",
                                                            jvm.serverCpuMicrosPerRequest())))
                            + (jvm.upstreamCpuSeconds() == null
                                    ? ""
                                    : ", upstream " + seconds(jvm.upstreamCpuSeconds()))
                            + ", client " + seconds(jvm.clientCpuSeconds()) + ", measurement "
                            + seconds(jvm.measurementCpuSeconds())
                            + (jvm.jvmInternalCpuSeconds() == null
                                    ? ""
                                    : ", JVM-internal " + seconds(jvm.jvmInternalCpuSeconds()))
                            + (jvm.processCpuSeconds() == null
                                    ? ""
                                    : ", process " + seconds(jvm.processCpuSeconds()))));
            ResultWords.upstream(result).ifPresent(upstream -> facts.add(new Fact("upstream service", upstream)));
            facts.add(new Fact(
                    "GC and heap",
                    jvm.gcCount() + " collections, " + jvm.gcTimeMillis() + " ms; heap up to "
                            + String.format(Locale.ROOT, "%.0f MB", jvm.heapUsedMaxBytes() / 1e6)));
            ResultWords.memory(result).ifPresent(memory -> facts.add(new Fact("peak memory", memory)));
            facts.add(new Fact(
                    "threads",
                    jvm.platformThreadsMax() + " platform at most"
                            + (jvm.virtualThreadsStarted() == null
                                    ? ""
                                    : ", " + jvm.virtualThreadsStarted() + " virtual started, " + jvm.pinnedCount()
                                            + " pinned"
                                            + (jvm.pinnedExamples() == null
                                                            || jvm.pinnedExamples()
                                                                    .isEmpty()
                                                    ? ""
                                                    : " at " + String.join(", ", jvm.pinnedExamples())))));
            if (jvm.notes() != null) {
                jvm.notes().forEach(note -> facts.add(new Fact("note", note)));
            }
        } else {
            facts.add(new Fact("JVM metrics", "none: this result was written before stackbench measured them"));
        }
        ResultWords.startup(result).ifPresent(startup -> facts.add(new Fact("server start", startup)));
        var generator = result.generator();
        facts.add(new Fact(
                "load generator",
                generator == null
                        ? "not watched: this result was written before stackbench watched its generator"
                        : GeneratorWatch.describe(generator)));
        profileFacts(result, facts);
        return new RunView(
                "run-" + name,
                name,
                facts,
                result.warnings(),
                charts,
                generator != null && generator.saturated(),
                flames);
    }

    /** The profile's settings, what it says (as in the bounds table), its notes. */
    private static void profileFacts(RunResult result, List<Fact> facts) {
        var profile = result.serverProfile();
        if (profile == null) {
            return;
        }
        ProfileExplanation.of(result).forEach(line -> facts.add(new Fact("profile says", line)));
        facts.add(new Fact(
                "profile",
                profile.mode()
                        + String.format(
                                Locale.ROOT,
                                ", %.1f s in %d %s",
                                profile.windowSeconds(),
                                profile.windows(),
                                profile.windows() == 1 ? "window" : "windows")
                        + (profile.cpu() == null
                                ? ""
                                : String.format(
                                        Locale.ROOT,
                                        ", %,d of %,d %s samples on the server's threads",
                                        profile.cpu().serverSamples(),
                                        profile.cpu().samples(),
                                        profile.cpu().event()))
                        + (profile.codePackages().isEmpty()
                                ? ""
                                : "; own code: " + String.join(", ", profile.codePackages()))));
        profile.notes().forEach(note -> facts.add(new Fact("profile note", note)));
    }

    /** Requests/s with one decimal, milliseconds as HdrHistogram keeps them, CPU µs with one decimal. */
    static String value(Metric metric, double value) {
        return metric.isLatency() ? Numbers.millis(value) : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String seconds(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
