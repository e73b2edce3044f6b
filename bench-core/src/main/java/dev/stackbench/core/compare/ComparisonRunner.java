package dev.stackbench.core.compare;

import dev.stackbench.core.compare.analysis.Looks;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.analysis.TrialValues;
import dev.stackbench.core.compare.jvm.VariantFailure;
import dev.stackbench.core.compare.jvm.VariantJvm;
import dev.stackbench.core.compare.jvm.VariantOrder;
import dev.stackbench.core.jvm.AotCaches;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.Warmup;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineStore;
import dev.stackbench.core.plan.Plan;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.IntUnaryOperator;

/**
 * Runs a {@link Comparison}: every variant in a JVM of its own, started one after another, each warmed up (until
 * steady by default); then rounds, each a fresh random order of one trial per variant (a short re-warm, discarded,
 * and a measured window) while the other JVMs sit idle, their CPU meanwhile measured; or, {@link Schedule#TOGETHER},
 * every variant's trial of a round at once (warm-ups too). After the planned rounds
 * ({@link Looks}) the deciding metrics are analysed ({@link PairedAnalysis}) at each look's level of the error rate
 * spent over the looks; it stops once its {@link StopRule} says a look decided what it asks (by default every pair
 * decided; a check's, head decided against its limit), or at its round cap or time limit, or when stopped, and
 * says which; its final analysis spends what the looks left when the cap or the limit ended it. The coordinator
 * measures nothing itself.
 *
 * <pre>{@code
 * ComparisonRunner.Outcome outcome = ComparisonRunner.run(comparison, Path.of("out"), new StopRequest(), new ComparisonRunner.Listener() {});
 * outcome.result().verdict(Metric.RPS).orElseThrow().groups();
 * }</pre>
 */
public final class ComparisonRunner {

    /** Beyond a trial's warm-up, window and drain: JFR's start, the result's assembly, a GC. */
    static final Duration TRIAL_SLACK = Duration.ofSeconds(60);
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

    /**
     * How many of a generation's {@code wanted} JVMs per variant fit in {@code secondsLeft} with their start, warm-up
     * and {@code rounds} rounds, at what the generation before cost per JVM ({@code jvmsBefore} of them per variant:
     * their start and warm-up took {@code generationSeconds}, their longest round {@code longestRound}; both grow with
     * the JVMs): all, as many as fit, or none.
     */
    static int jvmsThatFit(
            int wanted, int jvmsBefore, double generationSeconds, int rounds, double longestRound, double secondsLeft) {
        double perJvm = (generationSeconds + rounds * longestRound) / jvmsBefore;
        return (int) Math.max(0, Math.min(wanted, Math.floor(secondsLeft / perJvm)));
    }

    /**
     * The most JVMs per variant, at most {@code forks}, that a pilot of {@code variants} variants can go on with: those
     * still waiting to warm up ({@code waiting.applyAsInt(m)} of the first m of each variant), at {@code pace} s each,
     * and then its {@code rounds} rounds of m JVMs per variant, at {@code roundPerJvm} s per JVM in a round, end within
     * {@code secondsLeft}; 0 if not even one per variant does.
     */
    static int pilotForksThatFit(
            int forks,
            int variants,
            IntUnaryOperator waiting,
            double pace,
            int rounds,
            double roundPerJvm,
            double secondsLeft) {
        for (int m = forks; m >= 1; m--) {
            if (pace * waiting.applyAsInt(m) + rounds * roundPerJvm * m * variants <= secondsLeft) {
                return m;
            }
        }
        return 0;
    }

    /**
     * @param out  where comparison.json, each trial's files and the JVMs' logs go; null for none (the logs then go
     *             to a temporary directory, named in failures)
     * @param stop ends it at once, the warm-up or trial under way cut short; the complete rounds are kept
     * @throws VariantFailure if a variant's JVM does not start: nothing is written, nothing is left running
     */
    public static Outcome run(Comparison comparison, Path out, StopRequest stop, Listener listener) {
        return new Run(comparison, out, stop, listener).run();
    }

    /** One comparison under way. */
    private static final class Run {
        private final Comparison comparison;
        /** The design; a planned one's changes once, after its pilot. */
        private Design design;

        private Looks looks;
        /** Whether the pilot's trials have made the plan. */
        private boolean pilotPlanned;
        /**
         * What the time limit cut of the warm-ups, for the result's warnings: the pilot made smaller, or the warm-ups
         * stopped (the later says all); null if nothing.
         */
        private String warmingCut;

