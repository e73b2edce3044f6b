package dev.stackbench.core.compare;

import dev.stackbench.core.compare.jvm.VariantFailure;
import dev.stackbench.core.compare.jvm.VariantJvm;
import dev.stackbench.core.compare.jvm.VariantOrder;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.steady.WarmupUntilSteady;
import dev.stackbench.core.variant.Variant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Readies the variants' JVMs to be measured: starts them one after another, then warms each up (until steady by
 * default) and rehearses it, one JVM at a time in turns; together, the JVMs of each fork at once, so that they warm up
 * under the load they will be measured under. Keeps each JVM's warm-up and its count of rehearsals, by its name.
 */
final class Warmups {

    /** How long a variant's JVM may take to start its server. */
    static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    /** Trial-shaped runs after the warm-up, discarded: at least this many (up to the design's most), then while the JIT is busy. */
    static final int MIN_REHEARSALS = 2;
    /**
     * A rehearsal's window at most: what a rehearsal is for is a run's end (and the recompiling after it), which a window
     * of any length has; a short one makes them cheaper (a JVM's rehearsals were up to 40% of what it cost a plan).
     */
    static final Duration REHEARSAL_WINDOW = Duration.ofSeconds(2);

    private final Design design;
    /** A trial's measured window: a rehearsal's JIT time is judged as a share of it. */
    private final Duration trialWindow;

    private final Duration trialTimeout;
    private final StopRequest stop;
    private final ComparisonRunner.Listener listener;
    private final Function<VariantJvm, String> name;
    /** A JVM's directory for its warm-up's files; null when writing none. */
    private final Function<VariantJvm, String> directory;

    private final Map<String, RunResult> warmups = new LinkedHashMap<>();
    private final Map<String, Integer> rehearsals = new LinkedHashMap<>();

    Warmups(
            Design design,
            Duration trialWindow,
            Duration trialTimeout,
            StopRequest stop,
            ComparisonRunner.Listener listener,
            Function<VariantJvm, String> name,
            Function<VariantJvm, String> directory) {
        this.design = design;
        this.trialWindow = trialWindow;
        this.trialTimeout = trialTimeout;
        this.stop = stop;
        this.listener = listener;
        this.name = name;
        this.directory = directory;
    }

    /**
     * Starts generation {@code generation}'s JVMs of each variant ({@link Design#forksIn}), numbered on from the
     * generations before, its logs into {@code logs}.
     *
     * @param design     the design followed now (a planned one's, once its pilot has planned, says how many JVMs in all)
     * @param aotOptions the AOT cache options of a variant's JVMs
     * @throws VariantFailure if one does not start, or when stopped: those started are closed
     */
    static List<VariantJvm> startAll(
            Comparison comparison,
            Design design,
            int generation,
            Path logs,
            StopRequest stop,
            ComparisonRunner.Listener listener,
            Function<Variant, List<String>> aotOptions) {
        int firstFork = (generation - 1) * design.forks() + 1;
        int forks = design.forksIn(generation);
        int jvmsInAll = design.jvmsPerVariant();
        boolean several = design.forkNamed();
        var jvms = new ArrayList<VariantJvm>();
        try {
            for (Variant variant : comparison.measured()) {
                for (int fork = firstFork; fork < firstFork + forks; fork++) {
                    String name = several ? variant.label() + "-fork-" + fork : variant.label();
                    if (stop.requested()) {
                        throw new VariantFailure(
                                variant.label(), "not started: " + stop.reason(), false, false, List.of(), null);
                    }
                    listener.message("starting " + variant.label()
                            + (several ? " (JVM " + fork + " of " + jvmsInAll + ")" : "") + " ("
                            + variant.source().describe() + ") in its own JVM");
                    VariantJvm jvm = VariantJvm.start(
                            variant,
                            fork,
                            VariantCommand.of(comparison, variant, aotOptions.apply(variant)),
                            setup(comparison, variant, logs.resolve(name + "-app.log")),
                            logs.resolve(name + ".log"),
                            START_TIMEOUT);
                    jvms.add(jvm);
                    listener.message("started " + jvm.name(several) + " at "
                            + jvm.started().baseUri() + " in "
                            + Math.round(jvm.started().startup().millis()) + " ms (pid " + jvm.pid() + ")");
                }
            }
        } catch (RuntimeException e) {
            jvms.forEach(VariantJvm::close);
            throw e;
        }
        return jvms;
    }

    /** What a variant's JVM is told to start: its server, the load, and where an application's output goes. */
    static VariantOrder.Setup setup(Comparison comparison, Variant variant, Path appLog) {
        return new VariantOrder.Setup(
                variant,
                comparison.load(),
                comparison.http2(),
                comparison.tls(),
                appLog.toString(),
                VariantCommand.separateProcess(variant)
                        ? VariantCommand.serverJvmOptions(comparison, variant)
                        : List.of(),
                comparison.profile());
    }

    /**
     * After some JVMs of a generation are warm: which of those waiting to warm up to go on with, as the time left holds
     * them and a round: all, fewer (a pilot of what the time holds, which the caller then makes smaller), or none (stop).
     */
    @FunctionalInterface
    interface Pace {
        List<VariantJvm> goOnWith(int warmed, double warmupSeconds, List<VariantJvm> waiting);
    }

