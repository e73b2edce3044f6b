package dev.stackbench.core.server;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A started server variant, listening on {@link #baseUri()}. Closing it stops the server and
 * releases its threads and port without touching other variants in the same JVM.
 */
public interface RunningServer extends AutoCloseable {

    ServerSpec spec();

    /** {@code http://host:port/} ({@code https://} when it listens with TLS), with the port the server actually bound (ephemeral unless asked). */
    URI baseUri();

    /** Wall time from asking for the server to it accepting connections. */
    Duration startupTime();

    /**
     * The settings that bound what this server can do (pool sizes, timeouts), as resolved after
     * defaults and overrides, so results can report them beside the numbers.
     */
    Map<String, String> settings();

    /**
     * What bounds this server, as numbers rather than property names: where its blocking work runs, its
     * pools' threads and queues, the delay it adds, its database connections. Results record it as
     * {@code target.limits}, and bounds are derived from it.
     */
    ServerLimits limits();

    /**
     * The prefix of the name of every thread this server runs on, when all of them carry one (an {@link UpstreamService}),
     * so that its CPU can be told apart from another server's in the same JVM; empty when its threads cannot be told apart.
     */
    default Optional<String> threadNamePrefix() {
        return Optional.empty();
    }

    /**
     * The package prefixes of the server's own code (e.g. {@code dev.stackbench.servers.}), so that a profile tells its
     * frames apart from the framework's and the JDK's; empty when not known (then every frame outside the JDK counts as
     * the framework's).
     */
    default List<String> codePackages() {
        return List.of();
    }

    /** Stops the server; idempotent. */
    @Override
    void close();
}
