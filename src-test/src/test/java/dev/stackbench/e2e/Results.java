package dev.stackbench.e2e;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.Workload;
import java.nio.file.Path;
import java.util.Map;

/** The result fixtures the tests share: runs measured in this JVM, and the files {@code load} and {@code compare} write, read. */
final class Results {

    private Results() {}

    /** The result.json in {@code dir}, as {@code load} wrote it. */
    static RunResult run(Path dir) {
        return ResultFiles.json().readValue(dir.resolve(ResultFiles.RESULT_JSON).toFile(), RunResult.class);
    }

    /** The comparison.json in {@code dir}, as {@code compare} wrote it. */
    static ComparisonResult comparison(Path dir) {
        return ResultFiles.json()
                .readValue(dir.resolve(ComparisonRunner.COMPARISON_JSON).toFile(), ComparisonResult.class);
    }

    /** {@code run} measured in this JVM against its URL, as {@code load --url} records it. */
    static RunResult measure(LoadRun run, ProgressListener listener) throws Exception {
        return LoadGenerator.run(run, RunResult.Target.url(run.target()), listener)
                .result();
    }

    /** {@code run} measured in this JVM against an in-process server, recorded with its settings and limits as {@code load} records them. */
    static Measurement measure(
            LoadRun run, RunningServer server, Approach approach, Workload workload, Map<String, String> params)
            throws Exception {
        var target = RunResult.Target.inProcess(
                null, server.baseUri(), approach.id(), workload.id(), params, server.settings(), server.limits());
        return LoadGenerator.run(run, target, ProgressListener.NONE);
    }
}
