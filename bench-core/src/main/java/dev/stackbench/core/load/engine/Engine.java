package dev.stackbench.core.load.engine;

import java.lang.management.ManagementFactory;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.LoadModel;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.RunResult;

import org.HdrHistogram.Histogram;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.EventExecutor;

import reactor.netty.resources.LoopResources;

/** One run's coordinator: starts the workers, closes an interval at every boundary, builds the result. */
final class Engine {

    private final LoadRun run;
    private final RunResult.Target target;
    private final ProgressListener listener;
    private final RunPlan plan;
    private final LoopResources loops;
    private final List<Worker> workers = new ArrayList<>();
    private final Map<String, String> osLimits = new ConcurrentHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private long clientCpuNanos;
    private long[] windowCounters = new long[WorkerCounters.SIZE];
    private volatile Runnable successListener;
    private long cpuAtWindowStart;

    Engine(LoadRun run, RunResult.Target target, ProgressListener listener) throws UnknownHostException {
        this.run = run;
        this.target = target;
        this.listener = listener;
        this.plan = new RunPlan(run);
        this.loops = LoopResources.create("stackbench-load", 1, run.threads(), true, false);
    }

    LoopResources loops() {
        return loops;
    }

    Measurement run() {
        // Started before the workers, so JFR's start-up cost falls outside the run.
        try (JvmMetrics jvm = JvmMetrics.start(target.approach() != null)) {
            long startEpochMillis = System.currentTimeMillis();
            JvmMetrics.Sample first = jvm.sample(Set.of());
            return measure(startEpochMillis, start(), jvm, first);
        } finally {
            stop();
        }
    }

    /** Starts the workers on their loops; returns the run's start in nanoTime. */
    long start() {
        warnIfFileLimitTooLow();
        EventLoopGroup group = loops.onClient(LoopResources.hasNativeSupport());
        Class<? extends SocketChannel> channelClass = loops.onChannelClass(SocketChannel.class, group);
        List<EventLoop> eventLoops = new ArrayList<>();
        for (EventExecutor executor : group) {
            eventLoops.add((EventLoop) executor);
        }
        int count = Math.min(run.threads(), eventLoops.size());
        for (int i = 0; i < count; i++) {
            workers.add(new Worker(i, count, eventLoops.get(i), plan, channelClass, this));
        }
        long startNanos = System.nanoTime();
        plan.start(startNanos);
        workers.forEach(worker -> worker.loop().execute(worker::start));
        return startNanos;
    }

    void stop() {
        plan.stop();
        shutDown();
    }

    /** The latency histogram (ns, successful requests) and failed-request count since the previous call. */
    LoadSession.Window takeWindow(long fromNanos) {
        long[] now = snapshot();
        var latency = intervalOf(workers.stream().map(w -> w.latency.getIntervalHistogram()).toList());
        // service and wait recorders are drained too, so that a later measure() would not see stale values
        workers.forEach(w -> {
            w.serviceTime.getIntervalHistogram();
            w.waitTime.getIntervalHistogram();
        });
        long errors = WorkerCounters.totalErrors(now) - WorkerCounters.totalErrors(windowCounters);
        windowCounters = now;
        return new LoadSession.Window(latency, errors, (System.nanoTime() - fromNanos) / 1e9);
    }

    void onSuccess(Runnable listener) {
        this.successListener = listener;
    }

    Runnable successListener() {
        return successListener;
    }

    /** Closes connections and event loops; a slow or failed shutdown is reported, never allowed to lose the measurement. */
    private void shutDown() {
        try {
            closeWorkers();
            loops.disposeLater(Duration.ZERO, SHUTDOWN_TIMEOUT).block(SHUTDOWN_TIMEOUT.plusSeconds(5));
            plan.release();
        } catch (RuntimeException e) {
            listener.warning("the generator's event loops did not stop within " + SHUTDOWN_TIMEOUT.toSeconds() + " s: " + e.getMessage());
        }
    }

