package dev.stackbench.core.server;

import java.util.EnumSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The catalog of server variants found on the class path.
 *
 * <pre>{@code
 * try (RunningServer server = ServerVariants.load().start(ServerSpec.of(Approach.LOOM_NETTY, Workload.DATE))) {
 *     URI date = server.baseUri().resolve("date?delayMillis=100");
 *     ...
 * }
 * }</pre>
 */
public final class ServerVariants {

    private final List<ServerVariantProvider> providers;

    public ServerVariants(List<ServerVariantProvider> providers) {
        this.providers = List.copyOf(providers);
    }

    /** Finds providers with {@link ServiceLoader} in this class's loader. */
    public static ServerVariants load() {
        return new ServerVariants(
                ServiceLoader.load(ServerVariantProvider.class, ServerVariants.class.getClassLoader()).stream()
                        .map(ServiceLoader.Provider::get)
                        .toList());
    }

    public Set<Approach> approaches() {
        var approaches = EnumSet.noneOf(Approach.class);
        providers.forEach(provider -> approaches.addAll(provider.approaches()));
        return approaches;
    }

    public Set<Workload> workloads() {
        var workloads = EnumSet.noneOf(Workload.class);
        providers.forEach(provider -> workloads.addAll(provider.workloads()));
        return workloads;
    }

    /** @throws ServerStartException if no provider serves the spec, or the server fails to start */
    public RunningServer start(ServerSpec spec) {
        return provider(spec.approach(), spec.workload()).start(spec);
    }

    /** @throws ServerStartException if no provider serves the service's approach with {@code date}, or it fails to start */
    public RunningServer startUpstream(UpstreamService service) {
        return provider(service.approach(), Workload.DATE).startUpstream(service);
    }

    private ServerVariantProvider provider(Approach approach, Workload workload) {
        return providers.stream()
                .filter(provider -> provider.approaches().contains(approach)
                        && provider.workloads().contains(workload))
                .findFirst()
                .orElseThrow(() -> new ServerStartException("no server variant for approach " + approach
                        + " with workload " + workload + " on the class path"
                        + (providers.isEmpty() ? " (add dev.stackbench:bench-servers)" : "")));
    }
}
