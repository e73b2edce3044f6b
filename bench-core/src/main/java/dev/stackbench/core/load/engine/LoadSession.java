package dev.stackbench.core.load.engine;

import java.net.UnknownHostException;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.RunResult;

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

    /** What happened since the previous window. */
    public record Window(Histogram latencyNanos, long errors, double seconds) {
    }

    private final Engine engine;
    private long windowStartNanos;

    private LoadSession(Engine engine) {
        this.engine = engine;
    }

    /**
     * Starts the run's load (its profile's duration bounds it, so give it a long one) and calls
     * {@code onSuccess} on the generator's event loop for every successful response: keep it cheap
     * and never blocking.
     */
    public static LoadSession start(LoadRun run, Runnable onSuccess) throws UnknownHostException {
        var engine = new Engine(run, RunResult.Target.url(run.target()), ProgressListener.NONE);
        engine.onSuccess(onSuccess);
        var session = new LoadSession(engine);
        session.windowStartNanos = engine.start();
        return session;
    }

    /** Closes the current window and opens the next. */
    public synchronized Window window() {
        long now = System.nanoTime();
        Window window = engine.takeWindow(windowStartNanos);
        windowStartNanos = now;
        return window;
    }

    @Override
    public void close() {
        engine.stop();
    }
}
