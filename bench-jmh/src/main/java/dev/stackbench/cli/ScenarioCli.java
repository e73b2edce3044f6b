package dev.stackbench.cli;

import dev.stackbench.core.app.RunningApp;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ShardManifest;
import dev.stackbench.core.result.Summary;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.scenario.ComparisonTable;
import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.scenario.ScenarioRun;
import dev.stackbench.core.scenario.ScenarioRunner;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.core.scenario.Shard;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.vocabulary.Durations;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code load --scenario}: a scenario's runs, already chosen and overridden by the command line,
 * executed by {@link ScenarioRunner}, each run's summary and a comparison table on stdout, progress on stderr.
 */
final class ScenarioCli {

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean quiet;
    private final boolean startTimes;
    private final ProfileSettings profile;
    private final ProgressListener progress;

    /**
     * @param quiet      no line when a run's server has started; {@code progress} decides about the rest
     * @param startTimes start each run's server twice, to record a warm start ({@code --start-times})
     * @param profile    how each run's server is profiled ({@code --profile}); null for no profile
     */
    ScenarioCli(
            PrintWriter out,
            PrintWriter err,
            boolean quiet,
            boolean startTimes,
            ProfileSettings profile,
            ProgressListener progress) {
        this.out = out;
        this.err = err;
        this.quiet = quiet;
        this.startTimes = startTimes;
        this.profile = profile;
        this.progress = progress;
    }

    /** {@code load --list-scenarios}: each bundled scenario in a few lines. */
    static int list(PrintWriter out) {
        for (String name : Scenarios.bundledNames()) {
            Scenario scenario = Scenarios.bundled(name);
            out.printf(
                    "%-10s %s, %d runs, at most %s%n",
                    name, scenario.source(), scenario.runs().size(), Durations.format(roundedToSeconds(scenario)));
            out.printf("           scale: %s%n", scenario.scale());
        }
        out.println();
        out.println("Run one with: load --scenario NAME [--out DIR]; shorten it with e.g. --duration 2s --warmup 1s.");
        out.flush();
        return StackbenchMain.EXIT_OK;
    }

    /**
     * @param overrides        the command line's options that replaced every run's own, as typed, for the header; may be empty
     * @param conditions       checked on every run
     * @param resultsDirectory where each run's files go, under its label; null for none
     */
    int run(Scenario scenario, String overrides, List<Threshold> conditions, Path resultsDirectory, StopRequest stop)
            throws Exception {
        return run(scenario, "", overrides, conditions, resultsDirectory, stop);
    }

    /**
     * {@code --shard i/n}: the shard's runs of the scenario ({@link Scenario#runsOf}), as {@link #run}, and once every
     * one of them is written, {@code shard.json} beside them, which tells gate and report that the shard is complete
     * and which runs it holds. A shard with no runs (more shards than runs) says so, runs nothing and writes that
     * file alone, so that the merge still sees every shard; an interrupted shard writes none.
     */
    int runShard(
            Scenario whole,
            Shard shard,
            String overrides,
            List<Threshold> conditions,
            Path resultsDirectory,
            StopRequest stop)
            throws Exception {
        List<ScenarioRun> mine = whole.runsOf(shard);
        var manifest =
                new ShardManifest(whole.name(), shard.index(), shard.count(), labels(mine), labels(whole.runs()));
        if (resultsDirectory != null) {
            ResultFiles.checkWritable(resultsDirectory);
        }
        int exitCode = StackbenchMain.EXIT_OK;
        if (mine.isEmpty()) {
            header(whole, "", overrides);
            out.printf(
                    "Shard:        %s has no runs: %d runs in %d shards; nothing to run%n",
                    shard, whole.runs().size(), shard.count());
        } else {
            String about = shard + ": " + String.join(", ", manifest.labels()) + " (" + mine.size()
                    + " of the scenario's " + whole.runs().size() + " runs)";
            exitCode = run(whole.withRuns(mine), about, overrides, conditions, resultsDirectory, stop);
        }
        if (resultsDirectory != null && !stop.requested()) {
            manifest.writeInto(resultsDirectory);
            out.println("Shard:        "
                    + resultsDirectory.resolve(ShardManifest.FILE).toAbsolutePath()
                    + " (report and gate take every shard's directory together)");
        }
        out.flush();
        return exitCode;
    }

    private static List<String> labels(List<ScenarioRun> runs) {
        return runs.stream().map(ScenarioRun::label).toList();
    }

