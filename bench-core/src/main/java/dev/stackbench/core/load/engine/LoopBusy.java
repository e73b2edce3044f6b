package dev.stackbench.core.load.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * How busy the generator's loops are: each loop thread's CPU time over an interval, of which the busiest
 * loop's share is reported (one saturated loop holds back its share of the load, whatever the others do).
 * Read by the coordinator at each interval's end, never on a loop.
 *
 * <p>Why thread CPU time: Netty 4.2 keeps a loop's active time too, but only for its auto-scaling chooser
 * (protected, reset by whoever reads it); ThreadMXBean's CPU time is public, per thread, and what the
 * client CPU is already measured with. An idle loop sleeps in epoll and costs no CPU, so CPU time is its
 * busy time, except the time it waits for a core it does not get: the open model's lag shows that.
 */
final class LoopBusy {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final List<Worker> workers;
    private final long[] lastCpuNanos;
    private long lastNanos = System.nanoTime();

    LoopBusy(List<Worker> workers) {
        this.workers = List.copyOf(workers);
        this.lastCpuNanos = new long[workers.size()];
    }

    /** The busiest loop's share of the time since the last call, 0 to 1; null where thread CPU time is not measured. */
    Double next() {
        long now = System.nanoTime();
        long elapsed = now - lastNanos;
        lastNanos = now;
        if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) {
            return null;
        }
        long busiest = 0;
        for (int i = 0; i < workers.size(); i++) {
            long id = workers.get(i).threadId;
            long cpu = id < 0 ? -1 : threads.getThreadCpuTime(id); // -1: not started yet, or ended
            if (cpu < 0) {
                continue;
            }
            busiest = Math.max(busiest, cpu - lastCpuNanos[i]); // a loop not seen before: all its CPU is new
            lastCpuNanos[i] = cpu;
        }
        // At most 1: the CPU clock and nanoTime tick apart, so a loop on CPU throughout may read a hair above.
        return elapsed <= 0 ? null : Math.min(1.0, (double) busiest / elapsed);
    }
}
