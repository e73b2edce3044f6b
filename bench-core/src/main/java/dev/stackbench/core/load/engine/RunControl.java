package dev.stackbench.core.load.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The mutable part of a run, shared by the coordinator (the only writer of the window) and the
 * workers: when the measured window starts and ends, the budget of measured requests, the stop flag.
 * Offsets are nanoseconds after the run's start.
 */
final class RunControl {

    /** A window not decided yet: every request is warm-up, and none is refused. */
    static final long UNDECIDED = Long.MAX_VALUE;

    /**
     * Requests whose intended start (open model) or send (closed model) falls in
     * [{@code startOffsetNanos}, {@code endOffsetNanos}) are measured; earlier ones are warm-up; later
     * ones are never scheduled.
     */
    record Window(long startOffsetNanos, long endOffsetNanos) {
        Phase phaseAt(long offsetNanos) {
            return offsetNanos < startOffsetNanos ? Phase.WARMUP : Phase.MEASURED;
        }

        boolean closedAt(long offsetNanos) {
            return offsetNanos >= endOffsetNanos;
        }
    }

    private volatile long startNanos;
    private volatile Window window;
    private volatile boolean stopped;
    /** Measured requests to send at most (a request budget, as ab's -n); 0 for none. */
    private final long measuredRequestLimit;

    private final AtomicLong measuredTaken = new AtomicLong();

    RunControl(Window window, long measuredRequestLimit) {
        this.window = window;
        this.measuredRequestLimit = measuredRequestLimit;
    }

    void start(long nanos) {
        startNanos = nanos;
    }

    long startNanos() {
        return startNanos;
    }

    long offsetNow() {
        return System.nanoTime() - startNanos;
    }

    Window window() {
        return window;
    }

    /** Whether {@code nanos} (a nanoTime) lies within the measured window, as far as it is decided. */
    boolean inWindow(long nanos) {
        long offset = nanos - startNanos;
        var current = window;
        return offset >= current.startOffsetNanos() && !current.closedAt(offset);
    }

    /** Only the coordinator moves the window. */
    void window(Window newWindow) {
        window = newWindow;
    }

    /** The request budget, 0 for none. */
    long measuredRequestLimit() {
        return measuredRequestLimit;
    }

    /** Takes one measured request from the budget; always true without one. */
    boolean takeMeasured() {
        return measuredRequestLimit == 0 || measuredTaken.incrementAndGet() <= measuredRequestLimit;
    }

    boolean stopped() {
        return stopped;
    }

    void stop() {
        stopped = true;
    }
}
