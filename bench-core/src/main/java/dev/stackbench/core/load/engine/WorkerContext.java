package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.Segment;
import io.netty.channel.EventLoop;
import java.util.SplittableRandom;

/**
 * What a {@link LoadDriver} works with on its worker's loop: the shared plan and control, the
 * worker's counters, recorders and random source, and how to open connections and send on them.
 *
 * @param index       this worker's number, 0 to {@code workerCount - 1}
 * @param workerCount workers of this generator
 * @param numbers     the request (open model) or user (closed model) numbers this worker owns: its share of the
 *                    generator's segment, dealt round-robin by number (the whole schedule's every {@code workerCount}-th
 *                    for a single generator)
 */
record WorkerContext(
        int index,
        int workerCount,
        Segment numbers,
        EventLoop loop,
        RunPlan plan,
        RunControl control,
        WorkerCounters counters,
        WorkerRecorders recorders,
        SplittableRandom random,
        Sender sender) {

    /** The worker's side of sending: the driver chooses when and where, the worker what. */
    interface Sender {
        /** A new connection (not yet connected), numbered {@code slot} by the driver. */
        Connection newConnection(int slot);

        /** Sends a request of the mix on {@code connection}, its latency measured from {@code startNanos}. */
        void send(Connection connection, long startNanos, Phase phase);
    }

    /** How many of this worker's numbers lie in [{@code from}, {@code to}). */
    long ownedIn(long from, long to) {
        return numbers.countIn(from, to);
    }

    /** The first number at or after {@code from} that this worker owns. */
    long firstOwnedFrom(long from) {
        return numbers.firstFrom(from);
    }
}
