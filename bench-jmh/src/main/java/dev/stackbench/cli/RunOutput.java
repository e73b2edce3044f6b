package dev.stackbench.cli;

import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Summary;
import dev.stackbench.core.result.Threshold;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What a finished run leaves: its summary on stdout, then its files, and the thresholds' verdict as the exit code. */
final class RunOutput {

    private RunOutput() {}

    /** The summary first: if the files cannot be written (a full disk), what was measured is still on stdout. */
    static void write(Measurement measurement, Path out, PrintWriter stdout) {
        stdout.print(Summary.of(measurement.result()));
        stdout.flush();
        if (out != null) {
            ResultFiles.write(out, measurement);
            stdout.println("Results:      " + out.toAbsolutePath());
        }
        stdout.flush();
    }

    static int judge(RunResult result, List<Threshold> conditions, PrintWriter stdout, PrintWriter err) {
        var crossed = conditions.stream()
                .map(condition -> condition.crossedBy(result))
                .flatMap(Optional::stream)
                .toList();
        crossed.forEach(message -> err.println("FAILED: " + message));
        if (!conditions.isEmpty() && crossed.isEmpty()) {
            stdout.println("Thresholds:   all " + conditions.size() + " held");
        }
        return crossed.isEmpty() ? StackbenchMain.EXIT_OK : StackbenchMain.EXIT_FAILURE;
    }
}
