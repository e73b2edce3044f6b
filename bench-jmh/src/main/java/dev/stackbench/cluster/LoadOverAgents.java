package dev.stackbench.cluster;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.AgentPart;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.vocabulary.Segment;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator of {@code load --agents N}: waits for N agents, measures each one's clock offset, tells agent k
 * to run segment k of N from one agreed instant (in its own clock), and merges what they send back into one result.
 * An agent that leaves the cluster, or sends nothing by the run's end plus its drain and {@code agentsTimeout}, is
 * lost: named in a partial result built from the others.
 *
 * <pre>{@code
 * Optional<Measurement> m = LoadOverAgents.run(run, target,
 *         new LoadOverAgents.Settings(2, "10.0.0.1", null, Duration.ofSeconds(60), ClusterSecret.read(null, System.getenv()).orElseThrow()), err, new StopRequest()); // empty if stopped
 * }</pre>
 */
public final class LoadOverAgents {

    /** A coordinator's name begins so: agents tell it from other agents by it. */
    static final String NAME_PREFIX = "coordinator-";
    /** Clock probes per agent; the one with the shortest round trip is kept. */
    static final int CLOCK_PROBES = 8;

    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    /** From the orders to the start: long enough for every agent to build its run, start JFR and its event loops. */
    static final Duration START_LEAD = Duration.ofSeconds(3);
    /**
     * How long the coordinator still waits for the report of an agent the cluster says has left, once it waits for no
     * one else: the cluster may tell of a leave before the leaver's last, large message is delivered. A report in that
     * time replaces the mark; a {@link ClusterMessage.Failed} or the deadline ends the wait too.
     */
    static final Duration LEFT_GRACE = Duration.ofSeconds(3);
    /** After a stop, beyond the response timeout (the agents' drain), how long their reports may take to arrive. */
    static final Duration STOPPED_REPORT_GRACE = Duration.ofSeconds(5);
    /** How often a waiting coordinator looks whether it was interrupted. */
    private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    /**
     * @param bind          where the coordinator listens, {@code ADDRESS[:PORT]} (port {@value Discovery#DEFAULT_PORT} if none)
     * @param discovery     {@code dns:NAME} to find agents through DNS; null: agents find the coordinator at {@code bind}
     * @param agentsTimeout how long to wait for the agents to join, and for their measurements after the run's drain
     * @param secret        the cluster's shared secret; null only on loopback
     */
    public record Settings(int agents, String bind, String discovery, Duration agentsTimeout, ClusterSecret secret) {
        public Settings {
            if (agents < 1) {
                throw new IllegalArgumentException("--agents must be at least 1, got " + agents);
            }
            ClusterChannel.requireSecret(Discovery.address(bind, Discovery.DEFAULT_PORT), secret, "--cluster-bind");
        }
    }

    private sealed interface Event {}

    private record Received(String from, ClusterMessage message) implements Event {}

    private record Members(List<String> names) implements Event {}

    /** The coordinator was interrupted (a {@link StopRequest}) while it waited: it leaves, and the agents stop. */
    private static final class Interrupted extends Exception {
        Interrupted(String reason) {
            super(reason);
        }
    }

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final PrintWriter err;
    private final StopRequest stop;
    private List<String> members = List.of();

    private LoadOverAgents(PrintWriter err, StopRequest stop) {
        this.err = err;
        this.stop = stop;
    }

    /**
     * Runs {@code run} over the agents: each is sent the run itself, as a typed message.
     *
     * @param stop requested (Ctrl-C): before the agents were ordered, the coordinator leaves (nothing was measured); once they
     *             run, it tells them to stop, and merges what they send back, marked interrupted
     * @return the merged measurement; empty if {@code stop} was requested before the agents were ordered
     */
    public static Optional<Measurement> run(
            LoadRun run, RunResult.Target target, Settings settings, PrintWriter err, StopRequest stop)
            throws Exception {
        check(run, settings.agents());
        InetSocketAddress bind = Discovery.address(settings.bind(), Discovery.DEFAULT_PORT);
        Discovery discovery = settings.discovery() != null
                ? Discovery.parse(settings.discovery())
                : new Discovery.Hosts(List.of(bind));
        var coordinator = new LoadOverAgents(err, stop);
        try (var channel = ClusterChannel.join(
                NAME_PREFIX + ProcessHandle.current().pid(),
                bind,
                discovery,
                ClusterChannel.FIRST_MEMBER_JOIN_TIMEOUT,
                settings.secret(),
                member -> {
                    err.printf("coordinator: refused %s: only members holding the cluster's secret may join%n", member);
                    err.flush();
                },
                coordinator.listener())) {
            return Optional.of(coordinator.coordinate(channel, run, target, settings));
        } catch (Interrupted e) { // the channel is closed: the agents see the coordinator leave
            return Optional.empty();
        }
    }

