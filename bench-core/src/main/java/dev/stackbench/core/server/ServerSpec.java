package dev.stackbench.core.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What to start: an approach serving a workload, with workload options and server properties.
 * Immutable; every {@code with...} returns a new spec.
 *
 * @param workloadOptions  server-side options of the workload (e.g. a cache switch), by name
 * @param serverProperties server settings by property name (e.g. {@code server.tomcat.threads.max=10});
 *                         they override stackbench's defaults for the approach
 */
public record ServerSpec(Approach approach, Workload workload,
                         Map<String, String> workloadOptions, Map<String, String> serverProperties) {

    public ServerSpec {
        Objects.requireNonNull(approach, "approach");
        Objects.requireNonNull(workload, "workload");
        workloadOptions = Map.copyOf(workloadOptions);
        serverProperties = Map.copyOf(serverProperties);
    }

    public static ServerSpec of(Approach approach, Workload workload) {
        return new ServerSpec(approach, workload, Map.of(), Map.of());
    }

    public ServerSpec withServerProperty(String name, String value) {
        return new ServerSpec(approach, workload, workloadOptions, with(serverProperties, name, value));
    }

    public ServerSpec withServerProperties(Map<String, String> properties) {
        var merged = new LinkedHashMap<>(serverProperties);
        merged.putAll(properties);
        return new ServerSpec(approach, workload, workloadOptions, merged);
    }

    public ServerSpec withWorkloadOption(String name, String value) {
        return new ServerSpec(approach, workload, with(workloadOptions, name, value), serverProperties);
    }

    private static Map<String, String> with(Map<String, String> map, String name, String value) {
        var copy = new LinkedHashMap<>(map);
        copy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return copy;
    }
}
