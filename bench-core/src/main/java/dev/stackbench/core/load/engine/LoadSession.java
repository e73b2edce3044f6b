package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadRun;
import java.net.UnknownHostException;
import org.HdrHistogram.Histogram;

/**
 * A load that keeps running until closed, measured in windows of the caller's choosing: what a
 * JMH iteration needs (the benchmark decides when a window starts and ends, not the profile).
 *
 * <pre>{@code
 * try (LoadSession load = LoadSession.start(run, completions::release)) {
 *     load.window();                  // discard what came before
 *     ... // let it run
 *     LoadSession.Window window = load.window();
 * }
 * }</pre>
 */
public final class LoadSession implements AutoCloseable {

    /** What completed since the previous window: successes' latencies (ns), failures, and the window's length. */
    public record Window(Histogram latencyNanos, long errors, double seconds) {}

    private final Engine engine;
    private final IntervalCollector collector;
    private long windowStartNanos;
    private long errorsBefore;

    private LoadSession(Engine engine) {
        this.engine = engine;
        this.windowStartNanos = engine.start();
        this.collector = new IntervalCollector(
                engine.workers(), engine.plan.requestNames().size());
    }

    /**
     * Starts the run's load (its profile's duration bounds it, so give it a long one) and calls
     * {@code onSuccess} on the generator's event loop for every successful response: keep it cheap
     * and never blocking.
     */
    public static LoadSession start(LoadRun run, Runnable onSuccess) throws UnknownHostException {
        LoadLimits.check(run, false);
        long end = run.profile().ramp(run.warmup()).endNanos();
        return new LoadSession(
                new Engine(run, new RunControl.Window(run.warmup().toNanos(), end), ProgressListener.NONE, onSuccess));
    }

    /** Closes the current window and opens the next. */
    public synchronized Window window() {
        long now = System.nanoTime();
        var taken = collector.take();
        Histogram latency = taken.completedLatency(); // a fresh histogram of both phases
        long errors = WorkerCounters.totalErrors(taken.counters());
        var window = new Window(latency, errors - errorsBefore, (now - windowStartNanos) / 1e9);
        errorsBefore = errors;
        windowStartNanos = now;
        return window;
    }

    @Override
    public void close() {
        engine.close();
    }
}
