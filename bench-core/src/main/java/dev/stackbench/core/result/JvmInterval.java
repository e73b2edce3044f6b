package dev.stackbench.core.result;

/**
 * The JVM over one interval: CPU, allocation and GC are deltas over the interval (never cumulative
 * counters), heap and threads are read at its end. Null where it cannot be measured, never 0.
 *
 * @param serverCpuSeconds      the in-process server's threads (every live platform thread that is neither
 *                              the generator's nor the measurement's; virtual threads count on their
 *                              carriers); an application in a process of its own: that process's CPU, read by its
 *                              pid; null for a URL target, whose server runs elsewhere
 * @param clientCpuSeconds      the generator's event-loop threads
 * @param measurementCpuSeconds the sampling thread and JFR's threads
 * @param processCpuSeconds     the whole process (OperatingSystemMXBean)
 * @param jvmInternalCpuSeconds process minus all live threads: GC and JIT threads (which ThreadMXBean does
 *                              not see) and threads that ended within the interval
 * @param virtualThreadsStarted from JFR (jdk.VirtualThreadStart); null when JFR is not available
 * @param virtualThreadsAlive   started minus ended since the measurement began (JFR)
 * @param pinnedCount           jdk.VirtualThreadPinned events: a virtual thread blocked while pinned to its carrier
 * @param jitCompileSeconds     time the JIT compilers spent in this JVM (CompilationMXBean, across its compiler
 *                              threads): what warm-up waits to see quiet; null where not monitored
 * @param upstreamCpuSeconds    the threads of an upstream service in this JVM ({@link RunResult.Upstream}), not counted in
 *                              {@code serverCpuSeconds}; null when there is none
 * @param processResidentBytes  the whole process's resident set (Linux VmRSS) at the interval's end: with an in-process
 *                              server, server and load generator together; null where the OS does not say
 * @param heapPeakBytes         the sum of the heap pools' peak use within the interval (the eden full before a
 *                              collection included; may exceed the heap's true peak, never fall short of it); null in
 *                              results written before it existed
 * @param serverResidentBytes   the resident set of the server's own process (an application started with --app-process,
 *                              Linux VmRSS) at the interval's end; null when the server is in this JVM or not started here
 */
public record JvmInterval(
        Double serverCpuSeconds,
        double clientCpuSeconds,
        double measurementCpuSeconds,
        Double processCpuSeconds,
        Double jvmInternalCpuSeconds,
        long heapUsedBytes,
        Long allocatedBytes,
        long gcCount,
        long gcTimeMillis,
        int platformThreads,
        Long virtualThreadsStarted,
        Long virtualThreadsAlive,
        Long pinnedCount,
        Double jitCompileSeconds,
        Double upstreamCpuSeconds,
        Long processResidentBytes,
        Long heapPeakBytes,
        Long serverResidentBytes) {

    public JvmInterval withVirtualThreads(long started, long alive, long pinned) {
        return new JvmInterval(
                serverCpuSeconds,
                clientCpuSeconds,
                measurementCpuSeconds,
                processCpuSeconds,
                jvmInternalCpuSeconds,
                heapUsedBytes,
                allocatedBytes,
                gcCount,
                gcTimeMillis,
                platformThreads,
                started,
                alive,
                pinned,
                jitCompileSeconds,
                upstreamCpuSeconds,
                processResidentBytes,
                heapPeakBytes,
                serverResidentBytes);
    }
}
