package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.RequestFailure;

/**
 * One load model on one worker's event loop: decides when each request starts and on which
 * connection. One class per model, so the hot path never asks which model it is in.
 */
sealed interface LoadDriver permits OpenArrivals, ClosedUsers {

    /** Called once, on the worker's loop, when the run starts. */
    void start();

    /** A connection's request ended (its outcome is already counted): send the next, or let it rest. */
    void freed(Connection connection, RequestFailure error);

    /**
     * The window has closed: counts as scheduled whatever came due before its end and was not looked at
     * yet (a tick may be late), so that the drain knows every request it must wait for.
     */
    default void catchUpSchedule() {}

    /**
     * At the drain's deadline: requests the driver scheduled but never sent end as unfinished timeouts.
     * Requests in flight are the worker's to abandon.
     */
    void abandonQueued();

    static LoadDriver of(WorkerContext context) {
        return context.plan().arrivals() != null ? new OpenArrivals(context) : new ClosedUsers(context);
    }
}
