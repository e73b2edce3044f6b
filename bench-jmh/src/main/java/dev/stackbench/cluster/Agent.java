package dev.stackbench.cluster;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.Segment;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.load.engine.StopRequest;

/**
 * {@code agent}: a load generator that joins the cluster and runs the segments a coordinator orders, one run at a
 * time, sending back what it measured, until it has run {@code runs} or heard nothing for {@code idleTimeout}.
 * Clock probes are answered on the cluster's own thread, at once, so a run in progress does not delay them.
 */
public final class Agent {

    /**
     * @param coordinator   {@code HOST[:PORT]} of the coordinator, or {@code dns:NAME} (DNS_PING)
     * @param bind          where this agent listens, {@code ADDRESS[:PORT]} (any free port if none)
     * @param runs          how many runs to take before leaving; 0 for no limit
     * @param idleTimeout   how long to wait for an order before leaving
     */
    public record Settings(String name, String coordinator, String bind, int runs, Duration idleTimeout) {
    }

    /** How long an agent waits for the coordinator to acknowledge its report before it goes on (or leaves). */
    static final Duration ACKNOWLEDGE_TIMEOUT = Duration.ofSeconds(10);

    private final BlockingQueue<ClusterMessage.Order> orders = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> acknowledged = new LinkedBlockingQueue<>();
    private final PrintWriter err;
    private volatile ClusterChannel channel;
    private String coordinator;

    private Agent(PrintWriter err) {
        this.err = err;
    }

    /**
     * Serves until done; returns how many runs it took.
     *
     * @param runBuilder builds the run from a coordinator's {@code load} arguments (the CLI's own parsing)
     */
    public static int serve(Settings settings, Function<List<String>, LoadRun> runBuilder, PrintWriter err) throws Exception {
        Discovery discovery = Discovery.parse(settings.coordinator());
        int port = discovery instanceof Discovery.Dns ? Discovery.DEFAULT_PORT : 0;
        InetSocketAddress bind = settings.bind() != null ? Discovery.address(settings.bind(), port) : new InetSocketAddress(towards(discovery), port);
        var agent = new Agent(err);
        try (var joined = ClusterChannel.join(settings.name(), bind, discovery, agent.listener())) {
            agent.channel = joined;
            err.printf("agent %s joined the cluster; waiting for orders (at most %d s between them)%n", joined.name(),
                    settings.idleTimeout().toSeconds());
            err.flush();
            return agent.serveOrders(settings, runBuilder);
        }
    }

    /** The address this host uses to reach the coordinator (a UDP socket's route, nothing sent); any local one for DNS. */
    private static java.net.InetAddress towards(Discovery discovery) throws java.io.IOException {
        if (discovery instanceof Discovery.Hosts(List<InetSocketAddress> hosts)) {
            try (var socket = new java.net.DatagramSocket()) {
                socket.connect(new InetSocketAddress(hosts.getFirst().getHostString(), hosts.getFirst().getPort()));
                return socket.getLocalAddress();
            }
        }
        return java.net.InetAddress.getLocalHost();
    }

    private ClusterChannel.Listener listener() {
        return new ClusterChannel.Listener() {
            @Override
            public void message(String from, ClusterMessage message) {
                switch (message) {
                    case ClusterMessage.TimeQuery query -> reply(from, new ClusterMessage.TimeReply(query.sentEpochNanos(), ClockOffset.nowEpochNanos()));
                    case ClusterMessage.Order order -> {
                        coordinator = from;
                        orders.add(order);
                    }
                    case ClusterMessage.Acknowledged ack -> acknowledged.add(ack.runId());
                    default -> { } // reports and failures are the coordinator's
                }
            }

            @Override
            public void members(List<String> names) {
            }
        };
    }

    private int serveOrders(Settings settings, Function<List<String>, LoadRun> runBuilder) throws InterruptedException {
        int done = 0;
        while (settings.runs() == 0 || done < settings.runs()) {
            var order = orders.poll(settings.idleTimeout().toNanos(), TimeUnit.NANOSECONDS);
            if (order == null) {
                err.printf("agent %s: no order for %d s, leaving%n", channel.name(), settings.idleTimeout().toSeconds());
                break;
            }
            var segment = new Segment(order.segmentIndex(), order.segmentCount());
            try {
                LoadRun run = runBuilder.apply(order.loadArguments());
                var start = ClockOffset.instant(order.startEpochNanos());
                err.printf(Locale.ROOT, "agent %s: segment %s of %s, starting in %.3f s%n", channel.name(), segment, run.profile().describe(),
                        (order.startEpochNanos() - ClockOffset.nowEpochNanos()) / 1e9);
                err.flush();
                var measured = LoadGenerator.runSegment(run, segment, start, ProgressListener.NONE, new StopRequest());
                reply(coordinator, new ClusterMessage.Report(order.runId(), measured));
                boolean received = awaitAcknowledgement(order.runId());
                err.printf("agent %s: segment %s done, measurements sent%s%n", channel.name(), segment,
                        received ? " and received" : "; the coordinator did not acknowledge them within " + ACKNOWLEDGE_TIMEOUT.toSeconds() + " s");
            } catch (Exception | Error e) {
                reply(coordinator, new ClusterMessage.Failed(order.runId(), e.getMessage() != null ? e.getMessage() : e.toString()));
                err.printf("agent %s: segment %s failed: %s%n", channel.name(), segment, e);
                if (e instanceof Error error) {
                    throw error;
                }
            }
            err.flush();
            done++;
        }
        return done;
    }

    private boolean awaitAcknowledgement(String runId) throws InterruptedException {
        long deadline = System.nanoTime() + ACKNOWLEDGE_TIMEOUT.toNanos();
        for (long left = ACKNOWLEDGE_TIMEOUT.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            if (runId.equals(acknowledged.poll(left, TimeUnit.NANOSECONDS))) {
                return true;
            }
        }
        return false;
    }

    private void reply(String to, ClusterMessage message) {
        try {
            channel.send(to, message);
        } catch (Exception e) {
            err.printf("agent %s: could not send to %s: %s%n", channel.name(), to, e);
            err.flush();
        }
    }
}