    /** Refuses, before anyone waits, a run that several agents cannot share, or that no generator could run. */
    public static void check(LoadRun run, int agents) {
        LoadGenerator.checkInput(run);
        LoadGenerator.requireFixedWarmup(run);
        if (run.profile() instanceof LoadProfile.Closed closed
                && closed.requestLimit().isPresent()) {
            throw new IllegalArgumentException(
                    "--requests cannot be shared by --agents: each agent would end its window when its "
                            + "share is spent, each at another time, and their intervals are merged by offset; give a --duration instead");
        }
        if (run.connections() < agents) {
            throw new IllegalArgumentException(
                    "--agents " + agents + " needs at least as many connections (users): got " + run.connections()
                            + "; each agent runs its share of them");
        }
    }

    private ClusterChannel.Listener listener() {
        return new ClusterChannel.Listener() {
            @Override
            public void message(String from, ClusterMessage message) {
                events.add(new Received(from, message));
            }

            @Override
            public void members(List<String> names) {
                events.add(new Members(names));
            }
        };
    }

    private Measurement coordinate(ClusterChannel channel, LoadRun run, RunResult.Target target, Settings settings)
            throws Exception {
        List<String> agents = awaitAgents(channel.name(), settings);
        var offsets = new LinkedHashMap<String, ClockOffset>();
        for (String agent : agents) {
            offsets.put(agent, probe(channel, agent));
            err.printf(
                    Locale.ROOT,
                    "agent %s: clock offset %+.3f ms (round trip %.3f ms)%n",
                    agent,
                    offsets.get(agent).offsetMillis(),
                    offsets.get(agent).roundTripMillis());
        }
        String runId = UUID.randomUUID().toString();
        long startEpochNanos = ClockOffset.nowEpochNanos() + START_LEAD.toNanos();
        var unordered = new LinkedHashMap<String, Object>();
        for (int k = 0; k < agents.size(); k++) {
            String agent = agents.get(k);
            try {
                channel.send(
                        agent,
                        new ClusterMessage.Order(
                                runId,
                                run,
                                k,
                                agents.size(),
                                startEpochNanos + offsets.get(agent).offsetNanos()));
            } catch (Exception e) { // one agent unreachable: lost, while the others run
                unordered.put(agent, "could not be sent its order: " + e);
                err.printf("agent %s: could not be sent its order: %s%n", agent, e);
            }
        }
        err.printf("ordered %d agents to start in %d s%n", agents.size(), START_LEAD.toSeconds());
        err.flush();
        long runNanos = run.profile().ramp(run.warmup()).endNanos()
                + run.responseTimeout().toNanos();
        long deadline = startEpochNanos + runNanos + settings.agentsTimeout().toNanos();
        long stoppedWaitNanos = run.responseTimeout().toNanos() + STOPPED_REPORT_GRACE.toNanos();
        var reports = collect(channel, agents, unordered, runId, startEpochNanos, deadline, stoppedWaitNanos);

        var parts = new ArrayList<AgentPart>();
        for (int k = 0; k < agents.size(); k++) {
            String agent = agents.get(k);
            var offset = offsets.get(agent);
            Object outcome = reports.get(agent);
            parts.add(new AgentPart(
                    agent,
                    new Segment(k, agents.size()),
                    offset.offsetMillis(),
                    offset.roundTripMillis(),
                    outcome instanceof ClusterMessage.Report report ? report.run() : null,
                    outcome instanceof String lost ? lost : null));
        }
        return LoadGenerator.merge(
                run,
                target,
                ClockOffset.instant(startEpochNanos),
                clockAlignment(offsets),
                parts,
                stop.requested() ? stop.reason() : null);
    }

