package dev.stackbench.core.jvm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * CPU time of the process's live platform threads, split by owner, as deltas between calls of
 * {@link #next}. Virtual threads have no CPU clock of their own: their work is run, and counted, on
 * their carrier threads (the virtual-thread scheduler's ForkJoinPool workers), which count as server.
 * An upstream service in the same JVM is told apart by its threads' name prefix: every thread it
 * owns carries it ({@code RunningServer.threadNamePrefix()}).
 *
 * <p>A thread that ended since the previous call takes its last slice with it: that time is part of
 * the process's CPU but of no group, so it shows in {@link JvmMetrics}' JVM-internal remainder
 * together with GC and JIT threads, which ThreadMXBean does not list at all.
 */
final class ThreadCpuAccount {

    /** Threads that belong to the measurement itself (JFR's consumer and periodic tasks), by name. */
    private static final String JFR_THREAD_PREFIX = "JFR ";

    enum Owner {
        CLIENT,
        MEASUREMENT,
        UPSTREAM,
        OTHER
    }

    /** CPU nanoseconds per owner since the previous call. */
    record Split(long clientNanos, long measurementNanos, long upstreamNanos, long otherNanos) {
        long totalNanos() {
            return clientNanos + measurementNanos + upstreamNanos + otherNanos;
        }
    }

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private Map<Long, Long> lastCpuNanos = new HashMap<>();
    /** Owner by name (measurement, upstream or other), looked up once per thread: names are read with ThreadInfo, which allocates. */
    private final Map<Long, Owner> ownerByName = new HashMap<>();
    /** The name prefix of an upstream service's threads; null when there is none in this JVM. */
    private final String upstreamThreadPrefix;

    static boolean supported() {
        var bean = ManagementFactory.getThreadMXBean();
        return bean instanceof com.sun.management.ThreadMXBean && bean.isThreadCpuTimeSupported();
    }

    /** @param upstreamThreadPrefix the name prefix of every thread of an upstream service in this JVM; null for none */
    ThreadCpuAccount(String upstreamThreadPrefix) {
        this.upstreamThreadPrefix = upstreamThreadPrefix;
        if (threads.isThreadCpuTimeSupported() && !threads.isThreadCpuTimeEnabled()) {
            threads.setThreadCpuTimeEnabled(true);
        }
    }

    /**
     * @param clientThreadIds     the load generator's own threads
     * @param measurementThreadId the thread that samples (it belongs to the measurement, not the server)
     */
    Split next(Set<Long> clientThreadIds, long measurementThreadId) {
        long[] ids = threads.getAllThreadIds();
        long[] cpu = threads.getThreadCpuTime(ids); // one call for all threads; -1 for a thread that ended meanwhile
        var current = new HashMap<Long, Long>(ids.length * 2);
        long client = 0;
        long measurement = 0;
        long upstream = 0;
        long other = 0;
        for (int i = 0; i < ids.length; i++) {
            if (cpu[i] < 0) {
                continue;
            }
            current.put(ids[i], cpu[i]);
            long delta = cpu[i] - lastCpuNanos.getOrDefault(ids[i], 0L); // a new thread: all its CPU is new
            if (delta <= 0) {
                continue;
            }
            switch (owner(ids[i], clientThreadIds, measurementThreadId)) {
                case CLIENT -> client += delta;
                case MEASUREMENT -> measurement += delta;
                case UPSTREAM -> upstream += delta;
                case OTHER -> other += delta;
            }
        }
        lastCpuNanos = current;
        ownerByName.keySet().retainAll(current.keySet());
        return new Split(client, measurement, upstream, other);
    }

    private Owner owner(long id, Set<Long> clientThreadIds, long measurementThreadId) {
        if (clientThreadIds.contains(id)) {
            return Owner.CLIENT;
        }
        if (id == measurementThreadId) {
            return Owner.MEASUREMENT;
        }
        return ownerByName.computeIfAbsent(id, this::ownerByName);
    }

    private Owner ownerByName(long id) {
        ThreadInfo info = threads.getThreadInfo(id);
        if (info == null) {
            return Owner.OTHER;
        }
        if (info.getThreadName().startsWith(JFR_THREAD_PREFIX)) {
            return Owner.MEASUREMENT;
        }
        return upstreamThreadPrefix != null && info.getThreadName().startsWith(upstreamThreadPrefix)
                ? Owner.UPSTREAM
                : Owner.OTHER;
    }
}
