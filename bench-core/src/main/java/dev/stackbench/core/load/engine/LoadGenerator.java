package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.vocabulary.Segment;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.List;

/**
 * Runs a {@link LoadRun}: its own Netty event loops (never the shared ones an in-process WebFlux
 * server uses), HdrHistogram recorders per loop merged once per interval. Every request scheduled in
 * the measured window gets an outcome: when the window closes, the run drains (up to the response
 * timeout) before it returns.
 *
 * <pre>{@code
 * LoadRun run = LoadRun.of(URI.create("http://127.0.0.1:8080/date"),
 *         new LoadProfile.Open(1000, Duration.ofSeconds(30)), Duration.ofSeconds(30));
 * Measurement measurement = LoadGenerator.run(run, RunResult.Target.url(run.target()), ProgressListener.NONE);
 * System.out.println(measurement.result().latencyMs().p99());
 * }</pre>
 */
public final class LoadGenerator {

    /** The name of the generator's event loops: Reactor Netty names their threads {@code stackbench-load-epoll-1}, .... */
    static final String LOOP_NAME = "stackbench-load";
    /**
     * The name prefix of every thread the generator runs on, by which a profile of the server in this JVM leaves them out
     * (JFR records threads by name and id; their ids are not known once the run is over).
     */
    public static final String THREAD_NAME_PREFIX = LOOP_NAME + "-";

    private LoadGenerator() {}

    /**
     * Refuses, before anything starts, a load this process cannot make (threads, rate, open files), and
     * returns what may still fail, in words. {@link #run} checks this too; call it first to fail before printing anything.
     *
     * @throws IllegalArgumentException naming the option and the limit
     */
    public static List<String> check(LoadRun run, RunResult.Target target) {
        return LoadLimits.check(run, target.serverInThisJvm());
    }

    /**
     * Refuses input that no generator could run (threads, rate), whatever its host's limits: a coordinator of
     * agents calls this before it waits for them; {@link #check} adds this host's limits.
     *
     * @throws IllegalArgumentException naming the option and the limit
     */
    public static void checkInput(LoadRun run) {
        LoadLimits.checkInput(run);
    }

    /**
     * Runs to the end of the profile and its drain, and returns; failures of requests are counted, not thrown.
     *
     * @param target how the target is described in the result
     * @throws UnknownHostException     if the target's host cannot be resolved
     * @throws IllegalArgumentException if this process cannot make the load (a limit named in the message)
     */
    public static Measurement run(LoadRun run, RunResult.Target target, ProgressListener listener)
            throws UnknownHostException {
        return run(run, target, listener, new StopRequest());
    }

    /**
     * The same, stoppable: when {@code stop} is requested the run closes its window at once, waits
     * {@link RunCoordinator#STOP_GRACE} at most for what is in flight, and returns what it measured,
     * marked interrupted.
     */
    public static Measurement run(LoadRun run, RunResult.Target target, ProgressListener listener, StopRequest stop)
            throws UnknownHostException {
        return new RunCoordinator(run, target, listener, stop).run();
    }

    /**
     * Runs one agent's share of a run spread over several generators: {@code segment} of the schedule, started at
     * {@code startAt} by this machine's clock, and returns what it measured, raw, for {@link #merge}.
     *
     * @throws IllegalArgumentException for a warm-up until steady, which one agent cannot decide for all
     */
    public static SegmentRun runSegment(
            LoadRun run, Segment segment, Instant startAt, ProgressListener listener, StopRequest stop)
            throws UnknownHostException {
        requireFixedWarmup(run);
        var recorder = new SegmentRecorder(segment, startAt);
        new RunCoordinator(run, RunResult.Target.url(run.target()), listener, stop, () -> {}, segment, recorder).run();
        return recorder.result();
    }

    /**
     * One result from several agents' shares of {@code run}: histograms added interval by interval, counters summed,
     * with an agents section; partial, naming them, if some were lost.
     *
     * @param start          the agreed start, by the coordinator's clock
     * @param clockAlignment how the agents' clocks were aligned, in words, for the result
     * @throws IllegalStateException if no agent sent anything
     */
    public static Measurement merge(
            LoadRun run, RunResult.Target target, Instant start, String clockAlignment, List<AgentPart> parts) {
        return merge(run, target, start, clockAlignment, parts, null);
    }

    /** As {@link #merge(LoadRun, RunResult.Target, java.time.Instant, String, java.util.List)}, of a run stopped early: marked interrupted. */
    public static Measurement merge(
            LoadRun run,
            RunResult.Target target,
            Instant start,
            String clockAlignment,
            List<AgentPart> parts,
            String stopReason) {
        return SegmentMerge.merge(run, target, start, clockAlignment, parts, stopReason);
    }

    /** Several agents agree on a window only if it is fixed: a warm-up until steady is decided by one generator's numbers. */
    public static void requireFixedWarmup(LoadRun run) {
        if (run.warmupUntilSteady()) {
            throw new IllegalArgumentException("a run over several agents needs a fixed --warmup (e.g. --warmup 5s): "
                    + "a warm-up until steady is decided on one generator's numbers");
        }
    }
}
