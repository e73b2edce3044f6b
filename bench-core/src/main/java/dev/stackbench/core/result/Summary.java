package dev.stackbench.core.result;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.Numbers;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.util.Locale;

/** The end-of-run text, in the spirit of ab and k6: what was sent, what came back, how fast. */
public final class Summary {

    private Summary() {}

    /** Where it ran: the machine's fingerprint and speed, and the JVM's collector; "machine unknown" for old results. */
    private static void machine(StringBuilder text, RunResult.Environment environment) {
        if (environment == null) {
            return;
        }
        line(text, "Machine", Machine.words(environment.machine()));
        if (environment.machine() != null && environment.machine().calibration() != null) {
            continued(
                    text,
                    "calibration " + environment.machine().calibration().words() + "; JDK "
                            + environment.machine().jdk()
                            + (environment.collector() == null ? "" : ", " + environment.collector()));
        }
    }

    /** The protocol the run spoke: HTTP/1.1 or HTTP/2, in cleartext or over TLS (the target's scheme). */
    private static String protocol(RunResult result) {
        boolean tls = result.target().url().startsWith("https:");
        if (result.profile().http2()) {
            return tls ? "HTTP/2 over TLS (h2 by ALPN)" : "HTTP/2 cleartext (h2c)";
        }
        return tls ? "HTTP/1.1 over TLS" : "HTTP/1.1";
    }

    public static String of(RunResult result) {
        var text = new StringBuilder();
        var requests = result.requests();
        line(
                text,
                "Target",
                result.target().url()
                        + (result.target().approach() != null
                                ? ResultWords.inProcess(result.target())
                                : result.target().app() != null
                                        ? " (" + result.target().app().name() + ")"
                                        : ""));
        machine(text, result.environment());
        app(text, result.target().app());
        if (result.target().app() != null) {
            line(text, "App limits", appLimits(result.target().limits()));
        }
        line(
                text,
                "Load",
                result.profile().description()
                        + (result.window().warmupSeconds() > 0
                                ? String.format(
                                        Locale.ROOT,
                                        " after %.0fs warm-up",
                                        result.window().warmupSeconds())
                                : ""));
        if (result.window().warmupVerdict() != null) {
            line(text, "Warm-up", result.window().warmupVerdict());
        }
        line(
                text,
                "Connections",
                result.profile().connections() + (result.profile().keepAlive() ? ", keep-alive" : ", new per request")
                        + ", " + protocol(result) + ", " + result.profile().threads() + " client threads");
        line(
                text,
                "Window",
                String.format(Locale.ROOT, "%.2f s measured", result.window().measuredSeconds())
                        + drain(result)
                        + (result.window().interrupted() ? "; INTERRUPTED before its end" : ""));
        if (result.window().steadiness() != null) {
            line(
                    text,
                    "Steady",
                    (result.window().steadiness().steady() ? "yes, " : "NO, ")
                            + result.window().steadiness().reason());
        }
        line(
                text,
                "Requests",
                String.format(
                        Locale.ROOT,
                        "%d scheduled, %d sent, %d ok, %d failed",
                        requests.scheduled(),
                        requests.sent(),
                        requests.ok(),
                        requests.errors()));
        if (requests.errors() > 0) {
            line(text, "Errors", requests.errorsByClass().toString());
            if (requests.errorMessages() != null) {
                // What each class said, as k6 logs it: one line each, the first message and how many distinct.
                requests.errorLines().forEach(errorLine -> continued(text, errorLine));
            }
        }
        if (requests.unfinished() > 0) {
            line(
                    text,
                    "Unfinished",
                    requests.unfinished() + " still queued or in flight when the drain ended, "
                            + "the response timeout after the window; counted as timeouts");
        }
        boolean open = result.profile().model() == LoadModel.OPEN;
        if (open) {
            line(text, "Late", requests.late() + " requests waited for a free connection");
        }
        line(
                text,
                "Throughput",
                String.format(Locale.ROOT, "%.2f requests/s (ok, completed within the window)", result.rps()));
        line(
                text,
                "Transferred",
                String.format(
                        Locale.ROOT,
                        "%d bytes received, %d bytes sent",
                        result.bytes().received(),
                        result.bytes().sent()));
        if (result.clientCpu().microsPerRequest() != null) {
            line(
                    text,
                    "Client CPU",
                    String.format(
                            Locale.ROOT,
                            "%.2f s, %.1f us per request (the generator's threads, not charged to the server)",
                            result.clientCpu().seconds(),
                            result.clientCpu().microsPerRequest()));
        }
        if (result.generator() != null) {
            line(text, "Generator", GeneratorWatch.describe(result.generator()));
        }
        agents(text, result);
        jvm(text, result);
        var notDerived = ThroughputBound.notDerived(result);
        ThroughputBound.binding(result)
                .ifPresentOrElse(bound -> line(text, "Bound", bound.against(result.rps())), () -> {
                    if (!notDerived.isEmpty()) {
                        line(text, "Bound", "none derived");
                    }
                });
        notDerived.forEach(reason -> line(text, "Not derived", reason));
        ProfileExplanation.of(result).forEach(explanation -> line(text, "Profile", explanation));
        profileNotes(text, result);
        text.append('\n');
        String latencyTitle = open
                ? "Latency from intended start (ms), ok requests of the whole schedule"
                : "Latency (ms), ok requests";
        percentiles(text, latencyTitle, result.latencyMs());
        if (result.serviceTimeMs() != null) {
            percentiles(text, "Service time from actual send (ms)", result.serviceTimeMs());
        }
        byRequest(text, result);
        if (!result.warnings().isEmpty()) {
            text.append('\n');
            result.warnings()
                    .forEach(warning -> text.append("WARNING: ").append(warning).append('\n'));
        }
        return text.toString();
    }

