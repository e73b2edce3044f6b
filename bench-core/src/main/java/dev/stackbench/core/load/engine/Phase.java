package dev.stackbench.core.load.engine;

/**
 * Which part of the run a request belongs to, decided once, by its intended start (open model) or
 * its send (closed model): its outcome counts there, whenever it completes.
 */
enum Phase {
    /** Run and discarded. */
    WARMUP,
    /** Counted: every request of this phase gets an outcome, even if it completes after the window closes. */
    MEASURED
}