    private int run(
            Scenario scenario,
            String shard,
            String overrides,
            List<Threshold> conditions,
            Path resultsDirectory,
            StopRequest stop)
            throws Exception {
        header(scenario, shard, overrides);

        var crossed = new ArrayList<String>();
        List<RunResult> results = ScenarioRunner.run(
                scenario, resultsDirectory, stop, startTimes, profile, new ScenarioRunner.Listener() {
                    @Override
                    public void runStarting(int number, int count, ScenarioRun run) {
                        out.printf(
                                "%n== run %d of %d: %s (%s)%s%n",
                                number,
                                count,
                                run.label(),
                                run.describeTarget(),
                                run.note().isEmpty() ? "" : ": " + run.note());
                        out.flush();
                    }

                    @Override
                    public void serverStarted(ScenarioRun run, RunningServer server, LoadRun load) {
                        if (!quiet) {
                            err.printf(
                                    "[%s] started %s (%s) at %s in %d ms; running %s%s%n",
                                    run.label(),
                                    run.approach(),
                                    run.workload(),
                                    server.baseUri(),
                                    server.startupTime().toMillis(),
                                    load.profile().describe(),
                                    ProgressPrinter.warmupText(load));
                            err.flush();
                        }
                    }

                    @Override
                    public void appStarted(ScenarioRun run, RunningApp app, LoadRun load) {
                        if (!quiet) {
                            err.printf(
                                    "[%s] started %s (%s) at %s in %.0f ms, its output in %s; running %s%s%n",
                                    run.label(),
                                    run.describeTarget(),
                                    app.description().describe(),
                                    app.baseUri(),
                                    app.startup().millis(),
                                    app.description().logFile(),
                                    load.profile().describe(),
                                    ProgressPrinter.warmupText(load));
                            err.flush();
                        }
                    }

                    @Override
                    public ProgressListener progress(ScenarioRun run) {
                        return progress;
                    }

                    @Override
                    public void measured(ScenarioRun run, Measurement measurement) {
                        out.print(Summary.of(measurement.result()));
                        out.flush();
                        for (Threshold condition : conditions) {
                            condition
                                    .crossedBy(measurement.result())
                                    .map(message -> run.label() + ": " + message)
                                    .ifPresent(crossed::add);
                        }
                    }

                    @Override
                    public void written(ScenarioRun run, Path directory) {
                        out.println("Results:      " + directory.toAbsolutePath());
                        out.flush();
                    }
                });

        out.printf("%n== %s: comparison (rps and latency of successful requests)%n", scenario.name());
        out.print(ComparisonTable.of(results));
        if (resultsDirectory != null) {
            out.println("Results:      " + resultsDirectory.toAbsolutePath() + "/<label>/");
        }
        out.flush();
        if (stop.requested() && stop.reason().startsWith(ScenarioRunner.APP_STOPPED)) {
            String label = results.isEmpty() ? "?" : results.getLast().target().label();
            err.println("error: run '" + label + "': " + stop.reason() + "; what it measured until then is "
                    + (resultsDirectory != null ? "written, marked interrupted" : "in its summary, marked interrupted")
                    + "; no further run started");
            err.flush();
            return StackbenchMain.EXIT_USAGE;
        }
        crossed.forEach(message -> err.println("FAILED: " + message));
        if (!conditions.isEmpty() && crossed.isEmpty()) {
            out.println("Thresholds:   all " + conditions.size() + " held on every run");
        }
        return crossed.isEmpty() ? StackbenchMain.EXIT_OK : StackbenchMain.EXIT_FAILURE;
    }

    private void header(Scenario scenario, String shard, String overrides) {
        out.printf(
                "Scenario:     %s%s, %d runs, at most %s%n",
                scenario.name(),
                scenario.source().isEmpty() ? "" : " (from " + scenario.source() + ")",
                scenario.runs().size(),
                Durations.format(roundedToSeconds(scenario)));
        if (!shard.isEmpty()) {
            out.println("Shard:        " + shard);
        }
        if (!scenario.scale().isEmpty()) {
            out.println("Scale:        " + scenario.scale());
        }
        if (!overrides.isEmpty()) {
            out.println("Overrides:    " + overrides + " (command line, on every run)");
        }
        if (!scenario.description().isEmpty()) {
            out.println("About:        " + scenario.description().replace("\n", "\n              "));
        }
        out.flush();
    }

    private static Duration roundedToSeconds(Scenario scenario) {
        return Duration.ofSeconds(Math.round(scenario.estimatedLength().toMillis() / 1000.0));
    }
}
