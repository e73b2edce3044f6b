package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.machine.MachineStore;
import dev.stackbench.core.result.GeneratorWatch;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.steady.WindowVerdict;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.Numbers;
import dev.stackbench.core.vocabulary.RequestFailure;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntToLongFunction;
import java.util.function.ToLongFunction;

/**
 * Builds a run's {@link RunResult} from what the coordinator collected: the measured requests'
 * counters (each with an outcome), their histograms, the timeline, and warnings in words.
 */
final class ResultAssembly {

    private final LoadRun run;
    private final RunResult.Target target;

    ResultAssembly(LoadRun run, RunResult.Target target) {
        this.run = run;
        this.target = target;
    }

    /**
     * @param warmupVerdict why the warm-up ended, when it lasted until steady; null for a fixed warm-up
     * @param stopReason    why the run was stopped early; null if it ran to its end
     */
    Measurement assemble(
            Timeline timeline,
            long[] counters,
            Map<ErrorClass, List<String>> errorMessages,
            RunControl.Window window,
            String warmupVerdict,
            String stopReason,
            List<String> runWarnings) {
        var rows = timeline.rows();
        var windowRows = timeline.windowRows(rows);
        double measuredSeconds = windowRows.isEmpty() ? 0 : (window.endOffsetNanos() - window.startOffsetNanos()) / 1e9;
        long okInWindow = counters[WorkerCounters.OK_IN_WINDOW];
        long finishedInWindow = counters[WorkerCounters.FINISHED_IN_WINDOW];

        var requests = requests(counters, errorMessages);
        var steadiness = windowRows.isEmpty()
                ? new RunResult.Steadiness(false, "not tested: no measured window", null, null)
                : stopReason != null
                        ? new RunResult.Steadiness(false, "not tested: the run was stopped early", null, null)
                        // Stages move the offered load on purpose: a trend there is the plan, not a server still
                        // settling.
                        : !RunPlan.ramp(run).constantBetween(window.startOffsetNanos(), window.endOffsetNanos())
                                ? new RunResult.Steadiness(
                                        false,
                                        "not tested: the offered load itself changes in the window (stages)",
                                        null,
                                        null)
                                : WindowVerdict.ofRows(windowRows);
        var warnings = new ArrayList<String>();
        if (requests.errors() > 0) {
            warnings.add(
                    requests.errors() + " of " + requests.scheduled() + " requests failed " + requests.errorsByClass());
        }
        if (requests.unfinished() > 0) {
            warnings.add(requests.unfinished() + " requests were still unfinished "
                    + Numbers.oneDecimal(run.responseTimeout().toNanos() / 1e9)
                    + " s (the response timeout) after the window closed; they count as timeouts");
        }
        if (requests.late() > 0) {
            warnings.add(requests.late() + " requests found no free connection at their intended start (of "
                    + run.connections() + "); their latency includes the wait");
        }
        if (!steadiness.steady()) {
            warnings.add("window " + steadiness.reason());
        }
        boolean open = run.isOpenModel();
        var generator = GeneratorWatch.judge(
                open ? timeline.lag() : null,
                windowRows.stream().map(TimelineRow::loopBusy).toList(),
                open ? requests.scheduled() : null,
                counters[WorkerCounters.SENT_IN_WINDOW],
                measuredSeconds);
        warnings.addAll(GeneratorWatch.warnings(generator, requests.late()));
        warnings.addAll(runWarnings);

        long clientCpuNanos = timeline.clientCpuNanosInWindow();
        var clientCpu = new RunResult.ClientCpu(
                clientCpuNanos / 1e9, finishedInWindow > 0 ? clientCpuNanos / 1e3 / finishedInWindow : null);
        var result = new RunResult(
                RunResult.SCHEMA,
                target,
                profileOf(run),
                environment(),
                new RunResult.Window(
                        Instant.ofEpochMilli(timeline.startEpochMillis()).toString(),
                        windowRows.isEmpty()
                                ? rows.stream()
                                        .mapToDouble(TimelineRow::endSecond)
                                        .max()
                                        .orElse(0)
                                : window.startOffsetNanos() / 1e9,
                        measuredSeconds,
                        steadiness,
                        warmupVerdict,
                        stopReason != null),
                requests,
                measuredSeconds > 0 ? okInWindow / measuredSeconds : Double.NaN,
                Percentiles.ofNanos(timeline.latency()),
                open ? Percentiles.ofNanos(timeline.serviceTime()) : null,
                open ? Percentiles.ofNanos(timeline.waitTime()) : null,
                new RunResult.Bytes(timeline.windowBytes()[0], timeline.windowBytes()[1]),
                clientCpu,
                List.copyOf(rows),
                List.copyOf(warnings),
                timeline.jvmWindow(rows, finishedInWindow),
                generator,
                byRequest(timeline, counters, measuredSeconds),
                null,
                null,
                null);
        return new Measurement(
                result, timeline.latency(), timeline.serviceTime(), timeline.waitTime(), timeline.intervals());
    }

