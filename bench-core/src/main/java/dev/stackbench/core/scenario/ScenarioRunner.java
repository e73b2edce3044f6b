package dev.stackbench.core.scenario;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerVariants;

/**
 * Runs a scenario's runs one after another, each against its own server started in-process and
 * closed before the next starts, and writes each run's files into {@code out/<label>/}.
 *
 * <pre>{@code
 * List<RunResult> results = ScenarioRunner.run(Scenarios.find("seed-002"), Path.of("out"), new ScenarioRunner.Listener() {});
 * System.out.print(ComparisonTable.of(results));
 * }</pre>
 */
public final class ScenarioRunner {

    /** What a caller sees of a scenario while it runs; every method has a silent default. */
    public interface Listener {
        default void runStarting(int number, int count, ScenarioRun run) {
        }

        default void serverStarted(ScenarioRun run, RunningServer server, LoadRun load) {
        }

        /** The live progress of one run. */
        default ProgressListener progress(ScenarioRun run) {
            return ProgressListener.NONE;
        }

        default void runFinished(ScenarioRun run, Measurement measurement, Path directory) {
        }
    }

    private ScenarioRunner() {
    }

    /**
     * @param out null to write no files
     * @return each run's result, in the scenario's order
     * @throws java.net.UnknownHostException never for the loopback servers it starts; LoadGenerator declares it
     */
    public static List<RunResult> run(Scenario scenario, Path out, Listener listener) throws java.net.UnknownHostException {
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        var variants = ServerVariants.load();
        var results = new ArrayList<RunResult>();
        int number = 0;
        for (ScenarioRun run : scenario.runs()) {
            listener.runStarting(++number, scenario.runs().size(), run);
            Measurement measurement;
            try (RunningServer server = variants.start(run.serverSpec())) {
                URI target = server.baseUri();
                LoadRun load = run.loadRun(target);
                listener.serverStarted(run, server, load);
                var description = RunResult.Target.inProcess(run.label(), target, run.approach().id(), run.workload().id(),
                        run.resolvedWorkloadParams(), server.settings(), server.limits());
                measurement = LoadGenerator.run(load, description, listener.progress(run));
            }
            Path directory = out == null ? null : out.resolve(run.label());
            if (directory != null) {
                ResultFiles.write(directory, measurement);
            }
            results.add(measurement.result());
            listener.runFinished(run, measurement, directory);
            // The previous run's garbage (a whole Spring context) should not be collected during the next one's window.
            System.gc();
        }
        return results;
    }
}