    /** Waits until {@code settings.agents()} members besides this one have joined; the first by name if there are more. */
    private List<String> awaitAgents(String self, Settings settings) throws InterruptedException, Interrupted {
        long deadline = System.nanoTime() + settings.agentsTimeout().toNanos();
        err.printf(
                "waiting up to %d s for %d agents%n", settings.agentsTimeout().toSeconds(), settings.agents());
        err.flush();
        while (true) {
            // Another coordinator in the cluster (a second load --agents at the same address) is never an agent.
            var agents = members.stream()
                    .filter(name -> !name.equals(self) && !name.startsWith(NAME_PREFIX))
                    .sorted()
                    .toList();
            for (int i = 1; i < agents.size(); i++) {
                if (agents.get(i)
                        .equals(agents.get(i - 1))) { // the cluster would deliver an order for one of them to either
                    throw new IllegalStateException(
                            "two agents are named " + agents.get(i) + ": give each a distinct --name");
                }
            }
            if (agents.size() >= settings.agents()) {
                return agents.subList(0, settings.agents());
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw new IllegalStateException(agents.size() + " of " + settings.agents() + " agents joined within "
                        + settings.agentsTimeout().toSeconds() + " s " + agents
                        + ": start them with agent --coordinator HOST[:PORT]");
            }
            throwIfStopped();
            handle(events.poll(Math.min(remaining, LOOK_NANOS), TimeUnit.NANOSECONDS));
        }
    }

    private void throwIfStopped() throws Interrupted {
        if (stop.requested()) {
            throw new Interrupted(stop.reason());
        }
    }