    /**
     * Each JVM's warm-up and rehearsals, group by group as {@code schedule} makes them; none once stopped, nor once
     * {@code pace} says the rest would not fit; only those {@code pace} keeps when it keeps fewer.
     *
     * @return whether every JVM kept was warmed up
     */
    boolean warmAll(List<VariantJvm> jvms, RoundSchedule schedule, Pace pace) {
        long start = System.nanoTime();
        var waiting = new ArrayList<>(jvms);
        int warmedUp = 0;
        while (!waiting.isEmpty()) {
            if (stop.requested()) {
                return false;
            }
            if (warmedUp > 0) {
                List<VariantJvm> rest =
                        pace.goOnWith(warmedUp, (System.nanoTime() - start) / 1e9, List.copyOf(waiting));
                if (rest.isEmpty()) {
                    return false;
                }
                waiting.retainAll(rest);
            }
            List<VariantJvm> group = schedule.groups(waiting).getFirst();
            group.forEach(jvm -> listener.message("warming up " + name.apply(jvm)));
            List<Warmed> warmed = RoundSchedule.atOnce(group, this::warm);
            for (int i = 0; i < group.size(); i++) {
                String jvm = name.apply(group.get(i));
                warmups.put(jvm, warmed.get(i).warmup());
                rehearsals.put(jvm, warmed.get(i).rehearsals());
                listener.message("warmed up " + jvm + ": " + words(warmed.get(i).warmup()));
                listener.message("rehearsed " + jvm + ": " + warmed.get(i).rehearsalWords());
            }
            waiting.removeAll(group);
            warmedUp += group.size();
        }
        return true;
    }

    /** A rehearsal's window: the trials' own, up to {@link #REHEARSAL_WINDOW}. */
    static Duration rehearsalWindow(Duration trialWindow) {
        return trialWindow == null || trialWindow.compareTo(REHEARSAL_WINDOW) > 0 ? REHEARSAL_WINDOW : trialWindow;
    }

    /** The warm-up of the JVM of this name; null if it had none. */
    RunResult warmup(String name) {
        return warmups.get(name);
    }

    /** How many rehearsals the JVM of this name had. */
    int rehearsals(String name) {
        return rehearsals.getOrDefault(name, 0);
    }

    /** What warming one JVM up gave: its warm-up's result and its rehearsals. */
    private record Warmed(RunResult warmup, int rehearsals, String rehearsalWords) {}

    private Warmed warm(VariantJvm jvm) {
        RunResult result =
                jvm.measure(new VariantOrder.Warm(directory.apply(jvm)), trialTimeout.plus(LoadDefaults.WARMUP_CAP));
        return rehearse(jvm, result);
    }

    /**
     * Trials that count for nothing, until one runs with the JIT quiet: a warm-up until steady leaves code that the
     * end of a run (connections closing, loops stopping) deoptimizes, and the next few runs recompile it (measured:
     * 3 to 6 s of JIT in the first trial after a steady warm-up, falling over the next several). The JIT's time in a
     * rehearsal counts as a share of a trial's window, what a trial would lose to it: what a run's end makes it recompile
     * takes about as long whatever the window (measured: judged against a 2 s window, rehearsals went on to the cap).
     */
    private Warmed rehearse(VariantJvm jvm, RunResult warmup) {
        int count = 0;
        Double jitShare = null;
        while (count < design.rehearsals() && !stop.requested()) {
            RunResult rehearsal = jvm.measure(
                    new VariantOrder.Trial(0, design.trialWarmup(), rehearsalWindow(trialWindow), null), trialTimeout);
            count++;
            Double jit = rehearsal.jvm() == null ? null : rehearsal.jvm().jitCompileSeconds();
            // A rehearsal cut short by a stop may have measured nothing: no share to speak of.
            double seconds = rehearsal.window().measuredSeconds();
            jitShare = jit == null || !(seconds > 0) ? null : jit / Math.max(seconds, trialWindow.toNanos() / 1e9);
            if (count >= MIN_REHEARSALS && (jitShare == null || jitShare < WarmupUntilSteady.JIT_QUIET_SHARE)) {
                break;
            }
        }
        return new Warmed(
                warmup,
                count,
                String.format(
                        Locale.ROOT,
                        "%d trial(s) until its JIT was quiet in one (%s)",
                        count,
                        jitShare == null
                                ? "JIT time not monitored"
                                : String.format(
                                        Locale.ROOT,
                                        "%.1f%% of a core in the last%s",
                                        100 * jitShare,
                                        jitShare >= WarmupUntilSteady.JIT_QUIET_SHARE
                                                ? ", still above "
                                                        + Math.round(100 * WarmupUntilSteady.JIT_QUIET_SHARE)
                                                        + "% after " + count
                                                : "")));
    }

    /** A warm-up in words: its verdict, or its fixed length, and whether its window was steady. */
    static String words(RunResult result) {
        var window = result.window();
        String verdict = window.warmupVerdict() != null
                ? window.warmupVerdict()
                : "fixed warm-up of " + window.warmupSeconds() + " s";
        return verdict
                + (window.steadiness() != null && !window.steadiness().steady()
                        ? "; its window was not steady: " + window.steadiness().reason()
                        : "");
    }
}
