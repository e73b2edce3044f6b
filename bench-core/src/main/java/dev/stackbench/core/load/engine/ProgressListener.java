package dev.stackbench.core.load.engine;

import dev.stackbench.core.result.TimelineRow;

/** Hears about a run while it goes: once per interval, and at once for anything that makes it suspect. */
public interface ProgressListener {

    ProgressListener NONE = new ProgressListener() {};

    default void interval(TimelineRow row) {}

    /**
     * The same interval, for live outputs: the cumulative counters and the interval's histograms beside its row, read
     * during the call (see {@link LiveInterval}). Called on the run's clock thread right after {@link #interval}.
     */
    default void live(LiveInterval interval) {}

    default void warning(String message) {}

    /** A change of phase worth telling, e.g. why the warm-up ended. */
    default void message(String message) {}
}
