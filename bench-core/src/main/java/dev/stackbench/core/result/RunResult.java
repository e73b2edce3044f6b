package dev.stackbench.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.Segment;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * One run: one profile against one target. Written as result.json; {@link #SCHEMA} names the
 * format version, and readers refuse versions they do not know.
 *
 * @param rps             successful responses per second over the measured window
 * @param latencyMs       completion minus send (closed model) or minus intended start (open model), successful requests
 * @param serviceTimeMs   open model only: completion minus the actual write
 * @param waitTimeMs      open model only: actual write minus intended start
 * @param clientCpu       the generator's own CPU time over the window, so it is not charged to the server
 * @param warnings        conditions that make the numbers suspect (errors, OS limits), in words
 * @param jvm             the JVM's CPU by owner, GC, heap, threads and pinning over the window; null in results
 *                        written before it existed
 * @param generator       whether the load generator itself kept up: its lag, its loops' use, the rate it reached;
 *                        null in results written before it was watched
 * @param byRequest       the measured requests by request name, in the mix's order; null in results written before it
 *                        existed. Their outcomes add up to {@code requests}' except for requests that never left the
 *                        open model's queue (no request was chosen for them yet): {@link #unnamedOutcomes()}
 * @param startup         how long the in-process server took to start; null for a URL target and in results written
 *                        before it was recorded
 * @param agents          a run from several generator hosts ({@code load --agents}): each agent's share; null for one generator
 * @param serverProfile   what a profile of the server saw over the measured window ({@code --profile}); null when not profiled
 *                        (the key {@code profile} names the load profile, as it always has)
 */
public record RunResult(
        String schema,
        Target target,
        Profile profile,
        Environment environment,
        Window window,
        Requests requests,
        double rps,
        Percentiles latencyMs,
        Percentiles serviceTimeMs,
        Percentiles waitTimeMs,
        Bytes bytes,
        ClientCpu clientCpu,
        List<TimelineRow> timeline,
        List<String> warnings,
        Jvm jvm,
        Generator generator,
        List<RequestStats> byRequest,
        Startup startup,
        Agents agents,
        ServerProfile serverProfile) {

    /** The same result with its server's start-up recorded. */
    public RunResult withStartup(Startup newStartup) {
        return with(copy -> copy.startup = newStartup);
    }

    /** The same result with what a profile of its server saw. */
    public RunResult withServerProfile(ServerProfile newServerProfile) {
        return with(copy -> copy.serverProfile = newServerProfile);
    }

    /** The same result of another target description, e.g. the label a reader gives a result written before labels. */
    public RunResult withTarget(Target newTarget) {
        return with(copy -> copy.target = newTarget);
    }

    /** The same result with this timeline and these warnings, e.g. empty lists where an older file has none. */
    public RunResult withTimelineAndWarnings(List<TimelineRow> newTimeline, List<String> newWarnings) {
        return with(copy -> {
            copy.timeline = newTimeline;
            copy.warnings = newWarnings;
        });
    }

    /**
     * The in-process server's start: wall time from the start call until it returns, its Spring context refreshed
     * and its port accepting connections, and the classes the JVM loaded meanwhile, which tell a cold start (the
     * first of its stack in this JVM: thousands of classes) from a warm one (its classes loaded already).
     *
     * @param millis            the first start of the run's variant: in {@code load}, the first server of the process
     *                          (cold), unless an upstream service started before it without {@code --start-times} (then
     *                          most classes were loaded by it); in a scenario, after the runs before it (their classes loaded)
     * @param classesLoaded     classes the JVM loaded during that start; null when the server started in a process of its
     *                          own (an application with {@code --app-process}), whose classes this JVM does not see
     * @param warmMillis        with {@code --start-times}: the same variant started again in this JVM right after the first
     *                          stopped (this run's server); null when not asked
     * @param warmClassesLoaded classes loaded during the warm start; null when not asked
     */
    public record Startup(double millis, Long classesLoaded, Double warmMillis, Long warmClassesLoaded) {}

    /**
     * A second service the server under test made its nested calls to, in this JVM.
     *
     * @param delayMillis      what it added to every answer
     * @param threadNamePrefix the name prefix of its threads, by which its CPU ({@link Jvm#upstreamCpuSeconds}) was told apart
     */
    public record Upstream(String approach, String url, int delayMillis, String threadNamePrefix) {}

    public static final String SCHEMA = "stackbench.load/1";

    /**
     * The same result as merged from agents: with their section and {@code firstWarnings} before the others, and without
     * JVM numbers (the agents' JVMs are not collected: absent, never 0; their client CPU is in {@code clientCpu} and per agent).
     */
    public RunResult mergedFromAgents(Agents newAgents, List<String> firstWarnings) {
        var allWarnings = new ArrayList<>(firstWarnings);
        allWarnings.addAll(warnings);
        return with(copy -> {
            copy.timeline = timeline.stream().map(row -> row.withJvm(null)).toList();
            copy.warnings = List.copyOf(allWarnings);
            copy.jvm = null;
            copy.agents = newAgents;
        });
    }

    /** This result with {@code change} applied to a copy of its fields: the one place a changed result is derived. */
    private RunResult with(Consumer<Copy> change) {
        Copy copy = new Copy(this);
        change.accept(copy);
        return copy.build();
    }

    /**
     * A result's fields as mutable values, for {@link #with(Consumer)}: seeded from a result, changed, built into a new
     * one (reactor-netty's duplicate-and-mutate), so no method restates the others' fields; the one place besides the
     * record header that lists them all.
     */
    private static final class Copy {
        private final String schema;
        private Target target;
        private final Profile profile;
        private final Environment environment;
        private final Window window;
        private final Requests requests;
        private final double rps;
        private final Percentiles latencyMs;
        private final Percentiles serviceTimeMs;
        private final Percentiles waitTimeMs;
        private final Bytes bytes;
        private final ClientCpu clientCpu;
        private List<TimelineRow> timeline;
        private List<String> warnings;
        private Jvm jvm;
        private final Generator generator;
        private final List<RequestStats> byRequest;
        private Startup startup;
        private Agents agents;
        private ServerProfile serverProfile;

        private Copy(RunResult result) {
            schema = result.schema;
            target = result.target;
            profile = result.profile;
            environment = result.environment;
            window = result.window;
            requests = result.requests;
            rps = result.rps;
            latencyMs = result.latencyMs;
            serviceTimeMs = result.serviceTimeMs;
            waitTimeMs = result.waitTimeMs;
            bytes = result.bytes;
            clientCpu = result.clientCpu;
            timeline = result.timeline;
            warnings = result.warnings;
            jvm = result.jvm;
            generator = result.generator;
            byRequest = result.byRequest;
            startup = result.startup;
            agents = result.agents;
            serverProfile = result.serverProfile;
        }

        private RunResult build() {
            return new RunResult(
                    schema,
                    target,
                    profile,
                    environment,
                    window,
                    requests,
                    rps,
                    latencyMs,
                    serviceTimeMs,
                    waitTimeMs,
                    bytes,
                    clientCpu,
                    timeline,
                    warnings,
                    jvm,
                    generator,
                    byRequest,
                    startup,
                    agents,
                    serverProfile);
        }
    }

    /**
     * The generators of a run from several hosts. The run's numbers are the finished agents' histograms added and
     * counters summed; a lost agent's share is missing from them, and then the result is {@code partial}.
     *
     * @param clockAlignment how the agents' clocks were aligned to the coordinator's, in words
     */
    public record Agents(boolean partial, String clockAlignment, List<Agent> agents) {}

    /**
     * One agent's share of the run.
     *
     * @param segment        its share of the schedule, written "k/n": requests (open model) or users (closed model) k, k + n,
     *                       ...
     * @param finished       whether it sent its measurements; false: it was lost, and {@code lost} says how
     * @param clockOffsetMs  its clock minus the coordinator's, estimated from the round trip with the smallest time
     * @param roundTripMs    that round trip, which bounds the estimate's error to half of it
     * @param startLateMs    how long after the agreed instant (by its own clock) its generator started; null if lost
     * @param clientCpuSeconds its generator's CPU over the window; null if lost
     */
    public record Agent(
            String name,
            Segment segment,
            boolean finished,
            String lost,
            double clockOffsetMs,
            double roundTripMs,
            Double startLateMs,
            Long scheduled,
            Long sent,
            Long ok,
            Long errors,
            Double clientCpuSeconds) {}

    /**
     * The measured requests of one request name (k6's {@code name} tag, Hyperfoil's per-step statistics): counted
     * as {@link Requests} counts them, latency from the intended start (open model) or the send (closed model).
     *
     * @param rps its successes that completed within the measured window, per second
     */
    public record RequestStats(
            String name,
            long ok,
            long errors,
            Map<ErrorClass, Long> errorsByClass,
            double rps,
            Percentiles latencyMs) {}

    /** The statistics of request name {@code name}; empty if the run has none of that name (or is too old to say). */
    public Optional<RequestStats> request(String name) {
        return byRequest == null
                ? Optional.empty()
                : byRequest.stream().filter(stats -> stats.name().equals(name)).findFirst();
    }

    /** Outcomes of measured requests no request name was chosen for (they never left the open model's queue); 0 when unknown. */
    public long unnamedOutcomes() {
        if (byRequest == null || requests == null) {
            return 0;
        }
        return requests.ok()
                + requests.errors()
                - byRequest.stream()
                        .mapToLong(stats -> stats.ok() + stats.errors())
                        .sum();
    }

    /**
     * What was measured: a URL, and when stackbench started the server itself, which variant.
     *
     * @param label  the name of this target in gates and reports: given with {@code --label}, else
     *               {@code approach/workload} for an in-process server, else the URL
     * @param limits what bounds the in-process server, as numbers (its pools, added delay, database connections),
     *               from which {@link ThroughputBound} derives its bounds; null for a URL target and in results
     *               written before servers reported them
     * @param upstream the second service the server's nested calls went to; null when they went to the server itself,
     *                 for a URL target, and in results written before it existed
     * @param app    the user's application that stackbench started ({@code load --app}); null for a built-in approach,
     *               a URL target, and in results written before it existed
     */
    public record Target(
            String label,
            String url,
            String approach,
            String workload,
            Map<String, String> workloadParams,
            Map<String, String> serverSettings,
            ServerLimits limits,
            Upstream upstream,
            App app) {

        /** Any HTTP server, not started by stackbench. */
        public static Target url(URI url) {
            return new Target(url.toString(), url.toString(), null, null, Map.of(), Map.of(), null, null, null);
        }

        /** A server started in-process; {@code label} null means {@code approach/workload}. */
        public static Target inProcess(
                String label,
                URI url,
                String approach,
                String workload,
                Map<String, String> workloadParams,
                Map<String, String> serverSettings,
                ServerLimits limits) {
            return new Target(
                    label != null ? label : approach + "/" + workload,
                    url.toString(),
                    approach,
                    workload,
                    workloadParams,
                    serverSettings,
                    limits,
                    null,
                    null);
        }

        /** The user's application, started by stackbench; {@code label} null means its jar's or class's name. */
        public static Target app(String label, URI url, App app, Map<String, String> settings, ServerLimits limits) {
            return new Target(
                    label != null ? label : app.name(),
                    url.toString(),
                    null,
                    null,
                    Map.of(),
                    settings,
                    limits,
                    null,
                    app);
        }

        /** The same target under another name. */
        public Target withLabel(String newLabel) {
            return new Target(newLabel, url, approach, workload, workloadParams, serverSettings, limits, upstream, app);
        }

        /** The same target, its nested calls made to {@code service}. */
        public Target withUpstream(Upstream service) {
            return new Target(label, url, approach, workload, workloadParams, serverSettings, limits, service, app);
        }

        /**
         * Whether the server's threads run in this JVM, so that every thread that is not the generator's is the server's:
         * a built-in approach, or an application started in-process; not a URL, nor an application in its own process.
         */
        public boolean serverInThisJvm() {
            return approach != null || app != null && app.pid() == null;
        }
    }

    /**
     * The user's application that stackbench started, as {@code load --app} and {@code serve --app} describe it.
     *
     * @param source            the executable jar's path, or {@code class NAME} for a main class on the class path
     * @param mainClass         the class whose main method started it (an executable jar's Start-Class)
     * @param springBootVersion the Spring Boot version it runs on, as its own class path says; null where it does not say
     * @param webServer         the server that answered: Tomcat, Jetty, Undertow or Reactor Netty, or in words what else
     *                          (e.g. {@code none of Spring Boot's (its own: Armeria)}); null where not known
     * @param isolation         how it shares this JVM, written in words: {@code isolated class loader}, {@code this class
     *                          path}, or {@code separate process}
     * @param properties        the properties stackbench passed to it (its port and the user's), by name
     * @param logFile           where its own output went
     * @param pid               its process, in the separate-process form; null in-process
     */
    public record App(
            String source,
            String mainClass,
            String springBootVersion,
            String webServer,
            Isolation isolation,
            Map<String, String> properties,
            String logFile,
            Long pid) {

        /** How an application shares stackbench's JVM, written (and described) in words. */
        public enum Isolation {
            /** Its executable jar in this JVM, in a class loader of its own that sees none of stackbench's classes. */
            ISOLATED_CLASS_LOADER("isolated class loader"),
            /** Its main class on this JVM's class path: its dependencies are the class path's, shared with stackbench's. */
            THIS_CLASS_PATH("this class path"),
            /** In a JVM of its own. */
            SEPARATE_PROCESS("separate process");

            private final String words;

            Isolation(String words) {
                this.words = words;
            }

            /** As written: {@code isolated class loader}, {@code this class path}, {@code separate process}. */
            @JsonValue
            public String words() {
                return words;
            }

            /** @throws IllegalArgumentException naming the bad value and the valid ones */
            @JsonCreator
            public static Isolation fromWords(String words) {
                return Arrays.stream(values())
                        .filter(isolation -> isolation.words.equals(words))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("isolation must be one of "
                                + Arrays.stream(values()).map(Isolation::words).collect(Collectors.joining(", "))
                                + ", got '" + words + "'"));
            }

            @Override
            public String toString() {
                return words;
            }
        }

        /** A short name for labels: the jar's file name without {@code .jar}, or the main class's simple name. */
        public String name() {
            String base = source.startsWith("class ")
                    ? mainClass.substring(mainClass.lastIndexOf('.') + 1)
                    : Path.of(source).getFileName().toString();
            return base.endsWith(".jar") ? base.substring(0, base.length() - ".jar".length()) : base;
        }

        /** {@code Spring Boot 3.5.7, Tomcat, isolated class loader}. */
        public String describe() {
            return "Spring Boot " + (springBootVersion == null ? "(version unknown)" : springBootVersion) + ", "
                    + (webServer == null ? "web server unknown" : webServer) + ", " + isolation;
        }
    }

    /** How load was offered. Fields that do not apply to the model are null. */
    public record Profile(
            LoadModel model,
            String description,
            Integer concurrency,
            Double ratePerSecond,
            Stages stages,
            ThinkTime thinkTime,
            int connections,
            int threads,
            double warmupSeconds,
            double durationSeconds,
            Long requestLimit,
            double connectTimeoutSeconds,
            double responseTimeoutSeconds,
            boolean keepAlive,
            boolean http2,
            List<MixEntry> mix) {}

    public record MixEntry(String name, String method, String path, double weight) {}

    /**
     * @param commonPoolParallelism the JVM's {@code ForkJoinPool.commonPool()} parallelism, which an
     *                              in-process {@code commonpool-*} server runs on; null in older results
     * @param machine               the machine's fingerprint and calibration; null in results written before it
     *                              existed ({@link Machine#UNKNOWN})
     * @param jvmArguments          the measuring JVM's options as it was started; null in older results
     * @param collectors            its garbage collectors, as the JVM names them ({@code G1 Young Generation, ...});
     *                              null in older results
     */
    public record Environment(
            String jdk,
            String vm,
            int cores,
            String os,
            long maxHeapBytes,
            boolean inProcessServer,
            Integer commonPoolParallelism,
            Machine machine,
            List<String> jvmArguments,
            List<String> collectors) {

        /** Without a machine, as results before fingerprints were. */
        public Environment(
                String jdk,
                String vm,
                int cores,
                String os,
                long maxHeapBytes,
                boolean inProcessServer,
                Integer commonPoolParallelism) {
            this(jdk, vm, cores, os, maxHeapBytes, inProcessServer, commonPoolParallelism, null, null, null);
        }

        /** The collector in a word: {@code G1}, {@code ZGC}, {@code Parallel}, or the JVM's names joined. */
        public String collector() {
            if (collectors == null || collectors.isEmpty()) {
                return null;
            }
            String first = collectors.getFirst();
            if (first.startsWith("G1")) {
                return "G1";
            }
            if (first.startsWith("ZGC")) {
                return "ZGC";
            }
            if (first.startsWith("Shenandoah")) {
                return "Shenandoah";
            }
            if (first.startsWith("PS ") || first.startsWith("Parallel")) {
                return "Parallel";
            }
            if (first.equals("Copy") || first.equals("MarkSweepCompact")) {
                return "Serial";
            }
            if (first.startsWith("Epsilon")) {
                return "Epsilon";
            }
            return String.join(", ", collectors);
        }
    }

    /**
     * The measured window: after the warm-up, to the end of the run.
     *
     * @param steadiness    whether the window's throughput and latency were steady; null in results written before
     *                      it existed (unknown, not steady)
     * @param warmupVerdict when the warm-up lasted until steady: why it ended (steady, or its cap reached); null
     *                      for a fixed warm-up
     * @param interrupted   the run was stopped before its end (Ctrl-C, SIGTERM): the window holds what was measured
     *                      until then, and {@code warnings} say why
     */
    public record Window(
            String startedAt,
            double warmupSeconds,
            double measuredSeconds,
            Steadiness steadiness,
            String warmupVerdict,
            boolean interrupted) {}

    /**
     * The verdict on a measured window: steady, or still moving (the JIT still compiling, pools still growing),
     * so that nothing ranks moving numbers silently.
     *
     * @param steady          true when no trend was found in throughput and p50 over the window
     * @param reason          in words, what was tested and seen, e.g. {@code rps +1.2%, p50 -0.8% from first to last third}
     * @param rpsDriftPercent change of the mean requests/s from the window's first third to its last; null if not measurable
     * @param p50DriftPercent change of the median p50 from the first third to the last; null if not measurable
     */
    public record Steadiness(boolean steady, String reason, Double rpsDriftPercent, Double p50DriftPercent) {}

    /**
     * The measured requests: those whose intended start (open model) or send (closed model) fell in the
     * window. Each one has an outcome, however long after the window it came: {@code ok + errors == scheduled}.
     *
     * @param scheduled  requests whose turn came in the window: due (open model) or started by a user (closed model)
     * @param sent       of those, requests written to a socket (never more than scheduled)
     * @param ok         successful responses (2xx, 3xx): the count behind the latency percentiles
     * @param errors     failed requests, by class in {@code errorsByClass}
     * @param late       open model: requests that found no free connection at their intended start
     * @param unfinished requests still queued or in flight when the drain's deadline (the response timeout
     *                   after the window's end) struck; counted among the errors as {@code timeout}
     * @param errorMessages for each class in {@code errorsByClass}, what its first error said and how many distinct
     *                   messages there were; null in results written before it existed
     */
    public record Requests(
            long scheduled,
            long sent,
            long ok,
            long errors,
            Map<ErrorClass, Long> errorsByClass,
            long late,
            long unfinished,
            Map<ErrorClass, ErrorMessage> errorMessages) {

        /** Without error messages, as results before them were. */
        public Requests(
                long scheduled,
                long sent,
                long ok,
                long errors,
                Map<ErrorClass, Long> errorsByClass,
                long late,
                long unfinished) {
            this(scheduled, sent, ok, errors, errorsByClass, late, unfinished, null);
        }

        /**
         * One line per class that failed, as k6 logs them: {@code protocol: invalid version format: NOT (6226, 1
         * distinct)}; a class without a kept message shows its count alone.
         */
        public List<String> errorLines() {
            var lines = new ArrayList<String>();
            errorsByClass.forEach((errorClass, count) -> {
                ErrorMessage message = errorMessages == null ? null : errorMessages.get(errorClass);
                lines.add(errorClass.key() + ": "
                        + (message == null
                                ? count + " (no message kept)"
                                : message.first() + " (" + count + ", " + message.distinctText() + ")"));
            });
            return List.copyOf(lines);
        }
    }

    /**
     * What the errors of one class said.
     *
     * @param first    the first measured error's message (a cause's words, or an error status's line:
     *                 {@code 503 Service Unavailable}), one line of at most 200 characters
     * @param distinct how many different messages the class's errors had; counting stops at 100
     */
    public record ErrorMessage(String first, int distinct) {
        /** Counting stops here: a class with more distinct messages says "100 or more". */
        public static final int DISTINCT_LIMIT = 100;

        String distinctText() {
            return distinct >= DISTINCT_LIMIT ? DISTINCT_LIMIT + " or more distinct" : distinct + " distinct";
        }
    }

    /** Bytes on the wire from the measured window's start to the end of its drain, headers and framing included. */
    public record Bytes(long received, long sent) {}

    /**
     * CPU time of the generator's event-loop threads over the measured window.
     *
     * @param microsPerRequest CPU per finished request (ok or failed); null when none finished
     */
    public record ClientCpu(double seconds, Double microsPerRequest) {}
}
