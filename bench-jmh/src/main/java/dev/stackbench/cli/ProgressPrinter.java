package dev.stackbench.cli;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.Numbers;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The live progress of a run on stderr: a line per interval (its phase, requests/s, percentiles, errors, what is in
 * flight, queued or late, and while draining what is left to finish), and messages; {@code --quiet} silences both,
 * never the warnings.
 */
final class ProgressPrinter implements ProgressListener {

    private final PrintWriter err;
    private final boolean quiet;

    ProgressPrinter(PrintWriter err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
    }

    @Override
    public void interval(TimelineRow row) {
        if (!quiet) {
            err.printf(
                    Locale.ROOT,
                    "[%7.1fs] %-8s rps %9.1f  p50 %8s ms  p99 %8s ms  errors %6d  in flight %6d  connections %6d%s%s%n",
                    row.endSecond(),
                    row.phase(),
                    row.rps(),
                    Numbers.millis(row.p50Ms()),
                    Numbers.millis(row.p99Ms()),
                    row.errors(),
                    row.inFlight(),
                    row.openConnections(),
                    row.queued() > 0 ? "  queued " + row.queued() : "",
                    row.phase() == TimelinePhase.DRAIN
                            ? "  (draining: " + (row.inFlight() + row.queued()) + " to finish)"
                            : row.late() > 0 ? "  late " + row.late() : "");
            err.flush();
        }
    }

    @Override
    public void message(String message) {
        if (!quiet) {
            err.println(message);
            err.flush();
        }
    }

    @Override
    public void warning(String message) {
        err.println("WARNING: " + message);
        err.flush();
    }

    /** How a run warms up, as the progress line says it. */
    static String warmupText(LoadRun run) {
        if (run.warmupUntilSteady()) {
            return " after a warm-up until steady (at most " + Durations.format(run.warmup()) + ")";
        }
        return run.warmup().isZero() ? "" : " after " + Durations.format(run.warmup()) + " warm-up";
    }
}
