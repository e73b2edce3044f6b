package dev.stackbench.core.compare.jvm;

import dev.stackbench.core.load.engine.StopRequest;

/**
 * What ends a variant JVM's runs, as its orders come: a Cancel ends the run under way and the runs of the orders received
 * before it and not yet begun (it is read by a thread of its own, so it can overtake the order it was sent after: a
 * Ctrl-C just as a minute's warm-up was ordered ended nothing, and the comparison went on for that minute); the end of
 * the coordinator's pipe ends every run from then on; an application that stops serving ends the run under way.
 *
 * <p>The orders' reader calls {@link #received}, {@link #cancel} and {@link #coordinatorGone}; the order loop calls
 * {@link #taken} for each order it takes and {@link #begin} when that order's run begins.
 */
final class RunStops {

    static final String CANCELLED = "interrupted by its coordinator";
    static final String COORDINATOR_GONE = "its coordinator is gone";

    /** Orders queued so far (a Cancel is not): the reader's alone. */
    private long received;
    /** Orders taken so far: the loop's alone. Orders are taken in the order received, so the n-th taken is the n-th received. */
    private long taken;
    /** The last order received before the last Cancel: its run and those before it are cancelled. */
    private volatile long cancelledThrough;

    private volatile boolean coordinatorGone;
    private volatile StopRequest current = new StopRequest();

    /** The reader: one more order queued. */
    void received() {
        received++;
    }

    /** The reader: a Cancel, for the run under way and the orders received before it. */
    void cancel() {
        // Written before the run under way is read, as begin() writes the run before reading this: one sees the other.
        cancelledThrough = received;
        current.request(CANCELLED);
    }

    /** The reader: the coordinator's pipe closed; every run from now on ends as it begins. */
    void coordinatorGone() {
        coordinatorGone = true;
        current.request(COORDINATOR_GONE);
    }

    /** The loop: it took the next order. */
    void taken() {
        taken++;
    }

    /** The loop: the run of the order taken last begins; its stop is requested already when a Cancel or the pipe's end came first. */
    StopRequest begin() {
        var run = new StopRequest();
        current = run;
        if (coordinatorGone) {
            run.request(COORDINATOR_GONE);
        } else if (taken <= cancelledThrough) {
            run.request(CANCELLED);
        }
        return run;
    }

    /** Ends the run under way, if one is (its application stopped serving). */
    void stopCurrent(String why) {
        current.request(why);
    }
}
