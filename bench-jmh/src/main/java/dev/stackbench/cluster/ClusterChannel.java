package dev.stackbench.cluster;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.crypto.spec.SecretKeySpec;
import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.auth.AuthToken;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.AUTH;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.SERIALIZE;
import org.jgroups.protocols.SYM_ENCRYPT;
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
import org.jgroups.util.MessageBatch;
import org.jgroups.util.NameCache;

/**
 * The one class that knows JGroups: a member of the {@value #CLUSTER} cluster over TCP (JGroups' tcp.xml stack,
 * with TCPPING or DNS_PING for discovery and quicker merges and failure detection than its defaults, for runs of
 * seconds), sending {@link ClusterMessage}s as bytes to members named by their logical names.
 *
 * <p>With a {@link ClusterSecret} (required when binding an address other than loopback) every message above discovery
 * is serialized whole (SERIALIZE, so that headers are covered too) and encrypted with AES/CBC under the key derived
 * from the secret (SYM_ENCRYPT), and a join or merge must show the secret's token (AUTH). SYM_ENCRYPT rather than
 * ASYM_ENCRYPT: every member holds the secret anyway, so the key needs no exchange, no key server (ASYM_ENCRYPT's is
 * whichever member is first, an agent alone included) and no new key after a merge; a member without the secret can
 * neither read a message nor send one that decrypts. Discovery stays below the encryption so that a refused member is
 * known by its name: {@link Refusals} names it, once, through the {@code refused} callback.
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
    /** How many times a member sends its join before it starts a cluster alone. */
    static final int JOIN_ATTEMPTS = 2;
    /** A member without a port of its own tries this many from {@link Discovery#DEFAULT_PORT} on. */
    static final int PORTS_TRIED = 100;

    interface Listener {
        void message(String from, ClusterMessage message);

        /** The members now, this one included, after a join, a leave or a failure. */
        void members(List<String> names);
    }

    /** JGroups logs through java.util.logging, warnings and worse: the run's progress is ours to print, not the cluster's. */
    private static final Logger JGROUPS_LOG;
    /**
     * Off: they log every message they drop from a member without the secret, and AUTH the token's class; a refused
     * member is said once, in one line, by {@link Refusals}.
     */
    private static final List<Logger> DROPPING_LOGS;

    static {
        System.setProperty("jgroups.use.jdk_logger", "true");
        JGROUPS_LOG = Logger.getLogger("org.jgroups");
        JGROUPS_LOG.setLevel(Level.WARNING);
        DROPPING_LOGS = List.of(
                Logger.getLogger(SYM_ENCRYPT.class.getName()),
                Logger.getLogger(AUTH.class.getName()),
                Logger.getLogger(SERIALIZE.class.getName()));
        DROPPING_LOGS.forEach(log -> log.setLevel(Level.OFF));
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
            String name,
            InetSocketAddress bind,
            Discovery discovery,
            Duration joinTimeout,
            ClusterSecret secret,
            Consumer<String> refused,
            Listener listener)
            throws Exception {
        var channel = new JChannel(stack(bind, discovery, joinTimeout, secret, refused)).name(name);
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

    /**
     * @throws IllegalArgumentException binding an address other than loopback without a secret
     */
    static void requireSecret(InetSocketAddress bind, ClusterSecret secret, String who) {
        InetAddress address = bind.getAddress();
        if (address == null) {
            throw new IllegalArgumentException("cannot resolve the bind address '" + bind.getHostString() + "'");
        }
        if (secret == null && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException(who + " listens on " + address.getHostAddress()
                    + ", which other hosts reach: it needs the cluster's shared secret, in the environment variable "
                    + ClusterSecret.ENVIRONMENT
                    + " or a file given to --cluster-secret-file (the same on every member), "
                    + "so that no one else can order the agents");
        }
    }

    private static List<Protocol> stack(
            InetSocketAddress bind,
            Discovery discovery,
            Duration joinTimeout,
            ClusterSecret secret,
            Consumer<String> refused) {
        requireSecret(bind, secret, "this member");
        InetAddress address = bind.getAddress();
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
        // Two tries, not GMS' ten: a coordinator that does not answer (gone, or without the secret) costs an agent 2 s,
        // not
        // 10, before it leaves and looks again with a fresh cache (a new coordinator at the same address is a new
        // member).
        var gms = new GMS().setJoinTimeout(joinTimeout.toMillis()).setMaxJoinAttempts(JOIN_ATTEMPTS);
        gms.printLocalAddress(false);
        List<Protocol> protocols = new ArrayList<>(List.of(tcp, find));
        if (secret != null) {
            var encrypt = new SYM_ENCRYPT().setSecretKey(new SecretKeySpec(secret.aesKey(), "AES"));
            encrypt.symAlgorithm("AES/CBC/PKCS5Padding"); // a fresh IV per message, not ECB's (the "AES" default)
            encrypt.symIvLength(16);
            protocols.addAll(List.of(new Refusals(encrypt, refused), encrypt, new SERIALIZE()));
        }
        protocols.addAll(List.of(
                new MERGE3().setMinInterval(1_000).setMaxInterval(3_000),
                new FD_SOCK2(),
                new FD_ALL3().setTimeout(SUSPECT_AFTER_MILLIS).setInterval(2_000),
                new VERIFY_SUSPECT2().setTimeout(1_500),
                new NAKACK2().useMcastXmit(false),
                new UNICAST3(),
                new STABLE()));
        if (secret != null) {
            protocols.add(new AUTH().setAuthToken(new SecretToken(secret.authToken())));
        }
        protocols.addAll(List.of(gms, new UFC(), new MFC(), new FRAG4())); // JGroups adds to it
        return protocols;
    }

    String name() {
        return channel.name();
    }

    /**
     * Sits right below SYM_ENCRYPT and tells, once per sender, of the messages it is about to drop: those without its
     * header (a member with no secret) and those under another key (another secret). Drops nothing itself.
     */
    private static final class Refusals extends Protocol {
        private final SYM_ENCRYPT encrypt;
        private final Consumer<String> refused;
        private final Map<Address, Boolean> told = new ConcurrentHashMap<>();

        Refusals(SYM_ENCRYPT encrypt, Consumer<String> refused) {
            this.encrypt = encrypt;
            this.refused = refused;
        }

        @Override
        public Object up(Message message) {
            check(message);
            return up_prot.up(message);
        }

        @Override
        public void up(MessageBatch batch) {
            for (Message message : batch) {
                check(message);
            }
            up_prot.up(batch);
        }

        private void check(Message message) {
            EncryptHeader header = message.getHeader(encrypt.getId());
            String why = header == null
                    ? "it holds no secret"
                    : !Arrays.equals(header.version(), encrypt.symVersion()) ? "its secret is another" : null;
            Address from = message.getSrc();
            if (why != null && from != null && told.putIfAbsent(from, Boolean.TRUE) == null) {
                String name = NameCache.get(from);
                refused.accept((name != null ? name : from.toString()) + " (" + why + ")");
            }
        }
    }

    /** AUTH's token: the proof derived from the secret, compared in constant time; its toString shows nothing of it. */
    public static final class SecretToken extends AuthToken {
        /** JGroups writes a token by its magic number; ours is registered once, above JGroups' own range. */
        private static final short MAGIC = 2_601;

        static {
            ClassConfigurator.addIfAbsent(MAGIC, SecretToken.class);
        }

        private byte[] proof = new byte[0];

        public SecretToken() {} // JGroups creates the token it reads

        SecretToken(byte[] proof) {
            this.proof = proof;
        }

        @Override
        public String getName() {
            return "stackbench secret";
        }

        @Override
        public int size() {
            return Integer.BYTES + proof.length;
        }

        @Override
        public boolean authenticate(AuthToken token, Message message) {
            return token instanceof SecretToken other && java.security.MessageDigest.isEqual(proof, other.proof);
        }

        @Override
        public void writeTo(java.io.DataOutput out) throws java.io.IOException {
            out.writeInt(proof.length);
            out.write(proof);
        }

        @Override
        public void readFrom(java.io.DataInput in) throws java.io.IOException {
            int length = in.readInt();
            if (length < 0 || length > 64) {
                throw new java.io.IOException("token of " + length + " bytes");
            }
            proof = new byte[length];
            in.readFully(proof);
        }

        @Override
        public String toString() {
            return "SecretToken[not shown]";
        }
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
