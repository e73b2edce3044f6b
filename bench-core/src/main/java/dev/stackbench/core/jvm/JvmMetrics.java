package dev.stackbench.core.jvm;

import dev.stackbench.core.result.Jvm;
import dev.stackbench.core.result.JvmInterval;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The JVM's own numbers during a run, sampled on the load generator's interval tick (its
 * coordinator thread, never an event loop), so sampling costs the hot path nothing:
 * <ul>
 *   <li>CPU time by owner (ThreadMXBean, per thread): <b>client</b> = the generator's event loops,
 *       <b>measurement</b> = the sampling thread and JFR's threads, <b>server</b> = every other live
 *       platform thread, when the server runs in this JVM (an application in a process of its own: that process's
 *       CPU, read by its pid; for a URL target it is unknown: null), except
 *       <b>upstream</b> = the threads of an upstream service in this JVM, by their name prefix.
 *       Virtual threads are counted on their carriers. <b>JVM-internal</b> = process CPU
 *       (OperatingSystemMXBean) minus all thread sums: GC and JIT threads, which ThreadMXBean does not
 *       list, and threads that ended within the interval.</li>
 *   <li>GC collections and time (sum over the GarbageCollectorMXBeans), bytes allocated, as deltas;
 *       heap used and live platform threads as read at the tick; the process's resident set at the tick and
 *       the heap's peak within the interval ({@link ProcessMemory}).</li>
 *   <li>Virtual threads started, alive and pinned, from JFR ({@link VirtualThreadEvents}).</li>
 * </ul>
 *
 * <pre>{@code
 * try (JvmMetrics jvm = JvmMetrics.start(true)) {
 *     JvmMetrics.Sample from = jvm.sample(clientThreadIds);
 *     ... // one interval of load
 *     JvmMetrics.Sample to = jvm.sample(clientThreadIds);
 *     JvmInterval interval = jvm.interval(from, to);
 * }
 * }</pre>
 */
public final class JvmMetrics implements AutoCloseable {

    private static final double NANOS_PER_SECOND = 1e9;

    /**
     * Cumulative values since {@link #start} (CPU, GC, allocation) and gauges read at {@code epochMillis}.
     * Null where this JVM cannot tell.
     */
    public record Sample(
            long epochMillis,
            long clientCpuNanos,
            long measurementCpuNanos,
            long upstreamCpuNanos,
            long otherThreadsCpuNanos,
            Long processCpuNanos,
            long gcCount,
            long gcTimeMillis,
            Long allocatedBytes,
            long heapUsedBytes,
            int platformThreads,
            Long compilationMillis,
            Long residentBytes,
            long heapPeakBytesSincePrevious,
            Long serverProcessCpuNanos,
            Long serverResidentBytes) {}

    private final boolean serverInProcess;
    /** The server's own process, when it runs in one (an application started with --app-process); null otherwise. */
    private final ProcessHandle serverProcess;

    private final boolean upstreamInProcess;
    private final ThreadCpuAccount threadCpu;
    private final VirtualThreadEvents virtualThreads;
    private final long startEpochMillis;
    private final List<String> notes = new ArrayList<>();
    private long clientCpuNanos;
    private long measurementCpuNanos;
    private long upstreamCpuNanos;
    private long otherThreadsCpuNanos;

    private JvmMetrics(
            boolean serverInProcess,
            String upstreamThreadPrefix,
            Long serverPid,
            VirtualThreadEvents.Result virtualThreads) {
        this.serverInProcess = serverInProcess;
        this.serverProcess =
                serverPid == null ? null : ProcessHandle.of(serverPid).orElse(null);
        this.upstreamInProcess = upstreamThreadPrefix != null;
        this.threadCpu = new ThreadCpuAccount(upstreamThreadPrefix);
        this.virtualThreads = virtualThreads.events().orElse(null);
        if (virtualThreads.unavailableReason() != null) {
            notes.add(virtualThreads.unavailableReason());
        }
        this.startEpochMillis = System.currentTimeMillis();
    }

    /**
     * Starts JFR streaming and takes the per-thread CPU baseline.
     *
     * @param serverInProcess whether the server's threads are in this JVM (then all threads that are
     *                        not the generator's are the server's)
     */
    public static JvmMetrics start(boolean serverInProcess) {
        return start(serverInProcess, null);
    }

    /**
     * The same, with an upstream service in this JVM whose CPU is counted apart from the server's.
     *
     * @param upstreamThreadPrefix the name prefix of every thread of the upstream service; null when there is none in this JVM
     */
    public static JvmMetrics start(boolean serverInProcess, String upstreamThreadPrefix) {
        return start(serverInProcess, upstreamThreadPrefix, null);
    }

