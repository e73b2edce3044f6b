package dev.stackbench.core.result;

import java.util.Locale;
import java.util.Optional;

/**
 * A run's facts in words that the end-of-run text ({@link Summary}) and the report page both show: the upstream
 * service, the memory, the server's start, an in-process target. One wording, so the two never say it differently.
 */
public final class ResultWords {

    private ResultWords() {}

    /** {@code  (approach, workload, in-process)} for a built-in approach started in-process; empty otherwise. */
    public static String inProcess(RunResult.Target target) {
        return target.approach() == null ? "" : " (" + target.approach() + ", " + target.workload() + ", in-process)";
    }

    /** The upstream service and its CPU, in words; empty when the nested calls went to the server itself (or older results). */
    public static Optional<String> upstream(RunResult result) {
        var upstream = result.target().upstream();
        if (upstream == null) {
            return Optional.empty();
        }
        Double cpu = result.jvm() == null ? null : result.jvm().upstreamCpuSeconds();
        return Optional.of(
                upstream.approach() + " at " + upstream.url() + ", " + upstream.delayMillis() + " ms added; CPU "
                        + (cpu == null
                                ? "not told apart (counted as the server's)"
                                : String.format(Locale.ROOT, "%.2f s (not in the server's)", cpu)));
    }

    /** The process's peak resident set and the heap's peak over the window, in words; empty when neither was measured. */
    public static Optional<String> memory(RunResult result) {
        var jvm = result.jvm();
        if (jvm == null || jvm.processResidentMaxBytes() == null && jvm.heapPeakBytes() == null) {
            return Optional.empty();
        }
        String who = !result.environment().inProcessServer()
                ? "the load generator's own"
                : result.target().upstream() != null
                        ? "server, upstream service and load generator together"
                        : "server and load generator together";
        return Optional.of((jvm.processResidentMaxBytes() == null
                        ? "resident set unknown"
                        : String.format(
                                Locale.ROOT,
                                "process resident up to %.0f MB (%s)",
                                jvm.processResidentMaxBytes() / 1e6,
                                who))
                + (jvm.heapPeakBytes() == null
                        ? ""
                        : String.format(Locale.ROOT, ", heap peak %.0f MB", jvm.heapPeakBytes() / 1e6))
                + (jvm.serverResidentMaxBytes() == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "; the application's own process resident up to %.0f MB",
                                jvm.serverResidentMaxBytes() / 1e6)));
    }

    /** The server's start, and with --start-times its warm start, in words; empty for a URL target (or older results). */
    public static Optional<String> startup(RunResult result) {
        var startup = result.startup();
        if (startup == null) {
            return Optional.empty();
        }
        // Without --start-times the upstream service starts first and loads most of the same classes.
        boolean afterUpstream = startup.warmMillis() == null
                && result.target() != null
                && result.target().upstream() != null;
        return Optional.of(String.format(Locale.ROOT, "%.0f ms, ", startup.millis())
                + (startup.classesLoaded() == null
                        ? "in a process of its own (its classes not seen here)"
                        : startup.classesLoaded() + " classes loaded")
                + (afterUpstream ? " (after the upstream service's start)" : "")
                + (startup.warmMillis() == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "; again in this JVM (warm) %.0f ms, %d classes loaded",
                                startup.warmMillis(),
                                startup.warmClassesLoaded())));
    }
}
