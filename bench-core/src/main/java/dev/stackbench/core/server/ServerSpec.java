package dev.stackbench.core.server;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What to start: an approach serving a workload, with workload options and server properties.
 * Immutable; every {@code with...} returns a new spec.
 *
 * @param workloadOptions  server-side options of the workload (e.g. a cache switch), by name
 * @param serverProperties server settings by the server module's own property names (pool sizes, timeouts);
 *                         they override stackbench's defaults for the approach, and bench-core passes them on
 *                         without reading them
 * @param http2            true to serve HTTP/2 cleartext (h2c) beside HTTP/1.1, as a client with {@code --http2} needs;
 *                         the server module maps it to its own setting, which a server property may still override
 * @param tls              true to listen with TLS only, offering h2 and http/1.1 by ALPN, with a certificate generated at
 *                         start unless the server properties give one; {@link RunningServer#baseUri()} is then https://
 * @param upstream         where the workload's nested calls go ({@code http://host:port/}, e.g. an {@link UpstreamService}'s);
 *                         null: to the server itself
 */
public record ServerSpec(
        Approach approach,
        Workload workload,
        Map<String, String> workloadOptions,
        Map<String, String> serverProperties,
        boolean http2,
        boolean tls,
        URI upstream) {

    public ServerSpec {
        Objects.requireNonNull(approach, "approach");
        Objects.requireNonNull(workload, "workload");
        workloadOptions = Map.copyOf(workloadOptions);
        serverProperties = Map.copyOf(serverProperties);
    }

    /** A spec whose nested calls go to the server itself. */
    public ServerSpec(
            Approach approach,
            Workload workload,
            Map<String, String> workloadOptions,
            Map<String, String> serverProperties,
            boolean http2,
            boolean tls) {
        this(approach, workload, workloadOptions, serverProperties, http2, tls, null);
    }

    /** A spec that serves HTTP/1.1 only, in cleartext. */
    public ServerSpec(
            Approach approach,
            Workload workload,
            Map<String, String> workloadOptions,
            Map<String, String> serverProperties) {
        this(approach, workload, workloadOptions, serverProperties, false, false);
    }

    public static ServerSpec of(Approach approach, Workload workload) {
        return new ServerSpec(approach, workload, Map.of(), Map.of());
    }

    public ServerSpec withServerProperty(String name, String value) {
        return new ServerSpec(
                approach, workload, workloadOptions, with(serverProperties, name, value), http2, tls, upstream);
    }

    public ServerSpec withServerProperties(Map<String, String> properties) {
        var merged = new LinkedHashMap<>(serverProperties);
        merged.putAll(properties);
        return new ServerSpec(approach, workload, workloadOptions, merged, http2, tls, upstream);
    }

    /** This spec serving HTTP/2 cleartext beside HTTP/1.1 (true) or HTTP/1.1 only (false). */
    public ServerSpec withHttp2(boolean enabled) {
        return new ServerSpec(approach, workload, workloadOptions, serverProperties, enabled, tls, upstream);
    }

    /** This spec listening with TLS, offering h2 and http/1.1 by ALPN (true), or in cleartext (false). */
    public ServerSpec withTls(boolean enabled) {
        return new ServerSpec(approach, workload, workloadOptions, serverProperties, http2, enabled, upstream);
    }

    /** This spec with its nested calls going to {@code baseUri} ({@code http://host:port/}); null: to the server itself. */
    public ServerSpec withUpstream(URI baseUri) {
        return new ServerSpec(approach, workload, workloadOptions, serverProperties, http2, tls, baseUri);
    }

    private static Map<String, String> with(Map<String, String> map, String name, String value) {
        var copy = new LinkedHashMap<>(map);
        copy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return copy;
    }
}
