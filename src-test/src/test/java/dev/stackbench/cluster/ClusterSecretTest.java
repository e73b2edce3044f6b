package dev.stackbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.MeasuresSpeed;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The cluster's shared secret at the protocol level, four members on loopback in one JVM: a member with no secret and one
 * with another secret never enter the first member's view, nor reach it with a message, and it names each once; a
 * member with the secret joins and is heard. (AgentsSecretTest drives the real jar across network namespaces.)
 */
@MeasuresSpeed
class ClusterSecretTest {

    private static final ClusterSecret SECRET = ClusterSecret.derive("correct horse battery staple");
    private static final ClusterSecret OTHER = ClusterSecret.derive("incorrect horse battery staple");

    /** A refused join is tried {@link ClusterChannel#JOIN_ATTEMPTS} times, each this long, before the member starts alone. */
    private static final Duration REFUSED_JOIN_TIMEOUT = Duration.ofMillis(200);

    private final List<ClusterChannel> channels = new ArrayList<>();

    @AfterEach
    void close() {
        channels.forEach(ClusterChannel::close);
    }

    /** What one member heard: messages, its latest view, and the members it refused. */
    private record Heard(BlockingQueue<ClusterMessage> messages, List<List<String>> views, List<String> refused)
            implements ClusterChannel.Listener {
        Heard() {
            this(new LinkedBlockingQueue<>(), new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>());
        }

        @Override
        public void message(String from, ClusterMessage message) {
            messages.add(message);
        }

        @Override
        public void members(List<String> names) {
            views.add(names);
        }

        List<String> members() {
            return views.isEmpty() ? List.of() : views.getLast();
        }
    }

    @Test
    void onlyAMemberWithTheSecretJoinsAndIsHeardTheOthersAreNamedOnce() throws Exception {
        var first = new InetSocketAddress(InetAddress.getLoopbackAddress(), freePort());
        var coordinator = new Heard();
        join("coordinator", first, first, SECRET, coordinator, ClusterChannel.FIRST_MEMBER_JOIN_TIMEOUT);

        var none = new Heard();
        join("no-secret", loopback(), first, null, none, REFUSED_JOIN_TIMEOUT);
        var wrong = new Heard();
        ClusterChannel other = join("wrong-secret", loopback(), first, OTHER, wrong, REFUSED_JOIN_TIMEOUT);
        awaitRefused(coordinator, 2);

        var right = new Heard();
        ClusterChannel member = join("right-secret", loopback(), first, SECRET, right, ClusterChannel.JOIN_TIMEOUT);
        await(() -> coordinator.members().contains("right-secret"));
        member.send("coordinator", new ClusterMessage.Acknowledged("run-1"));
        assertThat(coordinator.messages().poll(5, TimeUnit.SECONDS))
                .isEqualTo(new ClusterMessage.Acknowledged("run-1"));

        assertThat(coordinator.members()).containsExactly("coordinator", "right-secret");
        assertThat(none.members()).containsExactly("no-secret");
        assertThat(wrong.members()).containsExactly("wrong-secret");
        assertThat(coordinator.refused())
                .containsExactlyInAnyOrder("no-secret (it holds no secret)", "wrong-secret (its secret is another)");
        assertThatThrownBy(() -> other.send("coordinator", new ClusterMessage.Acknowledged("run-1")))
                .hasMessageContaining("no member 'coordinator'");
        assertThat(coordinator.messages()).isEmpty();
    }

    @Test
    void anAddressOtherHostsReachNeedsTheSecret() {
        assertThatThrownBy(() -> ClusterChannel.requireSecret(new InetSocketAddress("10.0.0.1", 7800), null, "agent a"))
                .hasMessageStartingWith("agent a listens on 10.0.0.1, which other hosts reach: it needs the cluster's "
                        + "shared secret, in the environment variable STACKBENCH_CLUSTER_SECRET or a file given to "
                        + "--cluster-secret-file");
        ClusterChannel.requireSecret(new InetSocketAddress("127.0.0.1", 7800), null, "agent a");
        assertThatThrownBy(() -> ClusterSecret.read(null, Map.of(ClusterSecret.ENVIRONMENT, "short")))
                .hasMessage("STACKBENCH_CLUSTER_SECRET: the cluster's secret must have at least 16 characters, e.g. "
                        + "from `openssl rand -base64 32`");
        assertThat(ClusterSecret.read(null, Map.of())).isEmpty();
        assertThat(ClusterSecret.read(null, Map.of(ClusterSecret.ENVIRONMENT, "correct horse battery staple")))
                .get()
                .hasToString("ClusterSecret[derived keys, not shown]");
    }

    private ClusterChannel join(
            String name,
            InetSocketAddress bind,
            InetSocketAddress coordinator,
            ClusterSecret secret,
            Heard heard,
            Duration joinTimeout)
            throws Exception {
        var channel = ClusterChannel.join(
                name,
                bind,
                new Discovery.Hosts(List.of(coordinator)),
                joinTimeout,
                secret,
                heard.refused()::add,
                heard);
        channels.add(channel);
        return channel;
    }

    private static InetSocketAddress loopback() throws Exception {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), freePort());
    }

    private static int freePort() throws Exception {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void awaitRefused(Heard heard, int count) throws InterruptedException {
        await(() -> heard.refused().size() >= count);
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
