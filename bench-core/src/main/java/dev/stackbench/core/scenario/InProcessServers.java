package dev.stackbench.core.scenario;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.UpstreamService;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * The servers of one in-process run ({@code load --approach}, a scenario's run): the upstream service, when there is
 * one, started first on its own port, then the server under test with its nested calls going there. Records how
 * long the server under test took to start; with {@code startTimes} it starts it twice, stopping the first:
 * the first start (cold when it is the process's first server, which it then is: before the upstream) and the
 * warm one, which serves the run. Closing stops both.
 *
 * <pre>{@code
 * try (var servers = InProcessServers.start(ServerVariants.load(), spec, UpstreamService.parse("webflux-netty:20"), false)) {
 *     RunResult.Target target = servers.target("my-run", params);
 *     ... LoadGenerator.run(load, target, ...).result().withStartup(servers.startup());
 * }
 * }</pre>
 */
public final class InProcessServers implements AutoCloseable {

    private final RunningServer upstream;
    private final UpstreamService upstreamService;
    private final RunningServer server;
    private final RunResult.Startup startup;

    private InProcessServers(
            RunningServer upstream, UpstreamService upstreamService, RunningServer server, RunResult.Startup startup) {
        this.upstream = upstream;
        this.upstreamService = upstreamService;
        this.server = server;
        this.startup = startup;
    }

    /**
     * @param upstreamService where the nested calls go; null: to the server itself (or where the spec says)
     * @param startTimes      start the server under test twice, to record a warm start too
     * @throws dev.stackbench.core.server.ServerStartException naming the server that failed; nothing is left running
     */
    public static InProcessServers start(
            ServerVariants variants, ServerSpec spec, UpstreamService upstreamService, boolean startTimes) {
        Timed first = null;
        if (startTimes) { // before the upstream, which would load the same classes: without it, as no request is made
            first = Timed.start(variants, spec.withUpstream(null));
            first.server().close();
            // Its garbage (a whole Spring context) is collected now, before anything is timed or measured, not in the
            // run's window.
            System.gc();
        }
        RunningServer upstream = upstreamService == null ? null : variants.startUpstream(upstreamService);
        try {
            Timed run = Timed.start(variants, upstream == null ? spec : spec.withUpstream(upstream.baseUri()));
            var startup = first == null
                    ? new RunResult.Startup(run.millis(), run.classesLoaded(), null, null)
                    : new RunResult.Startup(first.millis(), first.classesLoaded(), run.millis(), run.classesLoaded());
            return new InProcessServers(upstream, upstreamService, run.server(), startup);
        } catch (RuntimeException e) {
            if (upstream != null) {
                upstream.close();
            }
            throw e;
        }
    }

    /** The server under test. */
    public RunningServer server() {
        return server;
    }

    /** The upstream service, if the nested calls go to one. */
    public Optional<RunningServer> upstream() {
        return Optional.ofNullable(upstream);
    }

    public RunResult.Startup startup() {
        return startup;
    }

    /** The run's target as results describe it, the upstream service included. */
    public RunResult.Target target(String label, Map<String, String> workloadParams) {
        var target = RunResult.Target.inProcess(
                label,
                server.baseUri(),
                server.spec().approach().id(),
                server.spec().workload().id(),
                workloadParams,
                server.settings(),
                server.limits());
        return upstream == null
                ? target
                : target.withUpstream(new RunResult.Upstream(
                        upstreamService.approach().id(),
                        upstream.baseUri().toString(),
                        upstreamService.delayMillis(),
                        upstream.threadNamePrefix().orElse(null)));
    }

    /** The server under test's address. */
    public URI baseUri() {
        return server.baseUri();
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            if (upstream != null) {
                upstream.close();
            }
        }
    }

    /** A start, timed from the call until it returns, and the classes the JVM loaded meanwhile. */
    private record Timed(RunningServer server, double millis, long classesLoaded) {
        static Timed start(ServerVariants variants, ServerSpec spec) {
            var classLoading = ManagementFactory.getClassLoadingMXBean();
            long classesBefore = classLoading.getTotalLoadedClassCount();
            long startNanos = System.nanoTime();
            RunningServer server = variants.start(spec);
            return new Timed(
                    server,
                    (System.nanoTime() - startNanos) / 1e6,
                    classLoading.getTotalLoadedClassCount() - classesBefore);
        }
    }
}
