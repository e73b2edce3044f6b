package dev.stackbench.core.load.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * A way to end a run early from another thread (a Ctrl-C handler, a test): the run closes its window
 * at once, gives what is in flight a short grace to finish, ends the rest as unfinished, and returns
 * its result marked {@code interrupted}, so nothing measured so far is lost.
 *
 * <pre>{@code
 * var stop = new StopRequest();
 * Signal.handle(new Signal("INT"), signal -> stop.request("interrupted (SIGINT)"));
 * Measurement measurement = LoadGenerator.run(run, target, listener, stop);   // returns soon after the signal
 * }</pre>
 */
public final class StopRequest {

    private volatile String reason;
    private volatile Thread waiter;
    private final List<Runnable> onRequest = new CopyOnWriteArrayList<>();

    /** Asks the run to stop; the first reason given is kept. Safe from any thread, any number of times. */
    public void request(String why) {
        boolean first;
        synchronized (this) {
            first = reason == null;
            if (first) {
                reason = why;
            }
        }
        Thread thread = waiter;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
        if (first) {
            onRequest.forEach(Runnable::run);
        }
    }

    /**
     * Runs {@code action} on the requesting thread when a stop is first requested, or at once if it was already: for
     * what a flag read between steps would reach too late (a comparison's variant JVMs, each in the middle of a run).
     */
    public void whenRequested(Runnable action) {
        onRequest.add(action);
        if (requested()) {
            action.run(); // requested before it was added: may run twice if both raced, which cancelling tolerates
        }
    }

    public boolean requested() {
        return reason != null;
    }

    /** Why the run was asked to stop; null if it was not. */
    public String reason() {
        return reason;
    }

    /** The coordinator's side: parks up to {@code nanos}, waking at once if a stop is requested. */
    void park(long nanos) {
        waiter = Thread.currentThread();
        if (!requested()) {
            LockSupport.parkNanos(this, nanos);
        }
    }
}
