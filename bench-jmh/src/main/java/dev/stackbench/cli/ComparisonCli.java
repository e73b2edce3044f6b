package dev.stackbench.cli;

import dev.stackbench.core.compare.Comparison;
import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.compare.PilotPlan;
import dev.stackbench.core.compare.PlannedCompilation;
import dev.stackbench.core.compare.ScenarioComparisons;
import dev.stackbench.core.compare.StopRule;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.jvm.ComparisonProfile;
import dev.stackbench.core.compare.jvm.VariantFailure;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.core.vocabulary.Durations;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Runs comparisons for the command line, {@code compare}'s and a scenario's that asks for them: progress on stderr,
 * the summary on stdout, and the exit code ({@link CompareCommand}'s description says which).
 */
final class ComparisonCli {

    private final PrintWriter stdout;
    private final PrintWriter err;
    private final boolean quiet;
    /** --detect's difference, a fraction; null without it. */
    private final Double detect;
    /** --tiered: a planned comparison's JVMs keep tiered compilation ({@link PlannedCompilation}). */
    private final boolean keepTiers;
    /** The plan the first look printed, printed again after the summary; null before it, or without --detect. */
    private String plan;

    private VariantFailure failure;

    ComparisonCli(PrintWriter stdout, PrintWriter err, boolean quiet) {
        this(stdout, err, quiet, null, false);
    }

    /**
     * @param detect    {@code --detect}'s difference as a fraction, for the plan its first rounds suggest; null for none
     * @param keepTiers {@code --tiered}: a planned comparison's JVMs keep tiered compilation
     */
    ComparisonCli(PrintWriter stdout, PrintWriter err, boolean quiet, Double detect, boolean keepTiers) {
        this.stdout = stdout;
        this.err = err;
        this.quiet = quiet;
        this.detect = detect;
        this.keepTiers = keepTiers;
    }

    /** One comparison, stoppable by Ctrl-C: the complete rounds are kept. */
    int run(Comparison comparison, Path out) {
        try (Interrupts interrupts = Interrupts.install(err)) {
            int exitCode = run(comparison, out, interrupts.stop());
            return interrupts.interrupted() ? interrupts.exitCode() : exitCode;
        }
    }

    /**
     * Each group of a scenario's runs under one load, compared interleaved, one after the other; a run alone under its
     * load is named and skipped.
     *
     * @param window  each trial's window; null: the runs' own duration
     * @param designs the design of a group, by its load profile
     */
    int runScenario(
            Scenario scenario,
            Duration window,
            Function<LoadProfile, Design> designs,
            List<String> jvmOptions,
            ComparisonProfile profile,
            Path out) {
        var groups = ScenarioComparisons.groups(scenario);
        int worst = StackbenchMain.EXIT_OK;
        try (Interrupts interrupts = Interrupts.install(err)) {
            for (ScenarioComparisons.Group group : groups) {
                if (interrupts.interrupted()) {
                    break;
                }
                if (group.runs().size() < 2) {
                    stdout.printf(
                            "== %s: %s alone under %s: nothing to compare it with%n",
                            group.name(), group.labels().getFirst(), group.load());
                    continue;
                }
                stdout.printf(
                        "== %s of %s: %s under %s%n",
                        group.name(), scenario.name(), String.join(", ", group.labels()), group.load());
                stdout.flush();
                var loadProfile = group.runs().getFirst().load().profile(LoadOption.Naming.SCENARIO_FILE);
                Comparison comparison = group.comparison(window, designs.apply(loadProfile), jvmOptions, null)
                        .withProfile(profile);
                worst = Math.max(
                        worst, run(comparison, out == null ? null : out.resolve(group.name()), interrupts.stop()));
            }
            return interrupts.interrupted() ? interrupts.exitCode() : worst;
        }
    }

    private int run(Comparison asGiven, Path out, StopRequest stop) {
        var compilation = PlannedCompilation.apply(asGiven, keepTiers);
        Comparison comparison = compilation.comparison();
        if (!quiet) {
            err.printf(
                    "comparing %s, each in its own JVM: %s; %s%n",
                    comparison.measured().stream().map(Variant::label).collect(Collectors.joining(", ")),
                    comparison
                            .load()
                            .loadOptions()
                            .profile(LoadOption.Naming.COMMAND_LINE)
                            .describe(),
                    (comparison.design().planned()
                                    ? "a pilot of " + Design.PILOT_FORKS
                                            + " JVMs per variant, then as many as its plan needs, "
                                            + comparison.design().schedule().words()
                                            + (comparison.design().schedule() == Schedule.TOGETHER
                                                            && Schedule.planned(comparison
                                                                            .design()
                                                                            .deciding())
                                                                    == Schedule.TOGETHER
                                                    ? " (the plan's choice for CPU per request, unless --in-turns)"
                                                    : "")
                                            + ", within "
                                    : "up to " + comparison.design().maxRounds() + " rounds or ")
                            + Durations.format(comparison.design().timeLimit()));
            if (compilation.words() != null) {
                err.println(compilation.words());
            }
            err.flush();
        }
        ComparisonRunner.Outcome outcome;
        plan = null;
        try {
            outcome = ComparisonRunner.run(
                    comparison,
                    out,
                    stop,
                    progress(
                            comparison.stopRule(),
                            comparison.design().severalJvms(),
                            // a planned design's runner plans (and prints) itself; one set by hand is advised
                            detect == null || comparison.design().planned()
                                    ? null
                                    : new PilotPlan(
                                            detect,
                                            comparison.design(),
                                            comparison.aa() == null ? null : Comparison.aaLabel(comparison.aa())),
                            comparison.measured().size() * comparison.design().forks()));
        } catch (VariantFailure e) {
            if (stop.requested()) {
                err.println("stopped before every variant had started: nothing was measured, nothing is written");
                err.flush();
                return StackbenchMain.EXIT_FAILURE;
            }
            failure(e);
            return e.badInput() ? StackbenchMain.EXIT_USAGE : StackbenchMain.EXIT_FAILURE;
        }
        stdout.print(ComparisonSummary.of(outcome.result()));
        if (plan != null) {
            stdout.print(plan);
        }
        if (outcome.written() != null) {
            stdout.println("Results:      "
                    + outcome.written()
                            .resolve(ComparisonRunner.COMPARISON_JSON)
                            .toAbsolutePath());
        }
        stdout.flush();
        if (outcome.failure() != null) {
            failure(outcome.failure());
            return outcome.failure().badInput() || outcome.failure().stopped()
                    ? StackbenchMain.EXIT_USAGE
                    : StackbenchMain.EXIT_FAILURE;
        }
        return outcome.result().stopped() == ComparisonResult.Stop.INTERRUPTED
                ? StackbenchMain.EXIT_FAILURE
                : StackbenchMain.EXIT_OK;
    }

    /** The variant failure that ended this comparison, if one did (said on stderr already). */
    Optional<VariantFailure> failure() {
        return Optional.ofNullable(failure);
    }

    private void failure(VariantFailure e) {
        failure = e;
        err.println("error: " + e.getMessage());
        e.logTail().forEach(line -> err.println("  | " + line));
        if (e.log() != null) {
            err.println("  (its log: " + e.log() + ")");
        }
        err.flush();
    }

    /**
     * @param pilot          hears the trials and rounds, for the plan printed at the first look; null without --detect
     * @param trialsPerRound every JVM's one trial
     */
    private ComparisonRunner.Listener progress(
            StopRule stopRule, boolean severalJvms, PilotPlan pilot, int trialsPerRound) {
        return new ComparisonRunner.Listener() {
            @Override
            public void message(String line) {
                if (!quiet) {
                    err.println(line);
                    err.flush();
                }
            }

            @Override
            public void trial(int round, int index, int count, ComparisonResult.Trial trial) {
                if (pilot != null) {
                    pilot.trial(round, trial);
                }
                if (!quiet) {
                    var values = trial.values();
                    err.printf(
                            Locale.ROOT,
                            "round %3d [%d/%d] %-20s rps %10.1f  p50 %8.3f ms  p99 %8.3f ms  CPU %7.1f us/req  errors %d  (%.1f s)%n",
                            round,
                            index,
                            count,
                            severalJvms ? trial.label() + "#" + trial.fork() : trial.label(),
                            values.get(Metric.RPS),
                            values.get(Metric.P50),
                            values.get(Metric.P99),
                            values.get(Metric.CPU_PER_REQUEST),
                            trial.result().requests().errors(),
                            trial.seconds());
                    err.flush();
                }
            }

            @Override
            public void round(
                    int round,
                    Design design,
                    double roundSeconds,
                    List<MetricVerdict> verdicts,
                    Duration timeLeft,
                    String control) {
                if (pilot != null) {
                    pilot.round(roundSeconds, trialsPerRound);
                    if (!verdicts.isEmpty() && plan == null) {
                        plan = pilot.text();
                        if (!quiet) {
                            err.print(plan);
                        }
                    }
                }
                if (quiet || verdicts.isEmpty()) {
                    return;
                }
                var looks = design.looks();
                err.printf("after round %d (look %d of %d):%n", round, looks.number(round), looks.count());
                for (MetricVerdict verdict : verdicts) {
                    for (PairVerdict pair : verdict.pairs()) {
                        boolean isControl = control != null
                                && (pair.first().equals(control)
                                        || pair.second().equals(control));
                        err.printf(
                                "  %s: %s%s%n",
                                verdict.metric().id(),
                                ComparisonSummary.pairWords(pair, verdict.metric()),
                                isControl ? " (the A/A control)" : pair.decided() ? "" : " (undecided)");
                    }
                }
                long undecided = verdicts.stream()
                        .mapToLong(verdict -> verdict.undecided(control))
                        .sum();
                boolean answered = stopRule != StopRule.EVERY_PAIR && stopRule.decided(verdicts, control);
                err.printf(
                        "  %s; at most %s left%n",
                        answered
                                ? stopRule.words() + ": decided, so it stops here"
                                : undecided == 0
                                        ? "every pair decided"
                                        : undecided + " pair(s) undecided, next look after round "
                                                + looks.next(round + 1),
                        Durations.format(timeLeft));
                err.flush();
            }
        };
    }
}
