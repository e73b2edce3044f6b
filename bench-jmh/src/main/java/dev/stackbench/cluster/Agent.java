package dev.stackbench.cluster;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.ForwardingProgressListener;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.vocabulary.Segment;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code agent}: a load generator that joins a coordinator's cluster and runs the segment it orders, sending back
 * what it measured, run after run, until it has run {@code runs} or heard nothing for {@code idleTimeout}.
 *
 * <p>An agent is in the cluster only while a coordinator is: it joins, and leaves again at once if no coordinator
 * is there (it retries every {@link #RETRY_PAUSE}), and it leaves after each run. So agents never make a cluster of
 * their own that a coordinator would have to merge with (JGroups merges views in steps, and a member missing from
 * a step's view would look lost). Clock probes are answered on the cluster's thread, at once, run or no run.
 */
public final class Agent {

    /** How long an agent waits for the coordinator to acknowledge its report before it goes on (or leaves). */
    static final Duration ACKNOWLEDGE_TIMEOUT = Duration.ofSeconds(10);
    /** How long a joined agent waits to see a coordinator among the members before it leaves and tries again. */
    static final Duration COORDINATOR_WAIT = Duration.ofMillis(1500);

    static final Duration RETRY_PAUSE = Duration.ofMillis(500);
    /** How often a waiting agent looks whether its coordinator is still there. */
    private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    /**
     * @param coordinator   {@code HOST[:PORT]} of the coordinator, or {@code dns:NAME} (DNS_PING)
     * @param bind          where this agent listens, {@code ADDRESS[:PORT]}; null: the address that reaches the coordinator
     * @param runs          how many runs to take before leaving; 0 for no limit
     * @param idleTimeout   how long to wait for an order before leaving
     * @param secret        the cluster's shared secret; null only on loopback
     */
    public record Settings(
            String name, String coordinator, String bind, int runs, Duration idleTimeout, ClusterSecret secret) {
        public Settings {
            if (name.startsWith(LoadOverAgents.NAME_PREFIX)) {
                throw new IllegalArgumentException("--name '" + name + "': names starting with '"
                        + LoadOverAgents.NAME_PREFIX + "' are the coordinators'");
            }
        }
    }

    /**
     * What an agent did before it left.
     *
     * @param runs   the runs it took
     * @param failed of them, those that did not end with measurements sent: a run it could not make, its coordinator gone mid-run
     */
    public record Served(int runs, int failed) {}

    private final BlockingQueue<ClusterMessage.Order> orders = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> acknowledged = new LinkedBlockingQueue<>();
    private final PrintWriter err;
    /** Hears each run's intervals: the live outputs of {@code agent --output}, labelled with this agent's name. */
    private final ProgressListener progress;

    private volatile ClusterChannel channel;
    private volatile List<String> members = List.of();
    private volatile String coordinator;
    /** The current run's: requested when its coordinator leaves the cluster, for no one would take its measurements. */
    private volatile StopRequest stop;
    /** The current run was stopped by its coordinator's {@link ClusterMessage.Stop}: what it measured is still wanted. */
    private volatile boolean stoppedByCoordinator;

    private final String name;
    private final java.util.Set<String> refused = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private Agent(String name, PrintWriter err, ProgressListener progress) {
        this.name = name;
        this.err = err;
        this.progress = progress;
    }

    /**
     * Serves until done; returns how many runs it took, and how many of them failed.
     */
    public static Served serve(Settings settings, PrintWriter err) throws Exception {
        return serve(settings, ProgressListener.NONE, err);
    }

    /** Serves until done, each run's intervals told to {@code progress} (live outputs of this agent's own segment). */
    public static Served serve(Settings settings, ProgressListener progress, PrintWriter err) throws Exception {
        Discovery discovery = Discovery.parse(settings.coordinator());
        int port = discovery instanceof Discovery.Dns ? Discovery.DEFAULT_PORT : 0;
        InetSocketAddress bind = settings.bind() != null
                ? Discovery.address(settings.bind(), port)
                : new InetSocketAddress(towards(discovery), port);
        ClusterChannel.requireSecret(bind, settings.secret(), "agent " + settings.name());
        var agent = new Agent(settings.name(), err, progress);
        err.printf(
                "agent %s: looking for a coordinator at %s; leaving after %d s without an order%n",
                settings.name(), settings.coordinator(), settings.idleTimeout().toSeconds());
        err.flush();
        int done = 0;
        int failed = 0;
        long idleDeadline = System.nanoTime() + settings.idleTimeout().toNanos();
        while ((settings.runs() == 0 || done < settings.runs()) && System.nanoTime() < idleDeadline) {
            agent.orders.clear();
            try (var joined = ClusterChannel.join(
                    settings.name(),
                    bind,
                    discovery,
                    ClusterChannel.JOIN_TIMEOUT,
                    settings.secret(),
                    agent::refused,
                    agent.listener())) {
                agent.channel = joined;
                var order = agent.awaitOrder(idleDeadline);
                if (order != null) {
                    if (!agent.run(order)) {
                        failed++;
                    }
                    done++;
                    idleDeadline = System.nanoTime() + settings.idleTimeout().toNanos();
                }
            }
            if (done < settings.runs() || settings.runs() == 0) {
                Thread.sleep(RETRY_PAUSE.toMillis());
            }
        }
        if (settings.runs() == 0 || done < settings.runs()) {
            err.printf(
                    "agent %s: no order for %d s, leaving%n",
                    settings.name(), settings.idleTimeout().toSeconds());
            err.flush();
        }
        return new Served(done, failed);
    }

    /** The address this host uses to reach the coordinator (a UDP socket's route, nothing sent); any local one for DNS. */
    private static InetAddress towards(Discovery discovery) throws IOException {
        if (discovery instanceof Discovery.Hosts(List<InetSocketAddress> hosts)) {
            try (var socket = new DatagramSocket()) {
                socket.connect(new InetSocketAddress(
                        hosts.getFirst().getHostString(), hosts.getFirst().getPort()));
                return socket.getLocalAddress();
            }
        }
        return InetAddress.getLocalHost();
    }

    /**
     * The coordinator's order, or null to leave and join again: no coordinator came within {@link #COORDINATOR_WAIT},
     * the one there left, or the idle deadline passed.
     */
    private ClusterMessage.Order awaitOrder(long idleDeadline) throws InterruptedException {
        long coordinatorDeadline = System.nanoTime() + COORDINATOR_WAIT.toNanos();
        String present = null;
        while (System.nanoTime() < idleDeadline) {
            var order = orders.poll(LOOK_NANOS, TimeUnit.NANOSECONDS);
            if (order != null) {
                return order;
            }
            String now = members.stream()
                    .filter(name -> name.startsWith(LoadOverAgents.NAME_PREFIX))
                    .findFirst()
                    .orElse(null);
            if (present == null && now != null) {
                err.printf("agent %s: joined %s's cluster; waiting for its order%n", channel.name(), now);
                err.flush();
            }
            if (present != null && now == null
                    || present == null && now == null && System.nanoTime() > coordinatorDeadline) {
                return null;
            }
            present = now;
        }
        return null;
    }

    /** A member without the cluster's secret tried to reach this agent: said once per member, the agent serving on. */
    private void refused(String member) {
        if (refused.add(member)) {
            err.printf("agent %s: refused %s: only members holding the cluster's secret may join%n", name, member);
            err.flush();
        }
    }

    private ClusterChannel.Listener listener() {
        return new ClusterChannel.Listener() {
            @Override
            public void message(String from, ClusterMessage message) {
                switch (message) {
                    case ClusterMessage.TimeQuery query ->
                        reply(from, new ClusterMessage.TimeReply(query.sentEpochNanos(), ClockOffset.nowEpochNanos()));
                    case ClusterMessage.Order order
                    when from.startsWith(LoadOverAgents.NAME_PREFIX) -> {
                        coordinator = from;
                        orders.add(order);
                    }
                    case ClusterMessage.Order ignored -> {
                        err.printf("agent %s: ignoring an order from %s, not a coordinator%n", channel.name(), from);
                        err.flush();
                    }
                    case ClusterMessage.Acknowledged ack -> acknowledged.add(ack.runId());
                    case ClusterMessage.Stop stopOrder
                    when from.equals(coordinator) -> {
                        var running = stop;
                        if (running != null) {
                            stoppedByCoordinator = true;
                            running.request(stopOrder.reason());
                        }
                    }
                    default -> {} // reports and failures are the coordinator's
                }
            }

            @Override
            public void members(List<String> names) {
                members = names;
                var running = stop;
                if (running != null && coordinator != null && !names.contains(coordinator)) {
                    running.request("the coordinator " + coordinator + " left the cluster");
                }
            }
        };
    }

    /** Runs an order's segment and reports it; false if it failed or was stopped, its coordinator gone. */
    private boolean run(ClusterMessage.Order order) throws InterruptedException {
        var segment = new Segment(order.segmentIndex(), order.segmentCount());
        var running = new StopRequest();
        stop = running;
        try {
            LoadRun run = order.run();
            err.printf(
                    Locale.ROOT,
                    "agent %s: segment %s of %s, starting in %.3f s%n",
                    channel.name(),
                    segment,
                    run.profile().describe(),
                    (order.startEpochNanos() - ClockOffset.nowEpochNanos()) / 1e9);
            err.flush();
            var measured = LoadGenerator.runSegment(
                    run,
                    segment,
                    ClockOffset.instant(order.startEpochNanos()),
                    new SayingWhenMeasuring(segment, progress),
                    running);
            if (running.requested() && !stoppedByCoordinator) {
                err.printf("agent %s: segment %s stopped: %s%n", channel.name(), segment, running.reason());
                err.flush();
                return false;
            }
            if (stoppedByCoordinator) {
                err.printf(
                        "agent %s: segment %s stopped by its coordinator (%s); sending what it measured%n",
                        channel.name(), segment, running.reason());
            }
            reply(coordinator, new ClusterMessage.Report(order.runId(), measured));
            boolean received = awaitAcknowledgement(order.runId());
            err.printf(
                    "agent %s: segment %s done, measurements sent%s%n",
                    channel.name(),
                    segment,
                    received
                            ? " and received"
                            : "; the coordinator did not acknowledge them within " + ACKNOWLEDGE_TIMEOUT.toSeconds()
                                    + " s");
            err.flush();
            return true;
        } catch (RuntimeException | UnknownHostException e) {
            reply(
                    coordinator,
                    new ClusterMessage.Failed(order.runId(), e.getMessage() != null ? e.getMessage() : e.toString()));
            err.printf("agent %s: segment %s failed: %s%n", channel.name(), segment, e);
            err.flush();
            return false;
        } finally {
            stop = null;
            stoppedByCoordinator = false;
        }
    }

    /**
     * Tells the agent's log when its segment's window has begun, at the end of the window's first interval, so that
     * whoever watches (a person, a test that interrupts a run mid-window) knows the measuring started, not only when it
     * was due to; everything is passed on to the run's listener.
     */
    private final class SayingWhenMeasuring extends ForwardingProgressListener {
        private final Segment segment;
        private boolean told;

        SayingWhenMeasuring(Segment segment, ProgressListener progress) {
            super(progress);
            this.segment = segment;
        }

        @Override
        public void interval(TimelineRow row) {
            if (!told && row.phase() == TimelinePhase.MEASURED) {
                told = true;
                err.printf(
                        "agent %s: segment %s measuring: the first interval of its window is done%n",
                        channel.name(), segment);
                err.flush();
            }
            super.interval(row);
        }
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
