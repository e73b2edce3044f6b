package dev.stackbench.core.server;

import java.util.Set;

/**
 * Service-provider interface: a module that can start server variants registers an
 * implementation in {@code META-INF/services/dev.stackbench.core.server.ServerVariantProvider}.
 */
public interface ServerVariantProvider {

    Set<Approach> approaches();

    Set<Workload> workloads();

    /**
     * Starts the variant and returns once it accepts connections.
     *
     * @throws ServerStartException with a one-line message naming what went wrong (e.g. a port in use)
     */
    RunningServer start(ServerSpec spec);

    /**
     * Starts {@code service}: its approach serving {@code date} with its delay added, every thread of it named with
     * the prefix its {@link RunningServer#threadNamePrefix()} returns. Returns once it accepts connections.
     *
     * @throws ServerStartException as {@link #start}, or if this provider cannot start upstream services
     */
    default RunningServer startUpstream(UpstreamService service) {
        throw new ServerStartException(getClass().getName() + " cannot start an upstream service (" + service + ")");
    }
}