    private ClockOffset probe(ClusterChannel channel, String agent) throws Exception {
        ClockOffset best = null;
        for (int i = 0; i < CLOCK_PROBES; i++) {
            long sent = ClockOffset.nowEpochNanos();
            channel.send(agent, new ClusterMessage.TimeQuery(sent));
            long deadline = System.nanoTime() + PROBE_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                var event = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (event instanceof Received(String from, ClusterMessage.TimeReply reply)
                        && from.equals(agent)
                        && reply.queriedEpochNanos() == sent) {
                    best = ClockOffset.of(sent, reply.agentEpochNanos(), ClockOffset.nowEpochNanos())
                            .better(best);
                    break;
                }
                handle(event);
            }
        }
        if (best == null) {
            throw new IllegalStateException("agent " + agent + " did not answer " + CLOCK_PROBES
                    + " clock probes within " + PROBE_TIMEOUT.toSeconds() + " s each");
        }
        return best;
    }

    /**
     * Each agent's {@link ClusterMessage.Report}, or why it was lost, in words. A leave the cluster reports is a mark that a
     * report arriving later replaces; only a {@link ClusterMessage.Failed}, the deadline, or {@link #LEFT_GRACE} after the
     * last leave while no one else is awaited end an agent's wait.
     *
     * @param unordered the agents that could not be sent their orders, and why: lost already
     */
    private Map<String, Object> collect(
            ClusterChannel channel,
            List<String> agents,
            Map<String, Object> unordered,
            String runId,
            long startEpochNanos,
            long deadlineEpochNanos,
            long stoppedWaitNanos)
            throws InterruptedException {
        var outcomes = new LinkedHashMap<String, Object>(unordered);
        var left = new LinkedHashMap<String, String>();
        agents.stream()
                .filter(agent -> !members.contains(agent) && !outcomes.containsKey(agent))
                .forEach(agent -> left.put(agent, "left the cluster before the start"));
        long lastLeftNanos = System.nanoTime();
        boolean stopping = false;
        while (outcomes.size() < agents.size()) {
            if (stop.requested()
                    && !stopping) { // as one generator keeps what it measured: the agents stop and send theirs
                stopping = true;
                deadlineEpochNanos = Math.min(deadlineEpochNanos, ClockOffset.nowEpochNanos() + stoppedWaitNanos);
                err.printf(
                        "%s: telling the agents to stop and send what they measured (waiting up to %d s)%n",
                        stop.reason(), TimeUnit.NANOSECONDS.toSeconds(stoppedWaitNanos));
                for (String agent : agents) {
                    if (!outcomes.containsKey(agent)) {
                        try {
                            channel.send(agent, new ClusterMessage.Stop(runId, stop.reason()));
                        } catch (Exception e) { // gone already: it is lost, as it would be without the stop
                            err.printf("agent %s: could not be told to stop: %s%n", agent, e);
                        }
                    }
                }
            }
            long remaining = deadlineEpochNanos - ClockOffset.nowEpochNanos();
            boolean onlyLeftAwaited =
                    agents.stream().allMatch(agent -> outcomes.containsKey(agent) || left.containsKey(agent));
            if (remaining <= 0 || onlyLeftAwaited && System.nanoTime() - lastLeftNanos >= LEFT_GRACE.toNanos()) {
                double waited = (ClockOffset.nowEpochNanos() - startEpochNanos) / 1e9;
                agents.stream()
                        .filter(agent -> !outcomes.containsKey(agent))
                        .forEach(agent -> outcomes.put(
                                agent,
                                left.getOrDefault(
                                        agent,
                                        String.format(
                                                Locale.ROOT,
                                                "sent nothing within %.1f s of the start (the run, its drain and --agents-timeout)",
                                                waited))));
                break;
            }
            var event = events.poll(Math.min(remaining, LOOK_NANOS), TimeUnit.NANOSECONDS);
            if (event instanceof Received(String from, ClusterMessage.Report report)
                    && report.run() != null
                    && runId.equals(report.runId())
                    && agents.contains(from)) {
                if (outcomes.putIfAbsent(from, report) == null) {
                    err.printf(
                            "agent %s: measurements received%s%n",
                            from, left.containsKey(from) ? " after it left the cluster" : "");
                }
                acknowledge(channel, from, runId);
            } else if (event instanceof Received(String from, ClusterMessage.Failed failed)
                    && runId.equals(failed.runId())
                    && agents.contains(from)) {
                outcomes.putIfAbsent(from, "failed: " + failed.reason());
                err.printf("agent %s failed: %s%n", from, failed.reason());
            } else if (event instanceof Members(List<String> names)) {
                members = names;
                double at = (ClockOffset.nowEpochNanos() - startEpochNanos) / 1e9;
                for (String agent : agents) {
                    if (!names.contains(agent) && !outcomes.containsKey(agent) && !left.containsKey(agent)) {
                        left.put(agent, String.format(Locale.ROOT, "left the cluster %.1f s after the start", at));
                        lastLeftNanos = System.nanoTime();
                        err.printf("agent %s left the cluster%n", agent);
                    }
                }
            }
            err.flush();
        }
        return outcomes;
    }

    private void acknowledge(ClusterChannel channel, String agent, String runId) {
        try {
            channel.send(agent, new ClusterMessage.Acknowledged(runId));
        } catch (Exception e) {
            err.printf("agent %s: could not acknowledge its measurements (%s); it leaves after a timeout%n", agent, e);
        }
    }

    private void handle(Event event) {
        if (event instanceof Members(List<String> names)) {
            members = names;
        }
    }

    /**
     * Each agent's start is off the agreed instant by at most half its probe's round trip, either way: two agents' starts
     * differ by up to the sum of their half round trips, the two largest of which bound every pair.
     */
    static String clockAlignment(Map<String, ClockOffset> offsets) {
        double maxOffset = offsets.values().stream()
                .mapToDouble(offset -> Math.abs(offset.offsetMillis()))
                .max()
                .orElse(0);
        double[] roundTrips = offsets.values().stream()
                .mapToDouble(ClockOffset::roundTripMillis)
                .sorted()
                .toArray();
        double maxRoundTrip = roundTrips.length == 0 ? 0 : roundTrips[roundTrips.length - 1];
        double apart = roundTrips.length < 2
                ? maxRoundTrip / 2
                : (roundTrips[roundTrips.length - 1] + roundTrips[roundTrips.length - 2]) / 2;
        return String.format(
                Locale.ROOT,
                "each agent's clock offset estimated from %d round trips (NTP's way: the shortest kept) and "
                        + "the start given in its own clock; offsets up to %.3f ms, round trips up to %.3f ms: each agent starts within half its "
                        + "round trip of the agreed instant, so any two within %.3f ms of each other (the sum of their half round trips), "
                        + "plus their sleep's precision",
                CLOCK_PROBES,
                maxOffset,
                maxRoundTrip,
                apart);
    }
}
