package dev.stackbench.core.load.engine;

import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.steady.WarmupUntilSteady;

/**
 * One run's clock, on the calling thread: closes an interval every {@link LoadDefaults#REPORT_INTERVAL}
 * and at every change of phase (warm-up, measured window, drain), samples the JVM, and tells the
 * listener. When the window closes nothing new is scheduled, and the run <b>drains</b>: it waits until
 * every request scheduled has an outcome, or until the response timeout has passed since the window's
 * end, when what remains ends as an unfinished timeout. So nothing scheduled vanishes from the numbers.
 */
final class RunCoordinator {

    /** How often the clock looks whether a request budget is spent or a drain is done. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final LoadRun run;
    private final RunResult.Target target;
    private final ProgressListener listener;

    RunCoordinator(LoadRun run, RunResult.Target target, ProgressListener listener) {
        this.run = run;
        this.target = target;
        this.listener = listener;
    }

    Measurement run() throws UnknownHostException {
        boolean inProcess = target.approach() != null;
        var warnings = new ArrayList<>(LoadLimits.check(run, inProcess));
        warnings.forEach(listener::warning);
        // Until steady: the window starts when the detector says so; a fixed warm-up: it is known now.
        WarmupUntilSteady untilSteady = warmupUntilSteady() ? new WarmupUntilSteady(run.warmup()) : null;
        var window = untilSteady != null ? new RunControl.Window(RunControl.UNDECIDED, RunControl.UNDECIDED)
                : new RunControl.Window(run.warmup().toNanos(), runEndNanos());
        String warmupVerdict = null;
        // Started before the workers, so JFR's start-up cost falls outside the run.
        try (JvmMetrics jvm = JvmMetrics.start(inProcess);
             Engine engine = new Engine(run, window, listener, () -> { })) {
            long startEpochMillis = System.currentTimeMillis();
            var timeline = new Timeline(startEpochMillis, jvm, jvm.sample(Set.of()));
            long startNanos = engine.start();
            var collector = new IntervalCollector(engine.workers());
            var clock = new Clock(engine, collector, startNanos);
            RunControl control = engine.control;

            while (clock.period() != Timeline.Period.DONE) {
                Timeline.Period period = clock.period();
                boolean early = clock.waitForBoundary();
                long to = early ? control.offsetNow() : clock.nextBoundary;
                if (period == Timeline.Period.WINDOW && early) {
                    control.window(new RunControl.Window(control.window().startOffsetNanos(), to)); // a spent budget ends it now
                }
                if (period == Timeline.Period.DRAIN && !early && to >= clock.drainDeadline()) {
                    engine.abandonOutstanding(); // the deadline struck: what is left ends as an unfinished timeout
                }
                long from = clock.from;
                var row = timeline.close(period, to, collector.take(), jvm.sample(engine.threadIds()));
                listener.interval(row);
                if (period == Timeline.Period.WARMUP && untilSteady != null) {
                    var decided = untilSteady.offer(row.rps(), row.p50Ms(), row.jvm() == null ? null : row.jvm().jitCompileSeconds(),
                            (to - from) / 1e9);
                    if (decided.isPresent()) {
                        warmupVerdict = decided.get();
                        control.window(new RunControl.Window(to, to + measuredNanos()));
                        listener.message("warm-up " + warmupVerdict);
                    }
                }
                clock.advance(to);
            }
            engine.limits.seen().forEach(warnings::add);
            if (warmupVerdict != null && warmupVerdict.startsWith("not steady")) {
                warnings.add("warm-up " + warmupVerdict);
            }
            return new ResultAssembly(run, target).assemble(timeline, collector.counters(), control.window(), warmupVerdict, warnings);
        }
    }

    /** Where the profile ends, warm-up included; a request budget may end the window earlier. */
    private long runEndNanos() {
        return run.profile().ramp(run.warmup()).endNanos();
    }

    /** The measured window's length: the profile's, after whatever warm-up. */
    private long measuredNanos() {
        return runEndNanos() - run.warmup().toNanos();
    }

    /** Whether the warm-up lasts until the run is steady ({@link LoadRun#warmup()} is then its cap). */
    private boolean warmupUntilSteady() {
        return run.warmupUntilSteady();
    }

    /** Which phase the run is in and when its current interval ends. */
    private final class Clock {
        private final Engine engine;
        private final IntervalCollector collector;
        private final long startNanos;
        long from;
        long nextBoundary;
        private Timeline.Period period = Timeline.Period.WARMUP;

        Clock(Engine engine, IntervalCollector collector, long startNanos) {
            this.engine = engine;
            this.collector = collector;
            this.startNanos = startNanos;
            advance(0);
        }

        Timeline.Period period() {
            return period;
        }

        long drainDeadline() {
            return engine.control.window().endOffsetNanos() + run.responseTimeout().toNanos();
        }

        /** After an interval ending at {@code to}: the phase from there on, and the next boundary. */
        void advance(long to) {
            var window = engine.control.window();
            if (period == Timeline.Period.WARMUP && to >= window.startOffsetNanos()) {
                period = Timeline.Period.WINDOW;
            }
            if (period == Timeline.Period.WINDOW && to >= window.endOffsetNanos()) {
                period = Timeline.Period.DRAIN;
            }
            if (period == Timeline.Period.DRAIN && (collector.outstanding() <= 0 || to >= drainDeadline())) {
                period = Timeline.Period.DONE;
            }
            from = to;
            long tick = (to / LoadDefaults.REPORT_INTERVAL.toNanos() + 1) * LoadDefaults.REPORT_INTERVAL.toNanos();
            long periodEnd = switch (period) {
                case WARMUP -> window.startOffsetNanos();
                case WINDOW -> window.endOffsetNanos();
                case DRAIN, DONE -> drainDeadline();
            };
            nextBoundary = Math.min(tick, periodEnd);
        }

        /**
         * Parks until the next boundary; true if the interval ended early: a request budget spent in
         * the window, or a drain done before its deadline.
         */
        boolean waitForBoundary() {
            long limit = engine.control.measuredRequestLimit();
            boolean poll = period == Timeline.Period.DRAIN || (period == Timeline.Period.WINDOW && limit > 0);
            while (true) {
                if (period == Timeline.Period.DRAIN && collector.outstanding() <= 0) {
                    return true;
                }
                if (period == Timeline.Period.WINDOW && limit > 0 && measuredFinished() >= limit) {
                    return true;
                }
                long remaining = startNanos + nextBoundary - System.nanoTime();
                if (remaining <= 0) {
                    return false;
                }
                LockSupport.parkNanos(poll ? Math.min(remaining, POLL_NANOS) : remaining);
            }
        }

        private long measuredFinished() {
            return WorkerCounters.get(collector.counters(), Phase.MEASURED, WorkerCounters.FINISHED);
        }
    }
}
