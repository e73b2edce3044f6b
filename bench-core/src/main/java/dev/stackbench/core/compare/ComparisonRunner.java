package dev.stackbench.core.compare;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.Warmup;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.machine.Calibration;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineStore;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.steady.WarmupUntilSteady;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.core.vocabulary.Durations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Runs a {@link Comparison}: every variant in a JVM of its own, started one after another, each warmed up (until
 * steady by default); then rounds, each a fresh random order of one trial per variant (a short re-warm, discarded,
 * and a measured window) while the other JVMs sit idle, their CPU meanwhile measured; or, {@link Design.Schedule#TOGETHER},
 * every variant's trial of a round at once (warm-ups too). After the planned rounds
 * ({@link Looks}) the deciding metrics are analysed ({@link PairedAnalysis}); it stops once every pair is decided,
 * or at its round cap or time limit, or when stopped, and says which. The coordinator measures nothing itself.
 *
 * <pre>{@code
 * ComparisonRunner.Outcome outcome = ComparisonRunner.run(comparison, Path.of("out"), new StopRequest(), new ComparisonRunner.Listener() {});
 * outcome.result().verdict(Metric.RPS).orElseThrow().groups();
 * }</pre>
 */
public final class ComparisonRunner {

    /** Every variant's JVM starts with these, before the comparison's options and its own (a later option wins). */
    public static final List<String> DEFAULT_JVM_OPTIONS =
            List.of("-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED");
    /** How long a variant's JVM may take to start its server. */
    static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    /** Beyond a trial's warm-up, window and drain: JFR's start, the result's assembly, a GC. */
    static final Duration TRIAL_SLACK = Duration.ofSeconds(60);
    /**
     * Before the first round, a round is reckoned at its trials' lengths plus this much each (a trial's result, files
     * and drain took about 1 s here); later rounds at the longest round so far.
     */
    static final double ROUND_SLACK_PER_TRIAL_SECONDS = 2.0;
    /** Trial-shaped runs after the warm-up, discarded: at least this many (up to the design's most), then while the JIT is busy. */
    static final int MIN_REHEARSALS = 2;
    /** A variant whose JVM spent more than this share of a core while others were measured is named in a warning. */
    static final double IDLE_CPU_WARNING_SHARE = 0.05;

    /** What a caller sees while it runs; every method has a silent default. */
    public interface Listener {
        default void message(String line) {}

        /** A trial is over: {@code index} of {@code count} in round {@code round}. */
        default void trial(int round, int index, int count, ComparisonResult.Trial trial) {}

        /**
         * A round is over; {@code verdicts} when it was a look, else empty.
         *
         * @param control the A/A control's copy, whose pair needs no decision; null without one
         */
        default void round(
                int round,
                Design design,
                double roundSeconds,
                List<MetricVerdict> verdicts,
                Duration timeLeft,
                String control) {}
    }

    /**
     * What it ended with: the result (of the complete rounds), and the failure that ended it early, if one did.
     *
     * @param written the directory of comparison.json; null when none was written
     */
    public record Outcome(ComparisonResult result, VariantFailure failure, Path written) {}

    private ComparisonRunner() {}

    /** What a task run on a thread of its own gave; its failure (a {@link VariantFailure}) as it was thrown. */
    private static <T> T outcome(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a variant's JVM", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * @param out  where comparison.json, each trial's files and the JVMs' logs go; null for none (the logs then go
     *             to a temporary directory, named in failures)
     * @param stop ends it after the trial under way; the complete rounds are kept
     * @throws VariantFailure if a variant's JVM does not start: nothing is written, nothing is left running
     */
    public static Outcome run(Comparison comparison, Path out, StopRequest stop, Listener listener) {
        return new Run(comparison, out, stop, listener).run();
    }

    /**
     * The command that starts a variant's JVM: this JVM's java and class path, {@link VariantProcess} as main. The class
     * path goes through a file ({@code java @FILE}): a user's test's class path of hundreds of libraries is longer than
     * one argument may be (128 KB on Linux, 32 KB for a whole command on Windows). Under Maven's surefire it is the test's
     * real class path: surefire starts the test JVM from a manifest-only jar and sets {@code java.class.path} to the
     * class path that jar names.
     */
    static List<String> command(Comparison comparison, Variant variant) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(DEFAULT_JVM_OPTIONS);
        if (!separateProcess(variant)) { // else they are the application's own JVM's (serverJvmOptions)
            command.addAll(serverJvmOptions(comparison, variant));
        }
        command.add("@" + classPathFile());
        command.add(VariantProcess.class.getName());
        return command;
    }

    /** A java argument file holding {@code -cp} and this JVM's class path, deleted when this JVM exits. */
    private static Path classPathFile() {
        try {
            Path file = Files.createTempFile("stackbench-variant-", ".args");
            file.toFile().deleteOnExit();
            // In an argument file a backslash escapes: Windows paths keep theirs doubled.
            Files.writeString(
                    file,
                    "-cp \"" + System.getProperty("java.class.path").replace("\\", "\\\\") + "\"\n",
                    java.nio.charset.StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the class path of the variants' JVMs to a temporary file: " + e.getMessage(), e);
        }
    }

    /**
     * A variant's application given as a main class must be on this JVM's class path, which its JVM starts with: not
     * only in a class loader of this JVM's own (a test runner that isolates the tests' classes).
     *
     * @throws IllegalArgumentException naming the class and where it was not found
     */
    static void checkMainClasses(List<Variant> variants) {
        for (Variant variant : variants) {
            if (variant.source() instanceof ServerSource.Application app
                    && app.app().source() instanceof AppSource.MainClass main
                    && ClassLoader.getSystemClassLoader()
                                    .getResource(main.className().replace('.', '/') + ".class")
                            == null) {
                throw new IllegalArgumentException("variant " + variant.label() + ": application class "
                        + main.className()
                        + " is not on this JVM's class path (java.class.path), which each variant's JVM starts with"
                        + (Thread.currentThread().getContextClassLoader() != null
                                        && Thread.currentThread()
                                                        .getContextClassLoader()
                                                        .getResource(
                                                                main.className().replace('.', '/') + ".class")
                                                != null
                                ? "; it is in a class loader of this JVM's own (run the tests with the system class loader: surefire's "
                                        + "useSystemClassLoader=true, its default)"
                                : ""));
            }
        }
    }

    /** An application that runs in a process of its own, apart from its variant's JVM (whose generator drives it). */
    static boolean separateProcess(Variant variant) {
        return variant.source() instanceof ServerSource.Application app
                && app.app().separateProcess();
    }

    /** The options of the JVM the variant's server runs in: the comparison's, then the variant's own. */
    static List<String> serverJvmOptions(Comparison comparison, Variant variant) {
        var options = new ArrayList<>(comparison.jvmOptions());
        options.addAll(variant.jvmOptions());
        return options;
    }

    /** One comparison under way. */
    private static final class Run {
        private final Comparison comparison;
        private final Design design;
        private final Looks looks;
        private final Path out;
        private final StopRequest stop;
        private final Listener listener;
        private final MachineStore machines = MachineStore.standard();
        private Machine machine;
        private final long startNanos = System.nanoTime();
        private final Instant startedAt = Instant.now();
        private final List<Variant> variants;
        private final List<VariantJvm> jvms = new ArrayList<>();
        private final Map<String, RunResult> warmups = new LinkedHashMap<>();
        private final Map<String, Integer> rehearsals = new LinkedHashMap<>();
        private final Map<String, dev.stackbench.core.result.ServerProfile> profiles = new LinkedHashMap<>();
        private final Map<String, double[]> cpu = new LinkedHashMap<>(); // label -> {trial, idle, idle seconds}
        private final List<ComparisonResult.Round> rounds = new ArrayList<>();
        private final Duration trialTimeout;
        private final Duration trialLength;

        Run(Comparison comparison, Path out, StopRequest stop, Listener listener) {
            this.comparison = comparison;
            this.design = comparison.design();
            this.looks = design.looks();
            this.out = out;
            this.stop = stop;
            this.listener = listener;
            this.variants = comparison.measured();
            LoadOptions options = comparison.load().loadOptions();
            Duration timeout = options.timeout() == null ? LoadDefaults.RESPONSE_TIMEOUT : options.timeout();
            this.trialLength = LoadOptions.builder()
                    .warmup(new Warmup.Fixed(design.trialWarmup()))
                    .parent(options)
                    .build()
                    .length(LoadOption.Naming.COMMAND_LINE);
            this.trialTimeout = trialLength.plus(timeout).plus(TRIAL_SLACK);
        }

        Outcome run() {
            checkMainClasses(variants);
            if (out != null) {
                ResultFiles.checkWritable(out);
            }
            // Before any JVM starts: the calibration runs (once per boot) on a machine that nothing of ours loads,
            // and every variant's JVM finds it kept.
            if (!machines.calibrated()) {
                listener.message("calibrating this machine (" + Durations.format(Calibration.LENGTH)
                        + ", once per boot and JDK)");
            }
            machine = machines.current();
            listener.message("machine: " + machine.words());
            machines.speedAgainstPrevious(machine)
                    .ifPresent(words -> listener.message("speed: this machine is " + words));
            Path logs = logDirectory();
            try {
                startAll(logs);
            } catch (RuntimeException e) {
                jvms.forEach(VariantJvm::close);
                throw e;
            }
            VariantFailure failure = null;
            ComparisonResult.Stop stopped;
            try {
                warmAll();
                stopped = rounds();
                profiles();
            } catch (VariantFailure e) {
                failure = e;
                stopped = ComparisonResult.Stop.FAILED;
            } finally {
                jvms.forEach(VariantJvm::close);
            }
            if (stop.requested() && stopped != ComparisonResult.Stop.FAILED) {
                stopped = ComparisonResult.Stop.INTERRUPTED;
            }
            ComparisonResult result = result(stopped, failure);
            if (out != null) {
                ResultFiles.writeAtomically(
                        out.resolve(COMPARISON_JSON), ResultFiles.json().writeValueAsBytes(result));
            }
            return new Outcome(result, failure, out);
        }

        private Path logDirectory() {
            try {
                return out != null ? out.resolve("logs") : Files.createTempDirectory("stackbench-compare-");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make a directory for the variants' logs: " + e.getMessage(), e);
            }
        }

        private void startAll(Path logs) {
            int forks = design.forks();
            for (Variant variant : variants) {
                for (int fork = 1; fork <= forks; fork++) {
                    String name = forks == 1 ? variant.label() : variant.label() + "-fork-" + fork;
                    if (stop.requested()) {
                        throw new VariantFailure(
                                variant.label(), "not started: " + stop.reason(), false, false, List.of(), null);
                    }
                    listener.message(
                            "starting " + variant.label() + (forks == 1 ? "" : " (JVM " + fork + " of " + forks + ")")
                                    + " (" + variant.source().describe() + ") in its own JVM");
                    var setup = new VariantOrder.Setup(
                            variant,
                            comparison.load(),
                            comparison.http2(),
                            comparison.tls(),
                            logs.resolve(name + "-app.log").toString(),
                            separateProcess(variant) ? serverJvmOptions(comparison, variant) : List.of(),
                            comparison.profile());
                    VariantJvm jvm = VariantJvm.start(
                            variant,
                            fork,
                            command(comparison, variant),
                            setup,
                            logs.resolve(name + ".log"),
                            START_TIMEOUT);
                    jvms.add(jvm);
                    cpu.put(jvm.name(forks), new double[3]);
                    listener.message("started " + jvm.name(forks) + " at "
                            + jvm.started().baseUri() + " in "
                            + Math.round(jvm.started().startup().millis()) + " ms (pid " + jvm.pid() + ")");
                }
            }
        }

        /** A JVM's directory under {@code kind}: kind/LABEL, or kind/LABEL/fork-N with forks. */
        private String directory(String kind, VariantJvm jvm) {
            Path directory = out.resolve(kind).resolve(jvm.variant().label());
            return (design.forks() == 1 ? directory : directory.resolve("fork-" + jvm.fork())).toString();
        }

        private String name(VariantJvm jvm) {
            return jvm.name(design.forks());
        }

        /** Each variant's profile over its trials, its files into profiles/LABEL/ (when writing files). */
        private void profiles() {
            if (comparison.profile() == null) {
                return;
            }
            for (VariantJvm jvm : jvms) {
                listener.message("profile of " + name(jvm) + ": reading its recording");
                profiles.put(name(jvm), jvm.profile(out == null ? null : directory(PROFILES, jvm), PROFILE_TIMEOUT));
            }
        }

        /**
         * Each JVM's warm-up and rehearsals: one JVM at a time in turns; together, the JVMs of each fork at once, so
         * that they warm up under the load they will be measured under.
         */
        private void warmAll() {
            for (List<VariantJvm> group : groups(jvms)) {
                if (stop.requested()) {
                    return;
                }
                group.forEach(jvm -> listener.message("warming up " + name(jvm)));
                List<Warmed> warmed = atOnce(group, this::warm);
                for (int i = 0; i < group.size(); i++) {
                    VariantJvm jvm = group.get(i);
                    warmups.put(name(jvm), warmed.get(i).warmup());
                    rehearsals.put(name(jvm), warmed.get(i).rehearsals());
                    listener.message("warmed up " + name(jvm) + ": "
                            + warmupWords(warmed.get(i).warmup()));
                    listener.message(
                            "rehearsed " + name(jvm) + ": " + warmed.get(i).rehearsalWords());
                }
            }
        }

        /** What warming one JVM up gave: its warm-up's result and its rehearsals. */
        private record Warmed(RunResult warmup, int rehearsals, String rehearsalWords) {}

        private Warmed warm(VariantJvm jvm) {
            RunResult result = jvm.measure(
                    new VariantOrder.Warm(out == null ? null : directory("warmup", jvm)),
                    trialTimeout.plus(LoadDefaults.WARMUP_CAP));
            return rehearse(jvm, result);
        }

        /**
         * Trials that count for nothing, until one runs with the JIT quiet: a warm-up until steady leaves code that the
         * end of a run (connections closing, loops stopping) deoptimizes, and the next few runs recompile it (measured:
         * 3 to 6 s of JIT in the first trial after a steady warm-up, falling over the next several).
         */
        private Warmed rehearse(VariantJvm jvm, RunResult warmup) {
            int count = 0;
            Double jitShare = null;
            while (count < design.rehearsals() && !stop.requested()) {
                RunResult rehearsal = jvm.measure(new VariantOrder.Trial(0, design.trialWarmup(), null), trialTimeout);
                count++;
                Double jit = rehearsal.jvm() == null ? null : rehearsal.jvm().jitCompileSeconds();
                jitShare = jit == null ? null : jit / rehearsal.window().measuredSeconds();
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

        private ComparisonResult.Stop rounds() {
            var random = new Random(design.seed());
            double longestRound = 0;
            for (int round = 1; round <= design.maxRounds(); round++) {
                if (stop.requested()) {
                    return ComparisonResult.Stop.INTERRUPTED;
                }
                double estimate = longestRound > 0
                        ? longestRound
                        : groups(jvms).size() * (trialLength.toMillis() / 1000.0 + ROUND_SLACK_PER_TRIAL_SECONDS);
                if (elapsedSeconds() + estimate > design.timeLimit().toSeconds()) {
                    return ComparisonResult.Stop.TIME;
                }
                var order = new ArrayList<>(jvms);
                Collections.shuffle(order, random);
                long roundStart = System.nanoTime();
                var trials = new ArrayList<ComparisonResult.Trial>();
                for (List<VariantJvm> group : groups(order)) {
                    if (stop.requested()) {
                        return ComparisonResult.Stop.INTERRUPTED; // a round cut short is not kept
                    }
                    for (ComparisonResult.Trial trial : trials(round, group)) {
                        trials.add(trial);
                        listener.trial(round, trials.size(), order.size(), trial);
                    }
                }
                double seconds = (System.nanoTime() - roundStart) / 1e9;
                longestRound = Math.max(longestRound, seconds);
                rounds.add(new ComparisonResult.Round(
                        round, order.stream().map(this::name).toList(), trials, seconds));
                List<MetricVerdict> verdicts = looks.isLook(round) ? analyse(design.deciding()) : List.of();
                Duration left = Duration.ofSeconds((long) Math.min(
                        design.timeLimit().toSeconds() - elapsedSeconds(),
                        longestRound * (design.maxRounds() - round)));
                String control = comparison.aa() == null ? null : Comparison.aaLabel(comparison.aa());
                listener.round(round, design, seconds, verdicts, left, control);
                if (!verdicts.isEmpty() && verdicts.stream().allMatch(verdict -> verdict.undecided(control) == 0)) {
                    return ComparisonResult.Stop.DECIDED;
                }
            }
            return ComparisonResult.Stop.ROUNDS;
        }

        /**
         * The round's order as the groups of JVMs measured at once: one JVM each in turns; together, one JVM of every
         * variant at a time (forks in the order their first JVM comes in the round's order).
         */
        private List<List<VariantJvm>> groups(List<VariantJvm> order) {
            if (design.schedule() == Design.Schedule.TURNS) {
                return order.stream().map(List::of).toList();
            }
            var byFork = new LinkedHashMap<Integer, List<VariantJvm>>();
            order.forEach(jvm -> byFork.computeIfAbsent(jvm.fork(), fork -> new ArrayList<>())
                    .add(jvm));
            return List.copyOf(byFork.values());
        }

        /** What {@code task} gives for each JVM of {@code group}, in its order, run for all of them at the same time. */
        private static <T> List<T> atOnce(List<VariantJvm> group, Function<VariantJvm, T> task) {
            if (group.size() == 1) {
                return List.of(task.apply(group.getFirst()));
            }
            var futures = new ArrayList<Future<T>>();
            try (var executor = Executors.newThreadPerTaskExecutor(
                    Thread.ofPlatform().name("variant-", 0).daemon().factory())) {
                group.forEach(jvm -> futures.add(executor.submit(() -> task.apply(jvm))));
            } // closing waits for every task: each ends by its own timeout at the latest
            return futures.stream().map(ComparisonRunner::outcome).toList();
        }

        /** One trial of each JVM of {@code group}, all at once; the JVMs outside it sit idle, their CPU counted as such. */
        private List<ComparisonResult.Trial> trials(int round, List<VariantJvm> group) {
            double[] before = jvms.stream()
                    .mapToDouble(each -> each.cpuTime().toNanos() / 1e9)
                    .toArray();
            long start = System.nanoTime();
            List<ComparisonResult.Trial> measured = atOnce(group, jvm -> measure(round, jvm));
            double seconds = (System.nanoTime() - start) / 1e9;
            for (int j = 0; j < jvms.size(); j++) {
                double used = jvms.get(j).cpuTime().toNanos() / 1e9 - before[j];
                double[] account = cpu.get(name(jvms.get(j)));
                if (group.contains(jvms.get(j))) {
                    account[0] += used;
                } else {
                    account[1] += used;
                    account[2] += seconds;
                }
            }
            return measured;
        }

        private ComparisonResult.Trial measure(int round, VariantJvm jvm) {
            String label = jvm.variant().label();
            String relative = out == null
                    ? null
                    : "trials/" + label + (design.forks() == 1 ? "" : "/fork-" + jvm.fork()) + "/round-"
                            + String.format("%02d", round);
            Instant startedAt = Instant.now();
            long start = System.nanoTime();
            RunResult result = jvm.measure(
                    new VariantOrder.Trial(
                            round,
                            design.trialWarmup(),
                            relative == null ? null : out.resolve(relative).toString()),
                    trialTimeout);
            double seconds = (System.nanoTime() - start) / 1e9;
            var values = new LinkedHashMap<String, Double>();
            for (Metric metric : Design.METRICS) {
                Double value = metric.of(result);
                if (value != null) {
                    values.put(metric.id(), value);
                }
            }
            return new ComparisonResult.Trial(
                    label, jvm.fork(), startedAt.toString(), seconds, values, result, relative);
        }

        private List<MetricVerdict> analyse(List<Metric> metrics) {
            List<String> labels = variants.stream().map(Variant::label).toList();
            var verdicts = new ArrayList<MetricVerdict>();
            for (Metric metric : metrics) {
                double[][][] values = new double[rounds.size()][labels.size()][];
                for (int r = 0; r < rounds.size(); r++) {
                    for (int v = 0; v < labels.size(); v++) {
                        values[r][v] = rounds.get(r).trials(labels.get(v)).stream()
                                .mapToDouble(trial -> trial.values().getOrDefault(metric.id(), Double.NaN))
                                .toArray();
                    }
                }
                verdicts.add(PairedAnalysis.of(metric, labels, values, design.settings()));
            }
            return verdicts;
        }

        private ComparisonResult result(ComparisonResult.Stop stopped, VariantFailure failure) {
            var metrics = new ArrayList<>(design.deciding());
            Design.METRICS.stream().filter(metric -> !metrics.contains(metric)).forEach(metrics::add);
            List<MetricVerdict> verdicts = rounds.isEmpty() ? List.of() : analyse(metrics);
            var records = new ArrayList<ComparisonResult.VariantRecord>();
            for (VariantJvm jvm : jvms) {
                double[] account = cpu.get(name(jvm));
                records.add(new ComparisonResult.VariantRecord(
                        jvm.variant().label(),
                        jvm.fork(),
                        jvm.variant(),
                        jvm.pid(),
                        jvm.started().startup(),
                        warmups.get(name(jvm)),
                        rehearsals.getOrDefault(name(jvm), 0),
                        account[0],
                        account[1],
                        account[2],
                        jvm.log().toString(),
                        profiles.get(name(jvm))));
            }
            var aa = new ArrayList<ComparisonResult.Aa>();
            if (comparison.aa() != null) {
                String copy = Comparison.aaLabel(comparison.aa());
                for (MetricVerdict verdict : verdicts) {
                    if (design.deciding().contains(verdict.metric())) {
                        aa.add(new ComparisonResult.Aa(
                                comparison.aa(),
                                copy,
                                verdict.metric(),
                                verdict.pair(comparison.aa(), copy).orElse(null)));
                    }
                }
            }
            var partial = new ComparisonResult(
                    ComparisonResult.SCHEMA,
                    startedAt.toString(),
                    elapsedSeconds(),
                    stopped,
                    design,
                    load(),
                    records,
                    List.copyOf(rounds),
                    verdicts,
                    aa,
                    List.of(),
                    machine);
            return partial.withWarnings(ComparisonWarnings.of(partial, failure));
        }

        private ComparisonResult.Load load() {
            LoadOptions options = comparison.load().loadOptions();
            return new ComparisonResult.Load(
                    options.profile(LoadOption.Naming.COMMAND_LINE).describe(),
                    options.duration() == null ? LoadDefaults.DURATION : options.duration(),
                    design.trialWarmup(),
                    comparison.load().options(),
                    comparison.load().requestSpecs());
        }

        private double elapsedSeconds() {
            return (System.nanoTime() - startNanos) / 1e9;
        }
    }

    /** The comparison's file in its directory. */
    public static final String COMPARISON_JSON = "comparison.json";
    /** The directory of the variants' profiles beside it: profiles/LABEL/. */
    public static final String PROFILES = "profiles";
    /** How long a variant's JVM may take to read its recording of a whole comparison. */
    static final Duration PROFILE_TIMEOUT = Duration.ofMinutes(5);

    static String warmupWords(RunResult result) {
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