    /**
     * The same, with the server in a process of its own on this machine, whose CPU is read by its pid (the OS's
     * accounting of the whole process, as {@link ProcessHandle.Info#totalCpuDuration()} reads it: on Linux
     * /proc/PID/stat, in clock ticks of 10 ms) and reported as the server's.
     *
     * @param serverPid the server's process; null when it is not a process of this machine's that stackbench started
     */
    public static JvmMetrics start(boolean serverInProcess, String upstreamThreadPrefix, Long serverPid) {
        var metrics = new JvmMetrics(serverInProcess, upstreamThreadPrefix, serverPid, VirtualThreadEvents.start());
        metrics.sample(Set.of());
        return metrics;
    }

    /**
     * Metrics for samples taken elsewhere (a run merged from several agents): no JFR, no server in this JVM;
     * {@code note} says why in the result's JVM notes.
     */
    public static JvmMetrics detached(String note) {
        return new JvmMetrics(false, null, null, new VirtualThreadEvents.Result(Optional.empty(), note));
    }

    /** Reads every counter; call it from one thread, at each interval boundary. */
    public Sample sample(Set<Long> clientThreadIds) {
        var split = threadCpu.next(clientThreadIds, measurementThreadId());
        clientCpuNanos += split.clientNanos();
        measurementCpuNanos += split.measurementNanos();
        upstreamCpuNanos += split.upstreamNanos();
        otherThreadsCpuNanos += split.otherNanos();
        long gcCount = 0;
        long gcTimeMillis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcCount += Math.max(0, collector.getCollectionCount()); // -1: this collector does not count
            gcTimeMillis += Math.max(0, collector.getCollectionTime());
        }
        return new Sample(
                System.currentTimeMillis(),
                clientCpuNanos,
                measurementCpuNanos,
                upstreamCpuNanos,
                otherThreadsCpuNanos,
                processCpuNanos(),
                gcCount,
                gcTimeMillis,
                allocatedBytes(),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
                ManagementFactory.getThreadMXBean().getThreadCount(),
                compilationMillis(),
                ProcessMemory.residentBytes(),
                ProcessMemory.heapPeakBytesSinceLastCall(),
                serverProcessCpuNanos(),
                serverProcess == null ? null : ProcessMemory.residentBytes(serverProcess.pid()));
    }

    /** The server process's CPU since it started; null without one, or once it has ended (then its last interval is unknown). */
    private Long serverProcessCpuNanos() {
        if (serverProcess == null) {
            return null;
        }
        return serverProcess.info().totalCpuDuration().map(Duration::toNanos).orElse(null);
    }

    /** The server's CPU between two samples: its threads in this JVM, its own process's, or unknown (null). */
    private Double serverCpuSeconds(Sample from, Sample to) {
        if (serverInProcess) {
            return seconds(to.otherThreadsCpuNanos() - from.otherThreadsCpuNanos());
        }
        if (to.serverProcessCpuNanos() != null && from.serverProcessCpuNanos() != null) {
            return seconds(to.serverProcessCpuNanos() - from.serverProcessCpuNanos());
        }
        return null;
    }

    /** The JIT compilers' accumulated time; null where the JVM does not monitor it. */
    public static Long compilationMillis() {
        var compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime()
                : null;
    }

    /** The interval between two samples, without the JFR counts (see {@link #withVirtualThreads}). */
    public JvmInterval interval(Sample from, Sample to) {
        long threadsNanos = (to.clientCpuNanos() - from.clientCpuNanos())
                + (to.measurementCpuNanos() - from.measurementCpuNanos())
                + (to.upstreamCpuNanos() - from.upstreamCpuNanos())
                + (to.otherThreadsCpuNanos() - from.otherThreadsCpuNanos());
        Long processNanos = to.processCpuNanos() == null || from.processCpuNanos() == null
                ? null
                : to.processCpuNanos() - from.processCpuNanos();
        return new JvmInterval(
                serverCpuSeconds(from, to),
                seconds(to.clientCpuNanos() - from.clientCpuNanos()),
                seconds(to.measurementCpuNanos() - from.measurementCpuNanos()),
                processNanos == null ? null : seconds(processNanos),
                processNanos == null ? null : seconds(Math.max(0, processNanos - threadsNanos)),
                to.heapUsedBytes(),
                to.allocatedBytes() == null || from.allocatedBytes() == null
                        ? null
                        : to.allocatedBytes() - from.allocatedBytes(),
                to.gcCount() - from.gcCount(),
                to.gcTimeMillis() - from.gcTimeMillis(),
                to.platformThreads(),
                null,
                null,
                null,
                to.compilationMillis() == null || from.compilationMillis() == null
                        ? null
                        : (to.compilationMillis() - from.compilationMillis()) / 1e3,
                upstreamInProcess ? seconds(to.upstreamCpuNanos() - from.upstreamCpuNanos()) : null,
                to.residentBytes(),
                to.heapPeakBytesSincePrevious(),
                to.serverResidentBytes());
    }

    /**
     * The interval with JFR's virtual-thread counts filled in; waits (bounded) for JFR to deliver the
     * events up to {@code to}. Unchanged when JFR is not available.
     */
    public JvmInterval withVirtualThreads(JvmInterval interval, Sample from, Sample to) {
        if (virtualThreads == null) {
            return interval;
        }
        awaitEvents(to.epochMillis());
        var counts = virtualThreads.count(from.epochMillis(), to.epochMillis());
        var sinceStart = virtualThreads.count(startEpochMillis, to.epochMillis());
        return interval.withVirtualThreads(
                counts.started(), sinceStart.started() - sinceStart.ended(), counts.pinned());
    }

    /**
     * The whole window from {@code from} to {@code to}: deltas of the counters, maxima of the gauges
     * over {@code intervals} (the window's intervals, with their virtual-thread counts).
     *
     * @param finishedRequests requests finished in the window (ok or failed), for CPU per request
     */
    public Jvm window(Sample from, Sample to, List<JvmInterval> intervals, long finishedRequests) {
        var total = interval(from, to);
        Long started = null;
        Long aliveMax = null;
        Long pinned = null;
        Double pinnedMillis = null;
        List<String> examples = List.of();
        if (virtualThreads != null) {
            awaitEvents(to.epochMillis());
            var counts = virtualThreads.count(from.epochMillis(), to.epochMillis());
            started = counts.started();
            pinned = counts.pinned();
            pinnedMillis = counts.pinnedNanos() / 1e6;
            examples = virtualThreads.pinnedExamples(from.epochMillis(), to.epochMillis());
            aliveMax = intervals.stream()
                    .map(JvmInterval::virtualThreadsAlive)
                    .filter(Objects::nonNull)
                    .max(Long::compare)
                    .orElse(null);
        }
        long heapMax =
                intervals.stream().mapToLong(JvmInterval::heapUsedBytes).max().orElse(to.heapUsedBytes());
        int platformMax =
                intervals.stream().mapToInt(JvmInterval::platformThreads).max().orElse(to.platformThreads());
        Long residentMax = intervals.stream()
                .map(JvmInterval::processResidentBytes)
                .filter(Objects::nonNull)
                .max(Long::compare)
                .orElse(to.residentBytes());
        Long heapPeak = intervals.stream()
                .map(JvmInterval::heapPeakBytes)
                .filter(Objects::nonNull)
                .max(Long::compare)
                .orElse(null);
        Long serverResidentMax = intervals.stream()
                .map(JvmInterval::serverResidentBytes)
                .filter(Objects::nonNull)
                .max(Long::compare)
                .orElse(to.serverResidentBytes());
        Double serverMicrosPerRequest = total.serverCpuSeconds() == null || finishedRequests == 0
                ? null
                : total.serverCpuSeconds() * 1e6 / finishedRequests;
        return new Jvm(
                total.serverCpuSeconds(),
                serverMicrosPerRequest,
                total.clientCpuSeconds(),
                total.measurementCpuSeconds(),
                total.processCpuSeconds(),
                total.jvmInternalCpuSeconds(),
                heapMax,
                total.allocatedBytes(),
                total.gcCount(),
                total.gcTimeMillis(),
                platformMax,
                started,
                aliveMax,
                pinned,
                pinnedMillis,
                examples,
                List.copyOf(notes),
                total.jitCompileSeconds(),
                total.upstreamCpuSeconds(),
                residentMax,
                heapPeak,
                serverResidentMax);
    }

    private void awaitEvents(long epochMillis) {
        if (!virtualThreads.awaitDeliveredUntil(epochMillis)
                && notes.stream().noneMatch(note -> note.startsWith("JFR"))) {
            notes.add("JFR did not deliver its events in time: virtual-thread and pinning counts may be short");
        }
    }

    private long measurementThreadId() {
        return Thread.currentThread().threadId();
    }

    private static Long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? null : nanos;
        }
        return null;
    }

    private static Long allocatedBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads) {
            long bytes = threads.getTotalThreadAllocatedBytes();
            return bytes < 0 ? null : bytes;
        }
        return null;
    }

    private static double seconds(long nanos) {
        return nanos / NANOS_PER_SECOND;
    }

    @Override
    public void close() {
        if (virtualThreads != null) {
            virtualThreads.close();
        }
    }
}
