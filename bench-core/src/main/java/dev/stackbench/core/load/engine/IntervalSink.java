package dev.stackbench.core.load.engine;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.vocabulary.ErrorClass;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Where an agent's {@link RunCoordinator} hands each closed interval, raw (histograms, cumulative counters, its
 * client CPU), so that a coordinator elsewhere can merge several agents' runs through the same {@link Timeline}
 * and {@link ResultAssembly} a single generator uses. A single generator's run has {@link #NONE}.
 */
interface IntervalSink {

    IntervalSink NONE = new IntervalSink() {
        @Override
        public void interval(
                Timeline.Period period,
                long toNanos,
                IntervalCollector.Taken taken,
                JvmMetrics.Sample sample,
                Double loopBusy) {}

        @Override
        public void end(
                long[] counters,
                Map<ErrorClass, List<String>> errorMessages,
                RunControl.Window window,
                List<String> warnings,
                long clientCpuNanosInWindow) {}
    };

    /**
     * Blocks until the run may start: called once, just before the workers start. Returns the run's origin, a nanoTime:
     * the agreed start instant, in the past already if this generator is late; empty to start from now (a single generator).
     */
    default OptionalLong awaitStart() {
        return OptionalLong.empty();
    }

    /** The workers started {@code lateNanos} after the origin {@link #awaitStart} returned. */
    default void started(long lateNanos) {}

    void interval(
            Timeline.Period period,
            long toNanos,
            IntervalCollector.Taken taken,
            JvmMetrics.Sample sample,
            Double loopBusy);

    /** The run is over: its final counters, what its errors said, its window, its warnings so far. */
    void end(
            long[] counters,
            Map<ErrorClass, List<String>> errorMessages,
            RunControl.Window window,
            List<String> warnings,
            long clientCpuNanosInWindow);
}