    /** Closing tens of thousands of connections takes a while. */
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    private Measurement measure(long startEpochMillis, long startNanos, JvmMetrics jvm, JvmMetrics.Sample firstSample) {
        long warmupNanos = run.warmup().toNanos();
        long endNanos = plan.endOffsetNanos();
        var boundaries = new TreeSet<Long>();
        for (long b = LoadDefaults.REPORT_INTERVAL.toNanos(); b < endNanos; b += LoadDefaults.REPORT_INTERVAL.toNanos()) {
            boundaries.add(b);
        }
        if (warmupNanos > 0) {
            boundaries.add(warmupNanos);
        }
        boundaries.add(endNanos);

        var totalLatency = new Histogram(3);
        var totalService = new Histogram(3);
        var totalWait = new Histogram(3);
        var intervals = new ArrayList<Measurement.Interval>();
        var timeline = new ArrayList<RunResult.TimelineRow>();
        long[] previous = new long[WorkerCounters.SIZE];
        long[] measuredStart = null;
        long[] current = previous;
        var samples = new ArrayList<JvmMetrics.Sample>(List.of(firstSample));
        int measuredFromSample = 0;
        long from = 0;
        long measuredFrom = Math.min(warmupNanos, endNanos);
        for (long boundary : boundaries) {
            boolean finishedEarly = waitUntil(startNanos + boundary);
            if (boundary == endNanos && plan.openModel()) {
                onEveryLoop(Worker::dispatchDue);
            }
            long to = finishedEarly ? System.nanoTime() - startNanos : boundary;
            boolean measured = to > warmupNanos;
            if (measured && measuredStart == null) {
                measuredStart = previous;
                measuredFrom = from;
                cpuAtWindowStart = clientCpuNanos;
                measuredFromSample = samples.size() - 1;
            }
            current = snapshot();
            samples.add(jvm.sample(clientThreadIds()));
            clientCpuNanos = samples.getLast().clientCpuNanos(); // one read of every thread's CPU serves both accounts
            var latency = intervalOf(workers.stream().map(w -> w.latency.getIntervalHistogram()).toList());
            var service = intervalOf(workers.stream().map(w -> w.serviceTime.getIntervalHistogram()).toList());
            var wait = intervalOf(workers.stream().map(w -> w.waitTime.getIntervalHistogram()).toList());
            if (measured) {
                totalLatency.add(latency);
                totalService.add(service);
                totalWait.add(wait);
            }
            intervals.add(new Measurement.Interval(startEpochMillis + from / 1_000_000, startEpochMillis + to / 1_000_000,
                    measured, latency, service, wait));
            double seconds = Math.max(1e-9, (to - from) / 1e9);
            // Successes are counted by the latency histogram itself, so counts and percentiles never disagree.
            long ok = latency.getTotalCount();
            var percentiles = Percentiles.ofNanos(latency);
            var row = new RunResult.TimelineRow(round(to / 1e9, 3), measured ? "measured" : "warmup", ok / seconds, ok,
                    WorkerCounters.totalErrors(current) - WorkerCounters.totalErrors(previous),
                    percentiles.p50(), percentiles.p90(), percentiles.p99(),
                    current[WorkerCounters.SENT] - current[WorkerCounters.FINISHED],
                    current[WorkerCounters.LATE] - previous[WorkerCounters.LATE], current[WorkerCounters.CONNECTIONS],
                    jvm.interval(samples.get(samples.size() - 2), samples.getLast()));
            timeline.add(row);
            listener.interval(row);
            previous = current;
            from = to;
            if (finishedEarly) {
                break;
            }
        }
        plan.stop();
        if (measuredStart == null) {
            measuredStart = current;
            measuredFromSample = samples.size() - 1;
        }
        // JFR's counts arrive about a second late: filled in once the run is over, by the time each event happened.
        for (int i = 0; i < timeline.size(); i++) {
            var row = timeline.get(i);
            timeline.set(i, row.withJvm(jvm.withVirtualThreads(row.jvm(), samples.get(i), samples.get(i + 1))));
        }
        var measuredJvm = timeline.subList(measuredFromSample, timeline.size()).stream().map(RunResult.TimelineRow::jvm).toList();
        var jvmWindow = jvm.window(samples.get(measuredFromSample), samples.getLast(), measuredJvm,
                current[WorkerCounters.FINISHED] - measuredStart[WorkerCounters.FINISHED]);
        return new Measurement(result(startEpochMillis, measuredFrom, from, measuredStart, current, totalLatency, totalService, totalWait,
                timeline, jvmWindow), totalLatency, totalService, totalWait, List.copyOf(intervals));
    }