        private final Path out;
        private final StopRequest stop;
        private final Listener listener;
        private final MachineStore machines = MachineStore.standard();
        private Machine machine;
        /** The pilots of planned comparisons on this machine: the last of this kind plan up front; this one's is kept. */
        private final PilotMemory pilots = PilotMemory.standard();
        /** What a planned design's pilot is a fact about, besides the machine ({@link PilotPlan#kind}); null unless planned. */
        private final String pilotKind;

        private final long startNanos = System.nanoTime();
        private final Instant startedAt = Instant.now();
        private final List<Variant> variants;
        private final RoundSchedule schedule;
        /** The generation of JVMs alive now (volatile: a Ctrl-C handler's thread cancels their runs). */
        private volatile List<VariantJvm> jvms = List.of();
        /** Every JVM started, over the generations. */
        private final List<VariantJvm> started = new ArrayList<>();

        private int generation;
        /** What the last generation's start and warm-up took. */
        private double generationSeconds;

        private Path logs;
        private VariantAot aot;
        /** Hears the pilot's trials and plans the rest; null unless the design is planned. */
        private final PilotPlan pilot;

        private final Warmups warmups;
        private final Map<String, dev.stackbench.core.result.ServerProfile> profiles = new LinkedHashMap<>();
        private final Map<String, IdleCpu> cpu = new LinkedHashMap<>();
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
            this.schedule = RoundSchedule.of(design.schedule());
            this.pilot = design.planned()
                    ? new PilotPlan(
                            design.detect(),
                            design,
                            comparison.aa() == null ? null : Comparison.aaLabel(comparison.aa()))
                    : null;
            this.pilotKind = design.planned() ? PilotPlan.kind(comparison, variants) : null;
            this.warmups = new Warmups(
                    design,
                    options.duration() == null ? Design.WINDOW : options.duration(),
                    trialTimeout,
                    stop,
                    listener,
                    this::name,
                    jvm -> out == null ? null : directory("warmup", jvm));
        }

