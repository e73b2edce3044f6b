package dev.stackbench.cluster;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * How a member finds the cluster. {@link Hosts}: the coordinator's address, given (JGroups' TCPPING; no multicast,
 * so it crosses routers and network namespaces). {@link Dns}: the addresses a DNS name resolves to, a Kubernetes
 * headless Service's (JGroups' DNS_PING).
 */
sealed interface Discovery {

    /** JGroups' own default port, the coordinator's unless told otherwise. */
    int DEFAULT_PORT = 7800;

    record Hosts(List<InetSocketAddress> initialHosts) implements Discovery {}

    /** @param query a DNS name whose A records are the members, e.g. {@code stackbench-agents.bench.svc.cluster.local} */
    record Dns(String query) implements Discovery {}

    /** {@code dns:NAME} for DNS_PING, else {@code HOST[:PORT]} of the coordinator. */
    static Discovery parse(String option) {
        if (option.startsWith("dns:")) {
            String query = option.substring("dns:".length());
            if (query.isBlank()) {
                throw new IllegalArgumentException(
                        "discovery 'dns:' needs a DNS name, e.g. dns:stackbench-agents.bench.svc.cluster.local");
            }
            return new Dns(query);
        }
        return new Hosts(List.of(address(option, DEFAULT_PORT)));
    }

    /** {@code HOST[:PORT]}, unresolved until the channel binds; {@code defaultPort} if none is given. */
    static InetSocketAddress address(String hostAndPort, int defaultPort) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon < 0 || hostAndPort.endsWith("]")) {
            return new InetSocketAddress(hostAndPort, defaultPort);
        }
        String port = hostAndPort.substring(colon + 1);
        try {
            int number = Integer.parseInt(port);
            if (number < 0 || number > 65535) {
                throw new NumberFormatException();
            }
            return new InetSocketAddress(hostAndPort.substring(0, colon), number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "'" + hostAndPort + "' is not HOST[:PORT]: port '" + port + "' is not 0 to 65535");
        }
    }
}
