package dev.stackbench.core.scenario;

import dev.stackbench.core.app.RunningApp;
import dev.stackbench.core.app.SpringBootApps;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerVariants;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a scenario's runs one after another, each against its own server started in-process and
 * closed before the next starts (with its upstream service, when its nested calls go to one), and writes each run's
 * files into {@code out/<label>/}.
 *
 * <pre>{@code
 * List<RunResult> results = ScenarioRunner.run(Scenarios.find("seed-002"), Path.of("out"), new StopRequest(), new ScenarioRunner.Listener() {});
 * System.out.print(ComparisonTable.of(results));
 * }</pre>
 */
public final class ScenarioRunner {

    /** What a caller sees of a scenario while it runs; every method has a silent default. */
    public interface Listener {
        default void runStarting(int number, int count, ScenarioRun run) {}

        default void serverStarted(ScenarioRun run, RunningServer server, LoadRun load) {}

        /** A run's application is ready; {@code app} is closed when the run is over. */
        default void appStarted(ScenarioRun run, RunningApp app, LoadRun load) {}

        /** The live progress of one run. */
        default ProgressListener progress(ScenarioRun run) {
            return ProgressListener.NONE;
        }

        /** A run is over; called before its files are written, so that a failed write cannot hide what it measured. */
        default void measured(ScenarioRun run, Measurement measurement) {}

        /** A run's files are in {@code directory}. */
        default void written(ScenarioRun run, Path directory) {}
    }

    /** How a stop request's reason starts when a run's application stopped serving by itself: the scenario ends there. */
    public static final String APP_STOPPED = "the application stopped serving: ";

    private ScenarioRunner() {}

    /**
     * @param out  null to write no files
     * @param stop ends the run under way early (its result is kept, marked interrupted) and the runs after it
     * @return each run's result, in the scenario's order; fewer when stopped
     * @throws java.net.UnknownHostException never for the loopback servers it starts; LoadGenerator declares it
     */
    public static List<RunResult> run(Scenario scenario, Path out, StopRequest stop, Listener listener)
            throws UnknownHostException {
        return run(scenario, out, stop, false, listener);
    }

    /**
     * The same, with {@code startTimes}: each run's server started twice, the first stopped, to record a warm start
     * beside the first ({@link InProcessServers}).
     */
    public static List<RunResult> run(
            Scenario scenario, Path out, StopRequest stop, boolean startTimes, Listener listener)
            throws UnknownHostException {
        return run(scenario, out, stop, startTimes, null, listener);
    }

    /**
     * The same, each run's server profiled over its measured window with {@code profile} ({@link ProfiledRun}); null for
     * no profile.
     */
    public static List<RunResult> run(
            Scenario scenario,
            Path out,
            StopRequest stop,
            boolean startTimes,
            ProfileSettings profile,
            Listener listener)
            throws UnknownHostException {
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        var variants = ServerVariants.load();
        var results = new ArrayList<RunResult>();
        int number = 0;
        for (ScenarioRun run : scenario.runs()) {
            if (stop.requested()) {
                break;
            }
            listener.runStarting(++number, scenario.runs().size(), run);
            Measurement measurement;
            if (run.app() != null) {
                measurement = runApp(run, out, stop, listener);
            } else
                try (var servers = InProcessServers.start(variants, run.serverSpec(), run.upstream(), startTimes)) {
                    if (stop.requested()) {
                        break; // stopped while this run's server started: nothing of it measured
                    }
                    URI target = servers.baseUri();
                    LoadRun load = run.loadRun(target);
                    listener.serverStarted(run, servers.server(), load);
                    var described = servers.target(run.label(), run.resolvedWorkloadParams());
                    measurement = ProfiledRun.run(
                                    profile,
                                    servers,
                                    out == null ? null : out.resolve(run.label()),
                                    () -> LoadGenerator.run(load, described, listener.progress(run), stop))
                            .withStartup(servers.startup());
                }
            results.add(measurement.result());
            listener.measured(run, measurement);
            if (out != null) {
                Path directory = out.resolve(run.label());
                ResultFiles.write(directory, measurement);
                listener.written(run, directory);
            }
            // The previous run's garbage (a whole Spring context) should not be collected during the next one's window.
            System.gc();
        }
        return results;
    }

    /**
     * A run of the user's application: started (its output into {@code out/<label>/app.log}), driven, closed. If it stops
     * serving by itself, {@code stop} is requested with a reason starting {@link #APP_STOPPED}: this run keeps what it
     * measured, and no further run starts.
     */
    private static Measurement runApp(ScenarioRun run, Path out, StopRequest stop, Listener listener)
            throws UnknownHostException {
        Path log = out == null ? null : out.resolve(run.label()).resolve("app.log");
        try (RunningApp app = SpringBootApps.start(run.appSpec(log))) {
            app.onStopped(reason -> stop.request(APP_STOPPED + reason));
            LoadRun load = run.loadRun(app.baseUri());
            listener.appStarted(run, app, load);
            var target =
                    RunResult.Target.app(run.label(), app.baseUri(), app.description(), app.settings(), app.limits());
            return LoadGenerator.run(load, target, listener.progress(run), stop).withStartup(app.startup());
        }
    }
}