    /** What started the user's application and where its own output went; nothing for other targets. */
    private static void app(StringBuilder text, RunResult.App app) {
        if (app == null) {
            return;
        }
        line(
                text,
                "App",
                app.source() + ": " + app.mainClass() + " on " + app.describe()
                        + (app.pid() == null ? "" : ", pid " + app.pid()));
        line(text, "App log", app.logFile());
    }

    /** What bounds the user's application, where its settings say; "not derived" for what they do not. */
    private static String appLimits(dev.stackbench.core.server.ServerLimits limits) {
        if (limits == null) {
            return "not derived";
        }
        String threads = limits.blockingPool() != null
                ? limits.blockingPool().describe()
                : limits.execution() == dev.stackbench.core.server.Execution.VIRTUAL_THREAD
                        ? "a virtual thread per request"
                        : "request threads not derived";
        return threads + ", "
                + (limits.databaseConnections() == null
                        ? "database connections not derived"
                        : limits.databaseConnections() + " database connections");
    }

    /** What the profile could not measure, and where its files are. */
    private static void profileNotes(StringBuilder text, RunResult result) {
        var profile = result.serverProfile();
        if (profile == null) {
            return;
        }
        profile.notes().forEach(note -> line(text, "Profile note", note));
        if (profile.files() != null) {
            line(
                    text,
                    "Profile files",
                    String.join(
                                    ", ",
                                    profile.files().cpu(),
                                    profile.files().allocation(),
                                    profile.files().locks(),
                                    profile.files().pinning())
                            + (profile.files().recordings().isEmpty()
                                    ? ""
                                    : ", " + String.join(", ", profile.files().recordings()))
                            + " (collapsed stacks; `report` draws their flame graphs)");
        }
    }

    /** A line per request name, as k6 prints its tagged metrics: counts, rps and the latency percentiles that gates use. */
    private static void byRequest(StringBuilder text, RunResult result) {
        if (result.byRequest() == null || result.byRequest().isEmpty()) {
            return;
        }
        int width = Math.max(
                7,
                result.byRequest().stream()
                        .mapToInt(stats -> stats.name().length())
                        .max()
                        .orElse(0));
        text.append("\nBy request name (measured requests; latency as above)\n");
        text.append(String.format(
                Locale.ROOT,
                "  %-" + width + "s %10s %8s %12s %9s %9s %9s  %s%n",
                "request",
                "ok",
                "failed",
                "requests/s",
                "p50 ms",
                "p99 ms",
                "max ms",
                "errors"));
        for (var stats : result.byRequest()) {
            var latency = stats.latencyMs();
            boolean any = latency != null && latency.count() > 0;
            text.append(String.format(
                    Locale.ROOT,
                    "  %-" + width + "s %10d %8d %12.2f %9s %9s %9s  %s%n",
                    stats.name(),
                    stats.ok(),
                    stats.errors(),
                    stats.rps(),
                    any ? Numbers.millis(latency.p50()) : "-",
                    any ? Numbers.millis(latency.p99()) : "-",
                    any ? Numbers.millis(latency.max()) : "-",
                    stats.errorsByClass().isEmpty() ? "" : stats.errorsByClass()));
        }
        long unnamed = result.unnamedOutcomes();
        if (unnamed > 0) {
            text.append(String.format(
                    Locale.ROOT,
                    "  %-" + width + "s %10d %8d %12s %9s %9s %9s  %s%n",
                    "(none)",
                    0,
                    unnamed,
                    "-",
                    "-",
                    "-",
                    "-",
                    "never left the queue, so no request was chosen for them"));
        }
    }

    /** How long the run waited after the window for the outcome of every request scheduled in it. */
    private static String drain(RunResult result) {
        double windowEnd = result.window().warmupSeconds() + result.window().measuredSeconds();
        double end = result.timeline().stream()
                .filter(row -> row.phase() == TimelinePhase.DRAIN)
                .mapToDouble(TimelineRow::endSecond)
                .max()
                .orElse(windowEnd);
        return end - windowEnd < 0.0005
                ? ""
                : String.format(
                        Locale.ROOT,
                        ", then %.2f s of drain until every request scheduled in it had an outcome",
                        end - windowEnd);
    }

