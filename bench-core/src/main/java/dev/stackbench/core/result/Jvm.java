package dev.stackbench.core.result;

import java.util.List;

/**
 * The JVM over the measured window; the same groups as {@link JvmInterval}, deltas over the window.
 *
 * @param serverCpuMicrosPerRequest server CPU per finished request (ok or failed); null for a URL target
 * @param heapUsedMaxBytes          the largest heap use read at an interval end
 * @param pinnedMillis              total time virtual threads spent blocked while pinned
 * @param pinnedExamples            up to three distinct frames where a virtual thread blocked while pinned
 * @param notes                     what could not be measured, and why
 * @param jitCompileSeconds         JIT compilation time over the window; null where not monitored
 * @param upstreamCpuSeconds        the upstream service's threads over the window, apart from the server's; null when
 *                                  the nested calls go to the server itself, or in results written before it existed
 * @param processResidentMaxBytes   the largest resident set of the whole process read at an interval end in the window:
 *                                  with an in-process server, server, upstream and load generator together; for a URL
 *                                  target, the load generator's own; null where the OS does not say or in older results
 * @param heapPeakBytes             the heap's peak within the window: the largest interval's sum of the heap pools' peaks
 *                                  ({@link JvmInterval#heapPeakBytes}); null in results written before it existed
 * @param serverResidentMaxBytes    the largest resident set of the server's own process read at an interval end (an
 *                                  application started with --app-process); null when the server is in this JVM
 */
public record Jvm(
        Double serverCpuSeconds,
        Double serverCpuMicrosPerRequest,
        double clientCpuSeconds,
        double measurementCpuSeconds,
        Double processCpuSeconds,
        Double jvmInternalCpuSeconds,
        long heapUsedMaxBytes,
        Long allocatedBytes,
        long gcCount,
        long gcTimeMillis,
        int platformThreadsMax,
        Long virtualThreadsStarted,
        Long virtualThreadsAliveMax,
        Long pinnedCount,
        Double pinnedMillis,
        List<String> pinnedExamples,
        List<String> notes,
        Double jitCompileSeconds,
        Double upstreamCpuSeconds,
        Long processResidentMaxBytes,
        Long heapPeakBytes,
        Long serverResidentMaxBytes) {}