    /** The generator's own event-loop threads: its CPU, never the server's. */
    private Set<Long> clientThreadIds() {
        var ids = new java.util.HashSet<Long>();
        for (Worker worker : workers) {
            if (worker.threadId >= 0) {
                ids.add(worker.threadId);
            }
        }
        return ids;
    }

    /** Parks until {@code deadlineNanos}; true if a --requests budget is used up and answered before then. */
    private boolean waitUntil(long deadlineNanos) {
        long limit = plan.requestLimit();
        while (true) {
            long remaining = deadlineNanos - System.nanoTime();
            if (limit > 0 && finished() >= limit) {
                return true;
            }
            if (remaining <= 0) {
                return false;
            }
            LockSupport.parkNanos(limit > 0 ? Math.min(remaining, TimeUnit.MILLISECONDS.toNanos(5)) : remaining);
        }
    }

    private long finished() {
        long sum = 0;
        for (Worker worker : workers) {
            sum += worker.counters.get(WorkerCounters.FINISHED);
        }
        return sum;
    }

    private long[] snapshot() {
        long[] values = new long[WorkerCounters.SIZE];
        workers.forEach(worker -> worker.counters.addTo(values));
        return values;
    }

    private static Histogram intervalOf(List<Histogram> perWorker) {
        var merged = new Histogram(3);
        perWorker.forEach(merged::add);
        return merged;
    }

    private RunResult result(long startEpochMillis, long measuredFromNanos, long measuredToNanos, long[] start, long[] end,
                             Histogram latency, Histogram service, Histogram wait, List<RunResult.TimelineRow> timeline,
                             RunResult.Jvm jvm) {
        double measuredSeconds = (measuredToNanos - measuredFromNanos) / 1e9;
        var errorsByClass = new LinkedHashMap<String, Long>();
        for (ErrorClass errorClass : ErrorClass.values()) {
            long count = WorkerCounters.errorCount(end, errorClass) - WorkerCounters.errorCount(start, errorClass);
            if (count > 0) {
                errorsByClass.put(errorClass.key(), count);
            }
        }
        for (int status = 0; status <= WorkerCounters.MAX_STATUS; status++) {
            long count = WorkerCounters.httpErrorCount(end, status) - WorkerCounters.httpErrorCount(start, status);
            if (count > 0) {
                errorsByClass.put(ErrorClass.httpStatusKey(status), count);
            }
        }
        long ok = latency.getTotalCount();
        long errors = errorsByClass.values().stream().mapToLong(Long::longValue).sum();
        long late = end[WorkerCounters.LATE] - start[WorkerCounters.LATE];
        long sent = end[WorkerCounters.SENT] - start[WorkerCounters.SENT];
        if (errors > 0) {
            warnings.add(errors + " of " + (ok + errors) + " requests failed " + errorsByClass);
        }
        if (late > 0) {
            warnings.add(late + " requests found no free connection at their intended start (of " + run.connections()
                    + "); their latency includes the wait");
        }
        osLimits.values().forEach(warnings::add);
        var requests = new RunResult.Requests(sent, ok, errors, errorsByClass, late,
                end[WorkerCounters.SENT] - end[WorkerCounters.FINISHED]);
        boolean open = run.isOpenModel();
        return new RunResult(RunResult.SCHEMA, target, profileOf(run), environment(), 
                new RunResult.Window(Instant.ofEpochMilli(startEpochMillis).toString(), measuredFromNanos / 1e9, measuredSeconds, null),
                requests, measuredSeconds > 0 ? ok / measuredSeconds : Double.NaN, Percentiles.ofNanos(latency),
                open ? Percentiles.ofNanos(service) : null, open ? Percentiles.ofNanos(wait) : null,
                new RunResult.Bytes(end[WorkerCounters.BYTES_IN] - start[WorkerCounters.BYTES_IN],
                        end[WorkerCounters.BYTES_OUT] - start[WorkerCounters.BYTES_OUT]),
                clientCpu(end[WorkerCounters.FINISHED] - start[WorkerCounters.FINISHED]),
                List.copyOf(timeline), List.copyOf(warnings), jvm);
    }

    private RunResult.ClientCpu clientCpu(long finished) {
        long nanos = clientCpuNanos - cpuAtWindowStart;
        return new RunResult.ClientCpu(nanos / 1e9, finished > 0 ? nanos / 1e3 / finished : null);
    }

