package dev.stackbench.cli;

import dev.stackbench.core.report.ComparisonReport;
import dev.stackbench.core.report.Report;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Turns results into one HTML page with charts: winners across labels, what bounds each run, how it ran. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Writes an HTML report of results of `load --out` (or of a comparison) with its charts.",
            "DIR/index.html is self-contained (inline CSS), its PNG charts beside it: a winners table across labels (repeats "
                    + "of a label give its spread; labels the gate's test cannot tell apart share a rank; labels whose window was "
                    + "not steady rank apart, after the steady ones, with the reason; labels with failed requests last), the "
                    + "bound that explains each run's throughput, throughput and latency distributions compared, and each run's "
                    + "latency, CPU, heap/GC and threads over time.",
            "Results are read as gate reads them: exit code 2 on bad input (a missing file, another schema, a garbage, empty "
                    + "or truncated latency.hlog), naming the file."
        })
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            paramLabel = "RESULT",
            arity = "1..*",
            description =
                    "A result.json, a run directory holding one, or a directory searched for them; or one comparison "
                            + "(compare --out's directory, or its comparison.json), whose page shows its groups, pairs and rounds.")
    List<Path> results = new ArrayList<>();

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            required = true,
            description = "Write index.html and the charts here (replaced as a whole).")
    Path out;

    @Option(
            names = "--across-machines",
            description =
                    "Show results of different machines together: the page names the machines and what sets them"
                            + " apart. Without it, results of different machines are refused (exit code 2): a report ranks what it shows.")
    boolean acrossMachines;

    @Override
    public Integer call() {
        Path comparison = ComparisonReport.comparison(results);
        if (comparison != null) {
            Report.Written written = ComparisonReport.write(comparison, out);
            spec.commandLine()
                    .getOut()
                    .printf(
                            "Report:       %s (a comparison of %d variants, %d trials, %d charts)%n",
                            written.page(),
                            written.labels(),
                            written.runs(),
                            written.charts().size());
            spec.commandLine().getOut().flush();
            return StackbenchMain.EXIT_OK;
        }
        Report.Written written = Report.write(results, out, acrossMachines);
        spec.commandLine()
                .getOut()
                .printf(
                        "Report:       %s (%d runs of %d labels, %d charts)%n",
                        written.page(),
                        written.runs(),
                        written.labels(),
                        written.charts().size());
        spec.commandLine().getOut().flush();
        return StackbenchMain.EXIT_OK;
    }
}
