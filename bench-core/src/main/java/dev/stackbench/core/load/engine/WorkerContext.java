package dev.stackbench.core.load.engine;

import java.util.SplittableRandom;

import io.netty.channel.EventLoop;

/**
 * What a {@link LoadDriver} works with on its worker's loop: the shared plan and control, the
 * worker's counters, recorders and random source, and how to open connections and send on them.
 *
 * @param index       this worker's number, 0 to {@code workerCount - 1}
 * @param workerCount workers of the run; requests and users are dealt round-robin by number
 */
record WorkerContext(int index, int workerCount, EventLoop loop, RunPlan plan, RunControl control, WorkerCounters counters,
                     WorkerRecorders recorders, SplittableRandom random, Sender sender) {

    /** The worker's side of sending: the driver chooses when and where, the worker what. */
    interface Sender {
        /** A new connection (not yet connected), numbered {@code slot} by the driver. */
        Connection newConnection(int slot);

        /** Sends a request of the mix on {@code connection}, its latency measured from {@code startNanos}. */
        void send(Connection connection, long startNanos, Phase phase);
    }

    /** How many of the numbers {@code index, index + workerCount, ...} lie in [{@code from}, {@code to}). */
    long ownedIn(long from, long to) {
        return Math.max(0, firstOwnedFrom(to) - firstOwnedFrom(from)) / workerCount;
    }

    /** The first number at or after {@code from} that this worker owns. */
    long firstOwnedFrom(long from) {
        long rest = Math.floorMod(index - from, (long) workerCount);
        return from + rest;
    }
}
