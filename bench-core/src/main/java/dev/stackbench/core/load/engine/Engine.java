package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.vocabulary.Segment;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.EventExecutor;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import reactor.netty.resources.LoopResources;

/**
 * The lifecycle of one run's generator: its own event loops (never the shared ones an in-process
 * WebFlux server uses), one {@link Worker} per loop, and their orderly end. Measuring is the
 * {@link RunCoordinator}'s job, the result {@link ResultAssembly}'s.
 */
final class Engine implements AutoCloseable {

    /** Closing tens of thousands of connections takes a while. */
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    final RunPlan plan;
    final RunControl control;
    final LoadLimits limits;
    final TlsFailures tlsFailures;
    private final ProgressListener listener;
    private final Runnable onSuccess;
    private final LoopResources loops;
    private final List<Worker> workers = new ArrayList<>();
    private boolean closed;

    /**
     * @param window    the measured window as known at the start (it may be decided later: {@link RunControl#UNDECIDED})
     * @param onSuccess called on a generator loop for every successful response; cheap and never blocking
     */
    Engine(LoadRun run, RunControl.Window window, ProgressListener listener, Runnable onSuccess)
            throws UnknownHostException {
        this(run, Segment.WHOLE, window, listener, onSuccess);
    }

    /** @param segment this generator's share of the run's schedule, when it is one of several ({@link Segment#WHOLE} if not) */
    Engine(LoadRun run, Segment segment, RunControl.Window window, ProgressListener listener, Runnable onSuccess)
            throws UnknownHostException {
        this.plan = new RunPlan(run, segment);
        this.control = new RunControl(window, plan.measuredRequestLimit());
        this.listener = listener;
        this.onSuccess = onSuccess;
        this.limits = new LoadLimits(listener, plan.sourceAddressCount());
        this.tlsFailures = new TlsFailures(listener, plan.remote());
        // Colocation off: each worker chooses its own loop for everything it opens.
        this.loops = LoopResources.create(LoadGenerator.LOOP_NAME, 1, run.threads(), true, false);
    }

    /** Starts one worker per loop; returns the run's start (nanoTime), the origin of every offset: now. */
    long start() {
        return start(OptionalLong.empty());
    }

    /**
     * Starts one worker per loop from {@code origin} (a nanoTime), the origin of every offset: request i's intended
     * start is origin + i/rate, so a generator that starts after an agreed instant sends what came due meanwhile late,
     * and that lateness is latency, never a shifted schedule. Empty: from now. Returns the origin.
     */
    long start(OptionalLong origin) {
        EventLoopGroup group = loops.onClient(LoopResources.hasNativeSupport());
        Class<? extends SocketChannel> channelClass = loops.onChannelClass(SocketChannel.class, group);
        List<EventLoop> eventLoops = new ArrayList<>();
        for (EventExecutor executor : group) {
            eventLoops.add((EventLoop) executor);
        }
        // Open model: a worker without a connection of its own could send nothing of its share.
        int count = Math.min(plan.run().threads(), eventLoops.size());
        if (plan.arrivals() != null) {
            count = (int) Math.min(count, plan.connections());
        }
        for (int i = 0; i < count; i++) {
            workers.add(new Worker(
                    i, count, eventLoops.get(i), plan, control, channelClass, limits, tlsFailures, onSuccess));
        }
        long startNanos = origin.orElseGet(System::nanoTime);
        control.start(startNanos);
        workers.forEach(worker -> worker.loop().execute(worker::start));
        return startNanos;
    }

    List<Worker> workers() {
        return workers;
    }

    /** The generator's own event-loop threads: its CPU, never the server's. */
    Set<Long> threadIds() {
        var ids = new HashSet<Long>();
        for (Worker worker : workers) {
            if (worker.threadId >= 0) {
                ids.add(worker.threadId);
            }
        }
        return ids;
    }

    /** The window has closed: every loop counts what came due before its end; returns when all have. */
    void catchUpSchedules() {
        onEveryLoop(Worker::catchUpSchedule);
    }

    /** Every request still queued or in flight ends as an unfinished timeout; waits until each loop has done so. */
    void abandonOutstanding() {
        onEveryLoop(Worker::abandonOutstanding);
    }

    /** Stops the load, closes connections and loops; a slow or failed shutdown is reported, never allowed to lose the measurement. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        control.stop();
        try {
            onEveryLoop(Worker::closeAll);
            loops.disposeLater(Duration.ZERO, SHUTDOWN_TIMEOUT).block(SHUTDOWN_TIMEOUT.plusSeconds(5));
            plan.release();
        } catch (RuntimeException e) {
            listener.warning("the generator's event loops did not stop within " + SHUTDOWN_TIMEOUT.toSeconds() + " s: "
                    + e.getMessage());
        }
    }

    /** Runs {@code action} on each worker's own loop and waits (bounded) for all of them. */
    private void onEveryLoop(Consumer<Worker> action) {
        var done = new CountDownLatch(workers.size());
        for (Worker worker : workers) {
            worker.loop().execute(() -> {
                try {
                    action.accept(worker);
                } finally {
                    done.countDown();
                }
            });
        }
        try {
            done.await(SHUTDOWN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
