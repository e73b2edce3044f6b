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
}
