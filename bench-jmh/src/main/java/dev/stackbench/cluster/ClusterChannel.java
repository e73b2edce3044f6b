package dev.stackbench.cluster;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.dns.DNS_PING;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;
import org.jgroups.util.NameCache;

/**
 * The one class that knows JGroups: a member of the {@value #CLUSTER} cluster over TCP (JGroups' tcp.xml stack,
 * with TCPPING or DNS_PING for discovery and quicker merges and failure detection than its defaults, for runs of
 * seconds), sending {@link ClusterMessage}s as bytes to members named by their logical names.
 *
 * <p>A member that dies is noticed by FD_SOCK2 as soon as its TCP connection closes (a killed process), else by
 * FD_ALL3 within {@link #SUSPECT_AFTER_MILLIS}; the {@link Listener} then sees the members without it.
 */
final class ClusterChannel implements AutoCloseable {

    static final String CLUSTER = "stackbench";
    /** A member silent this long is suspected, and removed after VERIFY_SUSPECT2 confirms it. */
    static final long SUSPECT_AFTER_MILLIS = 8_000;
    /** How long an agent looks for the coordinator's cluster before it starts one alone (and then leaves it again). */
    static final Duration JOIN_TIMEOUT = Duration.ofSeconds(1);
    /** A coordinator is the first member: agents join it. It looks briefly, in case one still holds a cluster alone. */
    static final Duration FIRST_MEMBER_JOIN_TIMEOUT = Duration.ofMillis(500);
    /** A member without a port of its own tries this many from {@link Discovery#DEFAULT_PORT} on. */
    static final int PORTS_TRIED = 100;

    interface Listener {
        void message(String from, ClusterMessage message);

        /** The members now, this one included, after a join, a leave or a failure. */
        void members(List<String> names);
    }

    /** JGroups logs through java.util.logging, warnings and worse: the run's progress is ours to print, not the cluster's. */
    private static final Logger JGROUPS_LOG;

    static {
        System.setProperty("jgroups.use.jdk_logger", "true");
        JGROUPS_LOG = Logger.getLogger("org.jgroups");
        JGROUPS_LOG.setLevel(Level.WARNING);
    }

    private final JChannel channel;
    private final Map<String, Address> addresses = new ConcurrentHashMap<>();

    private ClusterChannel(JChannel channel) {
        this.channel = channel;
    }

    /**
     * Joins (or starts) the cluster.
     *
     * @param bind where this member listens: an address of this host, and a port (0 for any free one)
     * @param joinTimeout how long to look for members before starting a cluster alone
     */
    static ClusterChannel join(
            String name, InetSocketAddress bind, Discovery discovery, Duration joinTimeout, Listener listener)
            throws Exception {
        var channel = new JChannel(stack(bind, discovery, joinTimeout)).name(name);
        var member = new ClusterChannel(channel);
        channel.setReceiver(new Receiver() {
            @Override
            public void receive(Message message) {
                byte[] bytes = Arrays.copyOfRange(
                        message.getArray(), message.getOffset(), message.getOffset() + message.getLength());
                String from = member.nameOf(message.getSrc());
                // A member may hear from another before its view lists it (a merge under way): the answer must still
                // reach it.
                member.addresses.put(from, message.getSrc());
                listener.message(from, ClusterMessage.decode(bytes));
            }

            @Override
            public void viewAccepted(View view) {
                var names = new ArrayList<String>();
                for (Address address : view.getMembers()) {
                    String memberName = member.nameOf(address);
                    member.addresses.put(memberName, address);
                    names.add(memberName);
                }
                listener.members(List.copyOf(names));
            }
        });
        try {
            channel.connect(CLUSTER);
        } catch (Exception
                | Error e) { // a port taken, an address not this host's: its sockets and threads must not outlive the
            // failure
            channel.close();
            throw e;
        }
        return member;
    }

    private static List<Protocol> stack(InetSocketAddress bind, Discovery discovery, Duration joinTimeout) {
        InetAddress address = bind.getAddress();
        if (address == null) {
            throw new IllegalArgumentException("cannot resolve the bind address '" + bind.getHostString() + "'");
        }
        // TCPPING needs a fixed port: a member given none takes the first free from the default (several on one host).
        boolean anyPort = bind.getPort() == 0;
        var tcp = new TCP()
                .setBindAddress(address)
                .setBindPort(anyPort ? Discovery.DEFAULT_PORT : bind.getPort())
                .setPortRange(anyPort ? PORTS_TRIED : 0);
        org.jgroups.protocols.Discovery find = switch (discovery) {
            case Discovery.Hosts hosts ->
                new TCPPING()
                        .setInitialHosts(hosts.initialHosts().stream()
                                .map(host -> host.isUnresolved()
                                        ? new InetSocketAddress(host.getHostString(), host.getPort())
                                        : host)
                                .toList())
                        .setPortRange(0);
            case Discovery.Dns dns -> new DNS_PING().setDNSQuery(dns.query());
        };
        // Agents know only the coordinator's address: it hands every member's on, so that agents reach each other too
        // (their heartbeats go to all members; one that cannot reach another would have it suspected and removed).
        find.returnEntireCache(true).sendCacheOnJoin(true);
        var gms = new GMS().setJoinTimeout(joinTimeout.toMillis());
        gms.printLocalAddress(false);
        List<Protocol> protocols = new ArrayList<>(List.of(
                tcp,
                find,
                new MERGE3().setMinInterval(1_000).setMaxInterval(3_000),
                new FD_SOCK2(),
                new FD_ALL3().setTimeout(SUSPECT_AFTER_MILLIS).setInterval(2_000),
                new VERIFY_SUSPECT2().setTimeout(1_500),
                new NAKACK2().useMcastXmit(false),
                new UNICAST3(),
                new STABLE(),
                gms,
                new UFC(),
                new MFC(),
                new FRAG4())); // JGroups adds to it
        return protocols;
    }

    String name() {
        return channel.name();
    }

    void send(String member, ClusterMessage message) throws Exception {
        Address address = addresses.get(member);
        if (address == null) {
            throw new IllegalStateException("no member '" + member + "' in the cluster");
        }
        channel.send(address, ClusterMessage.encode(message));
    }

    private String nameOf(Address address) {
        String name = NameCache.get(address);
        return name != null ? name : address.toString();
    }

    @Override
    public void close() {
        channel.close();
    }
}
