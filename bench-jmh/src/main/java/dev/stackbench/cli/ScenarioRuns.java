package dev.stackbench.cli;

import dev.stackbench.core.compare.Design;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.jvm.ComparisonProfile;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.core.scenario.Shard;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.UpstreamService;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code load --scenario}: a scenario's runs one after another, each against its own server, with the command line's
 * every-run options over each run's own; or, for a scenario that says {@code compare: interleaved}, compared in rounds.
 */
final class ScenarioRuns {

    private final CommandSpec spec;
    private final Approach approach;
    private final Map<String, String> workloadParams;
    private final Map<String, String> serverProperties;
    private final String upstream;
    private final boolean startTimes;
    private final List<String> thresholds;
    private final Path out;
    private final boolean quiet;
    private final String scenario;
    private final List<String> only;
    private final String shard;
    private final Function<PrintWriter, ProgressListener> progress;
    private final boolean outputs;

    ScenarioRuns(LoadCommand command) {
        this.progress = command::progress;
        this.outputs = !command.outputs.isEmpty();
        this.spec = command.spec;
        this.approach = command.approach;
        this.workloadParams = command.workloadParams;
        this.serverProperties = command.serverProperties;
        this.upstream = command.upstream;
        this.startTimes = command.startTimes;
        this.thresholds = command.thresholds;
        this.out = command.out;
        this.quiet = command.quiet;
        this.scenario = command.scenario;
        this.only = command.only;
        this.shard = command.shard;
    }

    /**
     * {@code --scenario}: the options that replace every run's own applied over the scenario's runs,
     * the runs chosen by {@code --approach} and {@code --only}; refused when an option is a run's own.
     */
    int run(ProfileSettings profileSettings) throws Exception {
        ParseResult parsed = spec.commandLine().getParseResult();
        LoadOptionSpecs.rejectRunsOwn(spec, parsed);
        Shard chosenShard = shard == null ? null : Shard.parse(shard);
        List<Threshold> conditions = thresholds.stream().map(Threshold::parse).toList();
        Scenario found = Scenarios.find(scenario).only(new LinkedHashSet<>(only), approach);
        LoadOptions given;
        try {
            given = LoadOptionSpecs.given(spec);
        } catch (LoadOptions.InvalidOption e) {
            throw found.commandLineOptionRefused(e);
        }
        Scenario chosen = found.overriddenBy(given, workloadParams, serverProperties);
        if (upstream != null) { // every run's nested calls to it, or with 'self' to its own server
            UpstreamService service = UpstreamService.parseUnlessSelf(upstream).orElse(null);
            chosen = chosen.withRuns(
                    chosen.runs().stream().map(run -> run.withUpstream(service)).toList());
        }
        for (var run :
                chosen.runs()) { // a threshold on a name some run lacks could never pass there: refused before any run
            try {
                LoadCommand.checkRequestNames(conditions, run.mix());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("run '" + run.label() + "': " + e.getMessage(), e);
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        if (chosen.interleaved()) {
            return runInterleaved(chosen, conditions, chosenShard, profileSettings, err);
        }
        boolean anyApp = chosen.runs().stream().anyMatch(run -> run.app() != null);
        try (Interrupts interrupts = Interrupts.install(err);
                AppExitGuard guard = anyApp ? AppExitGuard.install(interrupts.stop(), err) : null) {
            var cli = new ScenarioCli(
                    spec.commandLine().getOut(), err, quiet, startTimes, profileSettings, progress.apply(err));
            String overrides = LoadOptionSpecs.everyRunOverrides(spec, parsed);
            int exitCode = chosenShard == null
                    ? cli.run(chosen, overrides, conditions, out, interrupts.stop())
                    : cli.runShard(chosen, chosenShard, overrides, conditions, out, interrupts.stop());
            return interrupts.interrupted() ? interrupts.exitCode() : exitCode;
        }
    }

    /**
     * A scenario that says {@code compare: interleaved}: each group of its runs under one load compared as {@code compare
     * --scenario} compares them, with compare's defaults; each trial measures the runs' own duration.
     */
    private int runInterleaved(
            Scenario chosen,
            List<Threshold> conditions,
            Shard chosenShard,
            ProfileSettings profileSettings,
            PrintWriter err) {
        if (outputs) {
            throw new IllegalArgumentException(
                    "scenario " + chosen.name() + " is compared interleaved (compare: interleaved): "
                            + "its runs are in JVMs of their own, which --output does not reach; give --output to runs one after another");
        }
        if (!conditions.isEmpty() || chosenShard != null || startTimes) {
            throw new IllegalArgumentException(
                    "scenario " + chosen.name() + " is compared interleaved (compare: interleaved): --threshold, "
                            + "--shard and --start-times apply to runs one after another; gate a comparison with gate --comparison");
        }
        err.println("scenario " + chosen.name()
                + " asks for its runs to be compared interleaved (compare: interleaved): each group of runs "
                + "under one load is compared in rounds, each run in its own JVM, as compare --scenario does");
        return new ComparisonCli(spec.commandLine().getOut(), err, quiet)
                .runScenario(
                        chosen,
                        null,
                        profile -> new Design(
                                Design.MIN_ROUNDS,
                                Design.MAX_ROUNDS,
                                Design.TIME_LIMIT,
                                Design.TRIAL_WARMUP,
                                Design.REHEARSALS,
                                Design.FORKS,
                                Schedule.TURNS,
                                Design.CONFIDENCE,
                                Design.EQUIVALENCE_MARGIN,
                                Design.defaultDeciding(profile),
                                System.nanoTime()),
                        List.of(),
                        profileSettings == null
                                ? null
                                : new ComparisonProfile(profileSettings.mode(), profileSettings.keepRecordings()),
                        out);
    }
}