    /** A run from several generator hosts: one line per agent; PARTIAL first when one was lost. */
    private static void agents(StringBuilder text, RunResult result) {
        if (result.agents() == null) {
            return;
        }
        if (result.agents().partial()) {
            line(
                    text,
                    "Agents",
                    "PARTIAL: "
                            + result.agents().agents().stream()
                                    .filter(agent -> !agent.finished())
                                    .map(RunResult.Agent::name)
                                    .toList()
                            + " lost; the numbers hold the others' shares only");
        }
        for (RunResult.Agent agent : result.agents().agents()) {
            line(
                    text,
                    "Agent",
                    agent.finished()
                            ? String.format(
                                    Locale.ROOT,
                                    "%s, segment %s: %d scheduled, %d ok, %d failed; clock %+.3f ms (round trip %.3f ms), "
                                            + "started %.3f ms late, client CPU %.2f s",
                                    agent.name(),
                                    agent.segment(),
                                    agent.scheduled(),
                                    agent.ok(),
                                    agent.errors(),
                                    agent.clockOffsetMs(),
                                    agent.roundTripMs(),
                                    agent.startLateMs(),
                                    agent.clientCpuSeconds())
                            : String.format(
                                    Locale.ROOT,
                                    "%s, segment %s: LOST, %s",
                                    agent.name(),
                                    agent.segment(),
                                    agent.lost()));
        }
    }

    /** Server vs client CPU, GC and pinning, briefly; absent when the result has no JVM metrics. */
    private static void jvm(StringBuilder text, RunResult result) {
        var jvm = result.jvm();
        if (jvm == null) {
            return;
        }
        if (jvm.serverCpuSeconds() != null) {
            boolean ownProcess =
                    result.target().app() != null && result.target().app().pid() != null;
            line(
                    text,
                    "Server CPU",
                    String.format(
                            Locale.ROOT,
                            "%.2f s%s (%s)",
                            jvm.serverCpuSeconds(),
                            jvm.serverCpuMicrosPerRequest() == null
                                    ? ""
                                    : String.format(
                                            Locale.ROOT, ", %.1f us per request", jvm.serverCpuMicrosPerRequest()),
                            ownProcess
                                    ? "the application's own process, by its pid; not in the process CPU below"
                                    : "in-process server threads, virtual threads on their carriers"));
        }
        ResultWords.upstream(result).ifPresent(upstream -> line(text, "Upstream", upstream));
        if (jvm.processCpuSeconds() != null) {
            line(
                    text,
                    "Process CPU",
                    String.format(
                            Locale.ROOT,
                            "%.2f s: server %s, %sclient %.2f, measurement %.2f, JVM-internal (GC, JIT) %.2f",
                            jvm.processCpuSeconds(),
                            jvm.serverCpuSeconds() == null
                                            || !result.environment().inProcessServer()
                                    ? "unknown (not in this JVM)"
                                    : String.format(Locale.ROOT, "%.2f", jvm.serverCpuSeconds()),
                            jvm.upstreamCpuSeconds() == null
                                    ? ""
                                    : String.format(Locale.ROOT, "upstream %.2f, ", jvm.upstreamCpuSeconds()),
                            jvm.clientCpuSeconds(),
                            jvm.measurementCpuSeconds(),
                            jvm.jvmInternalCpuSeconds()));
        }
        ResultWords.memory(result).ifPresent(memory -> line(text, "Memory", memory));
        ResultWords.startup(result).ifPresent(startup -> line(text, "Start", startup));
        line(
                text,
                "GC",
                String.format(
                        Locale.ROOT,
                        "%d collections, %d ms; heap up to %.0f MB%s",
                        jvm.gcCount(),
                        jvm.gcTimeMillis(),
                        jvm.heapUsedMaxBytes() / 1e6,
                        jvm.allocatedBytes() == null
                                ? ""
                                : String.format(Locale.ROOT, ", %.0f MB allocated", jvm.allocatedBytes() / 1e6)));
        line(
                text,
                "Threads",
                jvm.platformThreadsMax() + " platform at most"
                        + (jvm.virtualThreadsStarted() == null
                                ? ""
                                : ", " + jvm.virtualThreadsStarted() + " virtual started, " + jvm.pinnedCount()
                                        + " pinned" + (jvm.pinnedCount() > 0 ? " " + jvm.pinnedExamples() : "")));
    }

    private static void percentiles(StringBuilder text, String title, Percentiles p) {
        text.append(title).append('\n');
        if (p.count() == 0) {
            text.append("  (no successful requests)\n");
            return;
        }
        text.append(String.format(
                Locale.ROOT,
                "  min %s  mean %s  p50 %s  p75 %s  p90 %s  p95 %s%n  p99 %s  p99.9 %s  p99.99 %s  max %s%n",
                Numbers.millis(p.min()),
                Numbers.millis(p.mean()),
                Numbers.millis(p.p50()),
                Numbers.millis(p.p75()),
                Numbers.millis(p.p90()),
                Numbers.millis(p.p95()),
                Numbers.millis(p.p99()),
                Numbers.millis(p.p999()),
                Numbers.millis(p.p9999()),
                Numbers.millis(p.max())));
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, "%-13s %s%n", label + ":", value));
    }

    /** A further line of the label above, aligned under its value. */
    private static void continued(StringBuilder text, String value) {
        text.append(String.format(Locale.ROOT, "%-13s %s%n", "", value));
    }
}
