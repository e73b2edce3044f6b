package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;

/** How the engine's tests run the generator: against a URL, without progress. */
final class EngineRuns {

    private EngineRuns() {}

    /** The run's measurement: its result and what stays beside it (latency logs, profiles). */
    static Measurement measure(LoadRun run) throws Exception {
        return LoadGenerator.run(run, RunResult.Target.url(run.target()), ProgressListener.NONE);
    }

    /** The run's result. */
    static RunResult result(LoadRun run) throws Exception {
        return measure(run).result();
    }
}