    /** The measured requests' outcomes: the measured bank of the counters, whenever each request finished. */
    private static RunResult.Requests requests(long[] counters, Map<ErrorClass, List<String>> errorMessages) {
        var errorsByClass = errorsByClass(
                errorClass -> WorkerCounters.errorCount(counters, Phase.MEASURED, errorClass),
                status -> WorkerCounters.httpErrorCount(counters, Phase.MEASURED, status));
        long errors = WorkerCounters.errors(counters, Phase.MEASURED);
        long finished = WorkerCounters.get(counters, Phase.MEASURED, WorkerCounters.FINISHED);
        return new RunResult.Requests(
                WorkerCounters.get(counters, Phase.MEASURED, WorkerCounters.SCHEDULED),
                WorkerCounters.get(counters, Phase.MEASURED, WorkerCounters.SENT),
                finished - errors,
                errors,
                errorsByClass,
                WorkerCounters.get(counters, Phase.MEASURED, WorkerCounters.LATE),
                WorkerCounters.get(counters, Phase.MEASURED, WorkerCounters.UNFINISHED),
                ErrorMessages.forResult(errorMessages, errorsByClass));
    }

    /** The measured requests by request name: each name's bank of the counters and its histogram. */
    private static List<RunResult.RequestStats> byRequest(Timeline timeline, long[] counters, double measuredSeconds) {
        var stats = new ArrayList<RunResult.RequestStats>();
        for (int name = 0; name < timeline.requestNames().size(); name++) {
            int index = name;
            long errors = WorkerCounters.namedErrors(counters, index);
            long finished = WorkerCounters.named(counters, index, WorkerCounters.FINISHED);
            long okInWindow = WorkerCounters.named(counters, index, WorkerCounters.OK_IN_WINDOW_OF_NAME);
            stats.add(new RunResult.RequestStats(
                    timeline.requestNames().get(index),
                    finished - errors,
                    errors,
                    errorsByClass(
                            errorClass -> WorkerCounters.namedErrorCount(counters, index, errorClass),
                            status -> WorkerCounters.namedHttpErrorCount(counters, index, status)),
                    measuredSeconds > 0 ? okInWindow / measuredSeconds : Double.NaN,
                    Percentiles.ofNanos(timeline.latencyOfName(index))));
        }
        return List.copyOf(stats);
    }

    /** Error counts by class, then by HTTP status, leaving out those that did not occur. */
    static Map<ErrorClass, Long> errorsByClass(ToLongFunction<RequestFailure> ofClass, IntToLongFunction ofStatus) {
        var errorsByClass = new LinkedHashMap<ErrorClass, Long>();
        for (RequestFailure errorClass : RequestFailure.values()) {
            long count = ofClass.applyAsLong(errorClass);
            if (count > 0) {
                errorsByClass.put(errorClass, count);
            }
        }
        for (int status = WorkerCounters.MIN_STATUS; status <= WorkerCounters.MAX_STATUS; status++) {
            long count = ofStatus.applyAsLong(status);
            if (count > 0) {
                errorsByClass.put(new ErrorClass.HttpStatus(status), count);
            }
        }
        return errorsByClass;
    }

    static RunResult.Profile profileOf(LoadRun run) {
        var profile = run.profile();
        Integer concurrency = profile instanceof LoadProfile.Closed closed ? closed.users() : null;
        Double rate = profile instanceof LoadProfile.Open open ? open.ratePerSecond() : null;
        Stages stages = switch (profile) {
            case LoadProfile.RampingUsers ramping -> Stages.users(ramping.stages());
            case LoadProfile.RampingRate ramping -> Stages.rate(ramping.stages());
            default -> null;
        };
        ThinkTime think = run.isOpenModel() ? null : profile.thinkTime();
        double rampSeconds = profile.ramp(run.warmup()).endNanos() / 1e9;
        Long limit = profile instanceof LoadProfile.Closed closed
                        && closed.requestLimit().isPresent()
                ? closed.requestLimit().getAsLong()
                : null;
        var mix = run.mix().entries().stream()
                .map(entry -> new RunResult.MixEntry(
                        entry.template().name(),
                        entry.template().method(),
                        entry.template().pathAndQuery(),
                        entry.weight()))
                .toList();
        return new RunResult.Profile(
                profile.model(),
                profile.describe(),
                concurrency,
                rate,
                stages,
                think,
                run.connections(),
                run.threads(),
                run.warmup().toNanos() / 1e9,
                rampSeconds - run.warmup().toNanos() / 1e9,
                limit,
                run.connectTimeout().toNanos() / 1e9,
                run.responseTimeout().toNanos() / 1e9,
                run.keepAlive(),
                run.http2(),
                mix);
    }

    /** A JVM option that may carry a secret ({@code -Dspring.datasource.password=...}) keeps its name only. */
    private static String masked(String argument) {
        int equals = argument.indexOf('=');
        return equals > 0 && SECRET.matcher(argument.substring(0, equals)).find()
                ? argument.substring(0, equals + 1) + "***"
                : argument;
    }

    private static final java.util.regex.Pattern SECRET =
            java.util.regex.Pattern.compile("(?i)password|secret|token|credential|key");

    private RunResult.Environment environment() {
        var runtime = ManagementFactory.getRuntimeMXBean();
        var os = ManagementFactory.getOperatingSystemMXBean();
        return new RunResult.Environment(
                Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
                runtime.getVmName() + " " + runtime.getVmVersion(),
                Runtime.getRuntime().availableProcessors(),
                os.getName() + " " + os.getVersion() + " " + os.getArch(),
                Runtime.getRuntime().maxMemory(),
                target.serverInThisJvm(),
                ForkJoinPool.getCommonPoolParallelism(),
                MachineStore.standard().current(),
                runtime.getInputArguments().stream().map(ResultAssembly::masked).toList(),
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName)
                        .toList());
    }
}