    static RunResult.Profile profileOf(LoadRun run) {
        var profile = run.profile();
        Integer concurrency = profile instanceof LoadProfile.Closed closed ? closed.users() : null;
        Double rate = profile instanceof LoadProfile.Open open ? open.ratePerSecond() : null;
        String stages = switch (profile) {
            case LoadProfile.RampingUsers ramping -> ramping.stages().stream().map(Object::toString).reduce((a, b) -> a + "," + b).orElse("");
            case LoadProfile.RampingRate ramping -> ramping.stages().stream().map(s -> s + "/s").reduce((a, b) -> a + "," + b).orElse("");
            default -> null;
        };
        String think = profile.model() == LoadModel.CLOSED ? profile.thinkTime().toString() : null;
        double rampSeconds = profile.ramp(run.warmup()).endNanos() / 1e9;
        Long limit = profile instanceof LoadProfile.Closed closed && closed.requestLimit().isPresent() ? closed.requestLimit().getAsLong() : null;
        var mix = run.mix().entries().stream()
                .map(entry -> new RunResult.MixEntry(entry.template().name(), entry.template().method(), entry.template().pathAndQuery(), entry.weight()))
                .toList();
        return new RunResult.Profile(profile.model().id(), profile.describe(), concurrency, rate, stages, think, run.connections(),
                run.threads(), run.warmup().toNanos() / 1e9, rampSeconds - run.warmup().toNanos() / 1e9, limit,
                run.connectTimeout().toNanos() / 1e9, run.responseTimeout().toNanos() / 1e9, run.keepAlive(), run.http2(), mix);
    }

    private RunResult.Environment environment() {
        var runtime = ManagementFactory.getRuntimeMXBean();
        var os = ManagementFactory.getOperatingSystemMXBean();
        return new RunResult.Environment(Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
                runtime.getVmName() + " " + runtime.getVmVersion(), Runtime.getRuntime().availableProcessors(),
                os.getName() + " " + os.getVersion() + " " + os.getArch(), Runtime.getRuntime().maxMemory(),
                target.approach() != null, ForkJoinPool.getCommonPoolParallelism());
    }

    /** Says before the run when the open-files limit cannot hold the connections asked for. */
    private void warnIfFileLimitTooLow() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            long needed = (long) run.connections() * (target.approach() != null ? 2 : 1);
            long free = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount();
            if (needed > free) {
                warn("this process may open " + unix.getMaxFileDescriptorCount() + " files (ulimit -n) and has "
                        + free + " left, but " + run.connections() + " connections need about " + needed
                        + (target.approach() != null ? " (client and in-process server side)" : "")
                        + ": raise the limit, e.g. ulimit -n 65536");
            }
        }
    }

    /** Called on worker threads: records an OS limit once, in words, with what to do about it. */
    void noteConnectFailure(Throwable cause) {
        String message = String.valueOf(cause.getMessage());
        for (Throwable c = cause; c != null; c = c.getCause()) {
            message = message + " " + c.getMessage();
        }
        if (message.contains("Too many open files")) {
            long limit = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix
                    ? unix.getMaxFileDescriptorCount() : -1;
            osLimit("open-files", "the OS limit on open files (ulimit -n " + limit + ") stopped new connections: raise it, e.g. ulimit -n 65536");
        } else if (message.contains("Cannot assign requested address")) {
            osLimit("ports", "no free local port for new connections (ephemeral range exhausted): widen net.ipv4.ip_local_port_range"
                    + " or lower the connection count; loopback targets spread over " + plan.sourceAddressCount() + " source address(es)");
        }
    }

    private void osLimit(String key, String message) {
        if (osLimits.putIfAbsent(key, message) == null) {
            listener.warning(message);
        }
    }

    private void warn(String message) {
        warnings.add(message);
        listener.warning(message);
    }

    private void closeWorkers() {
        onEveryLoop(Worker::closeAll);
    }

    /** Runs {@code action} on each worker's own loop and waits (bounded) for all of them. */
    private void onEveryLoop(java.util.function.Consumer<Worker> action) {
        var done = new CountDownLatch(workers.size());
        for (Worker worker : workers) {
            worker.loop().execute(() -> {
                try {
                    action.accept(worker);
                } finally {
                    done.countDown();
                }
            });
        }
        try {
            done.await(SHUTDOWN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static double round(double value, int digits) {
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }
}
