package dev.stackbench.core.load.engine;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.steady.WarmupUntilSteady;
import dev.stackbench.core.vocabulary.Segment;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One run's clock, on the calling thread: closes an interval every {@link LoadDefaults#REPORT_INTERVAL}
 * and at every change of period (warm-up, measured window, drain), samples the JVM, and tells the
 * listener. When the window closes nothing new is scheduled, and the run <b>drains</b>: it waits until
 * every request scheduled has an outcome, or until the response timeout has passed since the window's
 * end, when what remains ends as an unfinished timeout. So nothing scheduled vanishes from the numbers.
 * A {@link StopRequest} closes the window at once and shortens the drain to {@link #STOP_GRACE}.
 */
final class RunCoordinator {

    /** How often the clock looks whether a request budget is spent or a drain is done. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    /** How long a stopped run waits for what is in flight before ending it as unfinished. */
    static final Duration STOP_GRACE = Duration.ofSeconds(1);

    private final LoadRun run;
    private final RunResult.Target target;
    private final ProgressListener listener;
    private final StopRequest stop;

    private final Runnable onSuccess;
    private final Segment segment;
    private final IntervalSink sink;

    RunCoordinator(LoadRun run, RunResult.Target target, ProgressListener listener, StopRequest stop) {
        this(run, target, listener, stop, () -> {});
    }

    /** @param onSuccess run on a generator loop for every successful response (a test starves the generator with it) */
    RunCoordinator(
            LoadRun run, RunResult.Target target, ProgressListener listener, StopRequest stop, Runnable onSuccess) {
        this(run, target, listener, stop, onSuccess, Segment.WHOLE, IntervalSink.NONE);
    }

    /**
     * One agent's share of a run spread over several generators: it runs {@code segment} of the schedule and
     * hands every interval, raw, to {@code sink}, for the coordinator to merge.
     */
    RunCoordinator(
            LoadRun run,
            RunResult.Target target,
            ProgressListener listener,
            StopRequest stop,
            Runnable onSuccess,
            Segment segment,
            IntervalSink sink) {
        this.run = run;
        this.target = target;
        this.listener = listener;
        this.stop = stop;
        this.onSuccess = onSuccess;
        this.segment = segment;
        this.sink = sink;
    }

    Measurement run() throws UnknownHostException {
        boolean inProcess = target.serverInThisJvm();
        var warnings = new ArrayList<>(LoadLimits.check(run, segment, inProcess));
        warnings.forEach(listener::warning);
        // Until steady: the window starts when the detector says so; after a fixed warm-up: it is known now.
        WarmupUntilSteady untilSteady = run.warmupUntilSteady() ? new WarmupUntilSteady(run.warmup()) : null;
        var window = untilSteady != null
                ? new RunControl.Window(RunControl.UNDECIDED, RunControl.UNDECIDED)
                : new RunControl.Window(run.warmup().toNanos(), runEndNanos());
        String warmupVerdict = null;
        // Started before the workers, so JFR's start-up cost falls outside the run.
        String upstreamThreads =
                target.upstream() == null ? null : target.upstream().threadNamePrefix();
        // An application in its own process: its CPU is read by its pid, as the server's.
        Long serverPid = target.app() == null ? null : target.app().pid();
        try (JvmMetrics jvm = JvmMetrics.start(inProcess, upstreamThreads, serverPid);
                Engine engine = new Engine(run, segment, window, listener, onSuccess)) {
            // Everything slow (JFR, the loops) is done: an agreed start is kept to the sleep's precision, and if it has
            // passed already, the schedule still runs from it: what came due meanwhile is sent late, its lateness
            // latency.
            var origin = sink.awaitStart();
            long sinceOriginMillis = origin.isPresent() ? (System.nanoTime() - origin.getAsLong()) / 1_000_000 : 0;
            var timeline = new Timeline(
                    System.currentTimeMillis() - sinceOriginMillis,
                    jvm,
                    jvm.sample(Set.of()),
                    engine.plan.requestNames());
            long startNanos = engine.start(origin);
            sink.started(System.nanoTime() - startNanos);
            var collector = new IntervalCollector(
                    engine.workers(), engine.plan.requestNames().size());
            var loopBusy = new LoopBusy(engine.workers());
            var clock = new Clock(
                    engine.control,
                    collector,
                    untilSteady != null ? run.warmup().toNanos() : Long.MAX_VALUE);

            while (clock.period != Timeline.Period.DONE) {
                Timeline.Period period = clock.period;
                long from = clock.from;
                long to = clock.waitForBoundary();
                if (stop.requested() && !clock.stopped) {
                    clock.stopAt(to);
                } else if (period == Timeline.Period.WINDOW && to < clock.nextBoundary) {
                    clock.endWindowAt(to); // a spent request budget ends it now
                }
                if (period != Timeline.Period.DRAIN
                        && to >= engine.control.window().endOffsetNanos()) {
                    engine.catchUpSchedules(); // the window closed: every request due in it is counted before the drain
                }
                if (period == Timeline.Period.DRAIN && to >= clock.drainDeadline) {
                    engine.abandonOutstanding(); // the deadline struck: what is left ends as an unfinished timeout
                }
                // Read before the take: an outcome counted by then is also recorded by then (FINISHED is written last),
                // so an end decided on it never leaves a latency behind in a recorder.
                boolean drained = collector.outstanding() <= 0;
                var taken = collector.take();
                var sample = jvm.sample(engine.threadIds());
                Double busy = loopBusy.next();
                var row = timeline.close(period, to, taken, sample, busy);
                sink.interval(period, to, taken, sample, busy);
                listener.interval(row);
                listener.live(new LiveInterval(
                        target.label(),
                        timeline.startEpochMillis() + to / 1_000_000,
                        row,
                        taken,
                        engine.plan.requestNames()));
                if (period == Timeline.Period.WARMUP
                        && untilSteady != null
                        && warmupVerdict == null
                        && !stop.requested()) {
                    var decided = untilSteady.offer(
                            row.rps(),
                            row.p50Ms(),
                            row.jvm() == null ? null : row.jvm().jitCompileSeconds(),
                            (to - from) / 1e9);
                    if (decided.isPresent()) {
                        warmupVerdict = decided.get();
                        // At the next boundary: the workers know the window before it begins, and its intervals stay
                        // whole.
                        long start = to + LoadDefaults.REPORT_INTERVAL.toNanos();
                        engine.control.window(
                                new RunControl.Window(start, Math.min(start + measuredNanos(), runEndNanos())));
                        listener.message("warm-up " + warmupVerdict);
                    }
                }
                clock.advance(to, drained);
            }
            engine.limits.seen().forEach(warnings::add);
            engine.tlsFailures.seen().forEach(warnings::add);
            if (warmupVerdict != null && untilSteady.cappedOut()) {
                warnings.add("warm-up " + warmupVerdict);
            }
            if (stop.requested()) {
                warnings.add(stop.reason() + ": the results hold what was measured until then");
            }
            long[] counters = collector.counters();
            var errorMessages = collector.errorMessages();
            sink.end(counters, errorMessages, engine.control.window(), warnings, timeline.clientCpuNanosInWindow());
            return new ResultAssembly(run, target)
                    .assemble(
                            timeline,
                            counters,
                            errorMessages,
                            engine.control.window(),
                            warmupVerdict,
                            stop.reason(),
                            warnings);
        }
    }

    /** Where the schedule ends, warm-up included; a request budget may end the window earlier. */
    private long runEndNanos() {
        return RunPlan.ramp(run).endNanos();
    }

    /** The measured window's length: the profile's, after whatever warm-up. */
    private long measuredNanos() {
        return run.profile().ramp(run.warmup()).endNanos() - run.warmup().toNanos();
    }

    /** Which period the run is in, and when its current interval ends; offsets in nanoseconds from the run's start. */
    private final class Clock {
        private final RunControl control;
        private final IntervalCollector collector;
        Timeline.Period period = Timeline.Period.WARMUP;
        long from;
        long nextBoundary;
        long drainDeadline = Long.MAX_VALUE;
        boolean stopped;
        /** A warm-up until steady ends at its cap at the latest: an interval boundary of its own. */
        private final long warmupCapNanos;

        Clock(RunControl control, IntervalCollector collector, long warmupCapNanos) {
            this.control = control;
            this.collector = collector;
            this.warmupCapNanos = warmupCapNanos;
            advance(0, false);
        }

        /**
         * After an interval ending at {@code to}: the period from there on, and the next boundary.
         *
         * @param drained whether nothing was outstanding when the interval's histograms were taken
         */
        void advance(long to, boolean drained) {
            var window = control.window();
            if (period == Timeline.Period.WARMUP && to >= window.startOffsetNanos()) {
                period = Timeline.Period.WINDOW;
            }
            if (period == Timeline.Period.WINDOW && to >= window.endOffsetNanos()) {
                period = Timeline.Period.DRAIN;
                drainDeadline = Math.min(
                        drainDeadline,
                        window.endOffsetNanos() + run.responseTimeout().toNanos());
            }
            if (period == Timeline.Period.DRAIN && (drained || to >= drainDeadline)) {
                period = Timeline.Period.DONE;
            }
            from = to;
            long tick = (to / LoadDefaults.REPORT_INTERVAL.toNanos() + 1) * LoadDefaults.REPORT_INTERVAL.toNanos();
            long periodEnd = switch (period) {
                case WARMUP ->
                    Math.min(window.startOffsetNanos(), to < warmupCapNanos ? warmupCapNanos : Long.MAX_VALUE);
                case WINDOW -> window.endOffsetNanos();
                case DRAIN, DONE -> drainDeadline;
            };
            nextBoundary = Math.min(tick, periodEnd);
        }

        /** The window ends at {@code to}, however long it was meant to last. */
        void endWindowAt(long to) {
            var window = control.window();
            control.window(new RunControl.Window(
                    Math.min(window.startOffsetNanos(), to), Math.min(window.endOffsetNanos(), to)));
        }

        /** A stop: the window (or what there was of the warm-up) ends now, and the drain lasts the grace at most. */
        void stopAt(long to) {
            stopped = true;
            endWindowAt(to);
            drainDeadline = Math.min(drainDeadline, to + STOP_GRACE.toNanos());
        }

        /**
         * Parks until the next boundary, or until the interval must end early: a request budget spent in
         * the window, a drain done before its deadline, a stop requested. Returns where the interval ends.
         */
        long waitForBoundary() {
            long limit = control.measuredRequestLimit();
            boolean poll = period == Timeline.Period.DRAIN || (period == Timeline.Period.WINDOW && limit > 0);
            while (true) {
                if (stop.requested() && !stopped
                        || period == Timeline.Period.DRAIN && collector.outstanding() <= 0
                        || period == Timeline.Period.WINDOW && limit > 0 && collector.measuredFinished() >= limit) {
                    return Math.min(control.offsetNow(), nextBoundary);
                }
                long remaining = nextBoundary - control.offsetNow();
                if (remaining <= 0) {
                    return nextBoundary;
                }
                stop.park(poll ? Math.min(remaining, POLL_NANOS) : remaining);
            }
        }
    }
}
