package dev.stackbench.e2e;

import java.util.ArrayList;
import java.util.List;

/**
 * Several Linux network namespaces on one link, as machines on one switch: each host has a veth pair whose other
 * end is a port of a bridge in a namespace of its own (the switch), so nothing is added to this host's network.
 * Host i gets {@code 10.214.0.(i + 1)/24}. {@link #close} deletes every namespace, which destroys the veth pairs
 * and the bridge with them. Names carry this JVM's pid, with {@link TwoHosts}' prefix, whose leftover removal
 * covers them.
 */
final class BridgedHosts implements AutoCloseable {

    private static final String SUBNET = "10.214.0.";

    private final String bridgeNamespace;
    private final List<String> hosts = new ArrayList<>();

    private BridgedHosts(String bridgeNamespace) {
        this.bridgeNamespace = bridgeNamespace;
    }

    /** {@code count} hosts on one bridge; skipped loudly, or failed with CI=true, where namespaces cannot be made. */
    static BridgedHosts create(int count) throws Exception {
        TwoHosts.requireNamespaces();
        TwoHosts.removeLeftovers();
        long pid = ProcessHandle.current().pid();
        var made = new BridgedHosts(TwoHosts.PREFIX + pid + "-switch");
        try {
            TwoHosts.ip("netns", "add", made.bridgeNamespace);
            TwoHosts.ip("-n", made.bridgeNamespace, "link", "add", "br0", "type", "bridge");
            TwoHosts.ip("-n", made.bridgeNamespace, "link", "set", "br0", "up");
            for (int i = 0; i < count; i++) {
                String host = TwoHosts.PREFIX + pid + "-h" + i;
                TwoHosts.ip("netns", "add", host);
                made.hosts.add(host);
                // Both ends are made inside the namespaces, never in this one: nothing is left here if a step fails.
                TwoHosts.ip(
                        "-n",
                        host,
                        "link",
                        "add",
                        "eth0",
                        "type",
                        "veth",
                        "peer",
                        "name",
                        "port" + i,
                        "netns",
                        made.bridgeNamespace);
                TwoHosts.ip("-n", made.bridgeNamespace, "link", "set", "port" + i, "master", "br0");
                TwoHosts.ip("-n", made.bridgeNamespace, "link", "set", "port" + i, "up");
                TwoHosts.ip("-n", host, "link", "set", "lo", "up");
                TwoHosts.ip("-n", host, "addr", "add", address(i) + "/24", "dev", "eth0");
                TwoHosts.ip("-n", host, "link", "set", "eth0", "up");
            }
            return made;
        } catch (Exception | AssertionError e) {
            made.close();
            throw e;
        }
    }

    static String address(int host) {
        return SUBNET + (host + 1);
    }

    String namespace(int host) {
        return hosts.get(host);
    }

    /** A command run inside host {@code host}'s namespace ({@code ip netns exec} execs it: the process is the command). */
    ProcessBuilder in(int host, List<String> command) {
        var full = new ArrayList<>(List.of("ip", "netns", "exec", hosts.get(host)));
        full.addAll(command);
        return new ProcessBuilder(full);
    }

    @Override
    public void close() {
        var all = new ArrayList<>(hosts);
        all.add(bridgeNamespace);
        for (String namespace : all) {
            try {
                TwoHosts.run(List.of("ip", "netns", "delete", namespace));
            } catch (Exception | AssertionError e) {
                System.err.println("BridgedHosts: could not remove namespace " + namespace + ": " + e.getMessage());
            }
        }
    }
}