        Outcome run() {
            VariantCommand.checkMainClasses(variants);
            if (out != null) {
                ResultFiles.checkWritable(out);
            }
            // Before any JVM starts: the calibration runs (once per boot, and again while it ran busy) on a machine
            // that nothing of ours loads, and every variant's JVM finds it kept.
            machine = machines.beforeARun(listener::message);
            listener.message("machine: " + machine.words());
            machines.speedAgainstPrevious(machine)
                    .ifPresent(words -> listener.message("speed: this machine is " + words));
            if (pilot != null) {
                List<PilotMemory.Remembered> earlier = pilots.recent(machine.id(), pilotKind);
                pilot.upFront(earlier, variants.stream().map(Variant::label).toList())
                        .lines()
                        .forEach(listener::message);
                pilot.alongside(PilotMemory.whole(earlier).stream()
                        .map(PilotMemory.Remembered::components)
                        .toList());
            }
            logs = logDirectory();
            aot = new VariantAot(comparison, AotCaches.standard(), logs, listener);
            // Every cache trained before the first measured JVM starts: a training never runs beside a measurement.
            variants.forEach(aot::options);
            // Stopped, every JVM ends the run it has under way at once (a warm-up can last a minute), not after it.
            stop.whenRequested(() -> jvms.forEach(VariantJvm::cancel));
            long start = System.nanoTime();
            startJvms(1); // a JVM that does not start ends it here, before anything is written
            if (pilot != null) {
                pilot.jvmsStarted((System.nanoTime() - start) / 1e9 / jvms.size());
            }
            VariantFailure failure = null;
            ComparisonResult.Stop stopped;
            try {
                stopped = warmUp(start) ? rounds() : ComparisonResult.Stop.TIME;
                retireGeneration(true);
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

        /** A JVM's directory under {@code kind}: kind/LABEL, or kind/LABEL/fork-N with several JVMs per variant. */
        private String directory(String kind, VariantJvm jvm) {
            Path directory = out.resolve(kind).resolve(jvm.variant().label());
            return (design.forkNamed() ? directory.resolve("fork-" + jvm.fork()) : directory).toString();
        }

        private String name(VariantJvm jvm) {
            return jvm.name(design.forkNamed());
        }

        /**
         * Starts generation {@code number}'s JVMs (forks numbered on from the generations before) and warms them up.
         *
         * @return whether every one was warmed up ({@link #warmUp})
         */
        private boolean startGeneration(int number) {
            long start = System.nanoTime();
            startJvms(number);
            return warmUp(start);
        }

        /** Starts generation {@code number}'s JVMs, their forks numbered on from the generations before. */
        private void startJvms(int number) {
            generation = number;
            if (design.generations() > 1) {
                listener.message("generation " + number + " of " + design.generations() + ": " + design.forksIn(number)
                        + " JVM(s) per variant");
            }
            jvms = Warmups.startAll(comparison, design, number, logs, stop, listener, aot::options);
            started.addAll(jvms);
            jvms.forEach(jvm -> cpu.put(name(jvm), new IdleCpu()));
        }

        /**
         * Warms up the generation alive, whose start began at {@code start} (nanoTime): what a generation costs.
         *
         * @return false when stopped, or when it stopped warming up because the rest and a round would end after the
         *     time limit
         */
        private boolean warmUp(long start) {
            // Fork by fork (every variant's first JVM, then every second): a pilot the time limit makes smaller keeps
            // the JVMs warmed before it knew.
            boolean all = warmups.warmAll(
                    jvms.stream()
                            .sorted(Comparator.comparingInt(VariantJvm::fork))
                            .toList(),
                    schedule,
                    this::goOnWarming);
            generationSeconds = (System.nanoTime() - start) / 1e9;
            if (all && pilot != null && generation == 1) {
                pilot.jvmsReady(generationSeconds);
            }
            return all;
        }

        /**
         * Which of the JVMs waiting to warm up to go on with: all, when they, at the pace of those warmed so far, and then
         * a first round still end within the time limit (a planned design's pilot: its rounds, which its plan is made
         * from). If not, it says so: the rest of the time would go to warm-ups that no round follows (nine JVMs of a check
         * on Zipkin took its 10 minutes and measured nothing). A pilot goes on with the most JVMs per variant that fit
         * with its rounds, if one does, and makes itself smaller ({@link #smallerPilot}): eight variants' pilot of 24 JVMs
         * stopped here with nothing measured.
         */
        private List<VariantJvm> goOnWarming(int warmed, double warmupSeconds, List<VariantJvm> waiting) {
            double pace = warmupSeconds / warmed;
            double rest = pace * waiting.size();
            double round = schedule.firstRoundSeconds(jvms, trialLength);
            double roundPerJvm = round / jvms.size();
            double left = secondsLeft();
            boolean ofPilot = pilot != null && generation == 1;
            IntUnaryOperator waitingOf =
                    m -> (int) waiting.stream().filter(jvm -> jvm.fork() <= m).count();
            if (ofPilot) {
                int forks = design.forksIn(1);
                int fit = pilotForksThatFit(
                        forks, variants.size(), waitingOf, pace, Design.PILOT_TRIALS, roundPerJvm, left);
                if (fit == forks) {
                    return waiting;
                }
                if (fit > 0) {
                    smallerPilot(fit, pace, left);
                    return waiting.stream().filter(jvm -> jvm.fork() <= fit).toList();
                }
            }
            if (rest + round <= left) {
                return waiting;
            }
            String instead;
            if (ofPilot) {
                // What a pilot of one JVM per variant needs: the time so far, its warm-ups left, and its rounds.
                double needed = design.timeLimit().toSeconds()
                        - left
                        + pace * waitingOf.applyAsInt(1)
                        + Design.PILOT_TRIALS * roundPerJvm * variants.size();
                instead = String.format(
                        Locale.ROOT,
                        "with nothing measured (give fewer variants, or a --time-limit of at least %s: a pilot of one JVM"
                                + " per variant at this pace and its %d rounds)",
                        Durations.format(Duration.ofMinutes((long) Math.ceil(needed / 60))),
                        Design.PILOT_TRIALS);
            } else if (generation == 1) {
                // What would fit: the time so far, the rest of the warm-ups, and the rounds of the first look.
                int firstLook = looks.rounds().getFirst();
                double needed = design.timeLimit().toSeconds() - left + rest + firstLook * round;
                instead = String.format(
                        Locale.ROOT,
                        "with nothing measured (give fewer JVMs, or a --time-limit of at least %s: these warm-ups at"
                                + " this pace and the %d round(s) of the first look)",
                        Durations.format(Duration.ofMinutes((long) Math.ceil(needed / 60))),
                        firstLook);
            } else {
                instead = "with the generations before it measured (give a longer --time-limit, or fewer JVMs)";
            }
            warmingCut = String.format(
                    Locale.ROOT,
                    "time limit: %d of %d JVMs warmed up in %.0f s; the other %d at that pace (about %.0f s) and a first"
                            + " round (about %.0f s) would end after the time limit of %s, %.0f s from now: stopping"
                            + " here, %s",
                    warmed,
                    warmed + waiting.size(),
                    warmupSeconds,
                    waiting.size(),
                    rest,
                    round,
                    Durations.format(design.timeLimit()),
                    left,
                    instead);
            listener.message(warmingCut);
            return List.of();
        }

        /**
         * The pilot goes on with its first {@code forks} JVMs per variant, all that the time limit holds: the others,
         * started (warmed up too, when the pace changed late: the pilot warms fork by fork), are stopped and left out of
         * the result, and the pilot's JVMs serve the comparison to its end ({@link #plan}).
         */
        private void smallerPilot(int forks, double pace, double left) {
            var dropped = jvms.stream().filter(jvm -> jvm.fork() > forks).toList();
            warmingCut = String.format(
                    Locale.ROOT,
                    "time limit: the pilot's %d JVMs per variant, at %.0f s a JVM to warm up, and its %d rounds would"
                            + " end after the time limit of %s, %.0f s from now; %d per variant fit: stopping the other"
                            + " %d JVMs, the pilot's %d JVM(s) per variant serve the comparison to its end",
                    design.forksIn(1),
                    pace,
                    Design.PILOT_TRIALS,
                    Durations.format(design.timeLimit()),
                    left,
                    forks,
                    dropped.size(),
                    forks);
            listener.message(warmingCut);
            // Out of the generation before they close: a stop meanwhile cancels only the JVMs kept.
            jvms = jvms.stream().filter(jvm -> jvm.fork() <= forks).toList();
            started.removeAll(dropped);
            dropped.forEach(jvm -> cpu.remove(name(jvm)));
            dropped.forEach(VariantJvm::close);
            design = design.pilotOf(forks);
            looks = design.looks();
            pilot.servesAlone(pace);
        }

        /** Ends the generation alive: each JVM's profile over its trials (when profiling and {@code profile}), then its JVM. */
        private void retireGeneration(boolean profile) {
            if (profile && comparison.profile() != null) {
                for (VariantJvm jvm : jvms) {
                    listener.message("profile of " + name(jvm) + ": reading its recording");
                    profiles.put(
                            name(jvm), jvm.profile(out == null ? null : directory(PROFILES, jvm), PROFILE_TIMEOUT));
                }
            }
            jvms.forEach(VariantJvm::close);
            jvms = List.of();
        }

        /**
         * After a planned design's pilot: the plan from its trials, followed for the rest (more generations of JVMs), or
         * the pilot alone when it cannot plan or the time buys no more.
         */
        private void plan() {
            PilotPlan.Decision decision = pilot.decide();
            decision.text().lines().forEach(listener::message);
            // Kept for the next comparison of its kind: a pilot held smaller says up front what the next time limit
            // holds.
            pilot.remembered(machine.id(), pilotKind, Instant.now()).ifPresent(pilots::remember);
            if (pilot.alone()) {
                // No generation after a pilot the time limit could not hold whole: its JVMs serve the rounds left.
                design = design.untilTheTimeLimit();
                looks = design.looks();
                listener.message("following the time limit: the pilot's " + design.jvmsPerVariant()
                        + " JVM(s) per variant serve rounds until it ends (at most " + design.maxRounds() + ")");
                return;
            }
            decision.plan().ifPresent(plan -> {
                int forks = design.forks();
                // What the plan asks; when the time limit bounds it, rounded up to a whole generation: the last one
                // starts with only the JVMs the time left holds (rounds()), so rounding up never overruns the limit,
                // and the plan's estimate of the time, made from the pilot, could leave some unspent.
                int jvmsInAll = Math.max(
                        forks,
                        plan.limitedBy() == Plan.Limit.BUDGET
                                ? Math.ceilDiv(plan.jvmsPerVariant(), forks) * forks
                                : plan.jvmsPerVariant());
                design = design.withGenerations(jvmsInAll, plan.trialsPerJvm());
                looks = design.looks();
                listener.message(
                        design.generations() == 1
                                ? "following the plan: the pilot's " + forks
                                        + " JVMs per variant are all it takes or the time allows, each serving "
                                        + design.maxRounds() + " trials"
                                : "following the plan: " + jvmsInAll + " JVMs per variant in all, in "
                                        + design.generations()
                                        + " generations of " + forks
                                        + design.smallerLastGeneration()
                                        + ", " + plan.trialsPerJvm() + " trial(s) each after the pilot");
            });
        }

        private ComparisonResult.Stop rounds() {
            var random = new Random(design.seed());
            double longestRound = 0;
            for (int round = 1; round <= design.maxRounds(); round++) {
                if (stop.requested()) {
                    return ComparisonResult.Stop.INTERRUPTED;
                }
                if (design.generation(round) != generation) {
                    int next = design.generation(round);
                    // A generation starts only with the JVMs whose start, warm-up and rounds fit in the time left.
                    int fit = ComparisonRunner.jvmsThatFit(
                            design.forksIn(next),
                            design.forksIn(generation),
                            generationSeconds,
                            design.lastRound(next) - round + 1,
                            Math.max(longestRound, 1),
                            secondsLeft());
                    if (fit < 1) {
                        return ComparisonResult.Stop.TIME;
                    }
                    if (fit < design.forksIn(next)) {
                        listener.message(String.format(
                                Locale.ROOT,
                                "time limit: the %.0f s left hold %d of generation %d's %d JVMs per variant, with"
                                        + " their rounds: starting those, the last",
                                secondsLeft(),
                                fit,
                                next,
                                design.forksIn(next)));
                        design = design.endingWith(next, fit);
                        looks = design.looks();
                    }
                    // A round grows with its JVMs: the longest so far, taken to this generation's size (kept as it
                    // was, a last generation of one JVM per variant was stopped after 4 of its 7 rounds, each thought
                    // as long as the pilot's rounds of three).
                    longestRound = longestRound * fit / design.forksIn(generation);
                    retireGeneration(true);
                    if (!startGeneration(next)) {
                        return ComparisonResult.Stop.TIME; // or stopped: the caller says which
                    }
                }
                double estimate = longestRound > 0 ? longestRound : schedule.firstRoundSeconds(jvms, trialLength);
                if (secondsLeft() < estimate) {
                    return ComparisonResult.Stop.TIME;
                }
                var order = new ArrayList<>(jvms);
                Collections.shuffle(order, random);
                long roundStart = System.nanoTime();
                var trials = new ArrayList<ComparisonResult.Trial>();
                for (List<VariantJvm> group : schedule.groups(order)) {
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
                var ran = new ComparisonResult.Round(
                        round, order.stream().map(this::name).toList(), trials, seconds);
                rounds.add(ran);
                var nothingServed = NothingServed.in(ran, rounds.size() == 1, design.forkNamed());
                if (nothingServed.isPresent()) {
                    throw nothingServed.get();
                }
                if (pilot != null) {
                    int number = round;
                    trials.forEach(trial -> pilot.trial(number, trial));
                    pilot.round(seconds, trials.size());
                    if (!pilotPlanned && round == design.lastRound(1) && generation == 1) {
                        pilotPlanned = true; // once: a plan may make the pilot's JVMs serve more rounds
                        plan();
                    }
                }
                List<MetricVerdict> verdicts =
                        looks.isLook(round) ? analyse(design.deciding(), looks.level(round, false)) : List.of();
                Duration left =
                        Duration.ofSeconds((long) Math.min(secondsLeft(), longestRound * (design.maxRounds() - round)));
                String control = comparison.aa() == null ? null : Comparison.aaLabel(comparison.aa());
                listener.round(round, design, seconds, verdicts, left, control);
                if (!verdicts.isEmpty() && comparison.stopRule().decided(verdicts, control)) {
                    return comparison.stopRule() == StopRule.EVERY_PAIR
                            ? ComparisonResult.Stop.DECIDED
                            : ComparisonResult.Stop.ANSWERED;
                }
            }
            return ComparisonResult.Stop.ROUNDS;
        }

        /** One trial of each JVM of {@code group}, all at once; the JVMs outside it sit idle, their CPU counted as such. */
        private List<ComparisonResult.Trial> trials(int round, List<VariantJvm> group) {
            double[] before = jvms.stream()
                    .mapToDouble(each -> each.cpuTime().toNanos() / 1e9)
                    .toArray();
            long start = System.nanoTime();
            List<ComparisonResult.Trial> measured = RoundSchedule.atOnce(group, jvm -> measure(round, jvm));
            double seconds = (System.nanoTime() - start) / 1e9;
            for (int j = 0; j < jvms.size(); j++) {
                double used = jvms.get(j).cpuTime().toNanos() / 1e9 - before[j];
                IdleCpu account = cpu.get(name(jvms.get(j)));
                if (group.contains(jvms.get(j))) {
                    account.trial(used);
                } else {
                    account.idle(used, seconds);
                }
            }
            return measured;
        }

        private ComparisonResult.Trial measure(int round, VariantJvm jvm) {
            String label = jvm.variant().label();
            String relative = out == null
                    ? null
                    : "trials/" + label + (design.forkNamed() ? "/fork-" + jvm.fork() : "") + "/round-"
                            + String.format("%02d", round);
            Instant startedAt = Instant.now();
            long start = System.nanoTime();
            RunResult result = jvm.measure(
                    new VariantOrder.Trial(
                            round,
                            design.trialWarmup(),
                            null,
                            relative == null ? null : out.resolve(relative).toString()),
                    trialTimeout);
            double seconds = (System.nanoTime() - start) / 1e9;
            return new ComparisonResult.Trial(
                    label,
                    jvm.fork(),
                    startedAt.toString(),
                    seconds,
                    TrialValues.of(result, Design.METRICS),
                    result,
                    relative);
        }

        private List<MetricVerdict> analyse(List<Metric> metrics, Looks.Level level) {
            List<String> labels = variants.stream().map(Variant::label).toList();
            var verdicts = new ArrayList<MetricVerdict>();
            for (Metric metric : metrics) {
                double[][][] values = new double[rounds.size()][labels.size()][];
                int[] generations = new int[rounds.size()];
                for (int r = 0; r < rounds.size(); r++) {
                    generations[r] = design.generation(rounds.get(r).number());
                    for (int v = 0; v < labels.size(); v++) {
                        values[r][v] = rounds.get(r).trials(labels.get(v)).stream()
                                .mapToDouble(trial -> trial.servedNothing()
                                        ? Double.NaN
                                        : trial.values().get(metric))
                                .toArray();
                    }
                }
                verdicts.add(PairedAnalysis.of(metric, labels, values, generations, design.settings(level)));
            }
            return verdicts;
        }

        private ComparisonResult result(ComparisonResult.Stop stopped, VariantFailure failure) {
            var metrics = new ArrayList<>(design.deciding());
            Design.METRICS.stream().filter(metric -> !metrics.contains(metric)).forEach(metrics::add);
            // The final analysis spends what the looks left when what ended it did not depend on the data (the round
            // cap,
            // the time limit); after a look that decided everything, it keeps that look's level.
            boolean last = stopped == ComparisonResult.Stop.ROUNDS || stopped == ComparisonResult.Stop.TIME;
            // A verdict of no round (every one left out: a variant served nothing) is none.
            List<MetricVerdict> verdicts = rounds.isEmpty()
                    ? List.of()
                    : analyse(metrics, looks.level(rounds.size(), last)).stream()
                            .filter(verdict -> verdict.rounds() > 0)
                            .toList();
            var records = new ArrayList<ComparisonResult.VariantRecord>();
            for (VariantJvm jvm : started) {
                IdleCpu account = cpu.get(name(jvm));
                records.add(new ComparisonResult.VariantRecord(
                        jvm.variant().label(),
                        jvm.fork(),
                        jvm.variant(),
                        jvm.pid(),
                        jvm.started().startup(),
                        warmups.warmup(name(jvm)),
                        warmups.rehearsals(name(jvm)),
                        account.trialCpuSeconds(),
                        account.idleCpuSeconds(),
                        account.idleSeconds(),
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
            return partial.withWarnings(ComparisonWarnings.of(partial, failure, warmingCut));
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

        /** What is left of the time limit: whatever would take longer ends after it. */
        private double secondsLeft() {
            return design.timeLimit().toSeconds() - elapsedSeconds();
        }
    }

    /** The comparison's file in its directory. */
    public static final String COMPARISON_JSON = "comparison.json";
    /** The directory of the variants' profiles beside it: profiles/LABEL/. */
    public static final String PROFILES = "profiles";
    /** How long a variant's JVM may take to read its recording of a whole comparison. */
    static final Duration PROFILE_TIMEOUT = Duration.ofMinutes(5);
}
