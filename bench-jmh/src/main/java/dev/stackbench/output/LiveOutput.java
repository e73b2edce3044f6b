package dev.stackbench.output;

import dev.stackbench.core.load.engine.LiveInterval;

/**
 * Where live numbers go, k6's {@code output.Output} in four methods: a new sink is a new class, never a branch. Each is
 * told every interval's snapshot on the run's clock thread, and must not make it wait (a network call goes to its own
 * thread); a sink that fails says so once, in one warning line, and the run goes on.
 */
interface LiveOutput extends AutoCloseable {

    /** What it is and where, for the line printed at the start: {@code prometheus: http://127.0.0.1:9464/metrics}. */
    String describe();

    /** A new interval's numbers: the engine's interval (valid during the call only) and the series it made. */
    void update(LiveInterval interval, LiveSeries.Snapshot snapshot);

    /** The last numbers are in: flush, push, or wait for a scrape, each within its bound. */
    void finish(LiveSeries.Snapshot last);

    @Override
    void close();
}
