package dev.stackbench.cli;

import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.gate.BaselineUpdate;
import dev.stackbench.core.gate.BenchmarkExports;
import dev.stackbench.core.gate.ComparisonGate;
import dev.stackbench.core.gate.Gate;
import dev.stackbench.core.gate.GateInputException;
import dev.stackbench.core.gate.GateOptions;
import dev.stackbench.core.gate.GateReport;
import dev.stackbench.core.gate.GateRule;
import dev.stackbench.core.gate.GateRules;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.ResultReader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Compares current results with a baseline, or with each other, and fails a build on a regression. */
@Command(
        name = "gate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Checks current results against rules and prints a table (target, metric, baseline, current, limit, verdict).",
            "Results: a load result.json (its latency.hlog beside it gives the spread), a directory searched for them, or a JMH JSON file (-rf json).",
            "Several results of the same target are repeats: their histograms are merged, and a check fails only when the limit is crossed by the whole 95%% bootstrap interval.",
            "JMH forks are repeats too, and each fork's iterations give its spread.",
            "Without --rules: " + GateRules.DEFAULTS_IN_WORDS + ", for every target in both.",
            "A target of the baseline missing from the current results fails. A target measured differently from its baseline"
                    + " (load profile, workload parameters, request mix) is unusable input, unless --allow-different-measurement.",
            "A comparison with the baseline where a window was not steady (throughput or latency still moving) fails as 'not steady',"
                    + " unless --allow-unsteady; results that do not say (older ones, JMH) are compared, with a note.",
            "A garbage, empty or truncated latency.hlog beside a result is unusable input.",
            "Results of different machines (the fingerprint every result carries) are unusable input unless --across-machines;"
                    + " results without one (written before fingerprints) are compared, with a note.",
            "Exit code 0 when every rule holds, 1 when one is broken, 2 on unusable input; with --comparison --decided,"
                    + " 3 when a limit could not be decided (its interval straddles it); with --comparison, 3 also when its"
                    + " A/A control was declared different by enough to move a verdict, or its time limit ended it before"
                    + " its first round, and no limit failed."
        })
final class GateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--baseline",
            paramLabel = "PATH",
            description = "Baseline results (file or directory); repeatable.")
    List<Path> baseline = new ArrayList<>();

    @Option(names = "--current", paramLabel = "PATH", description = "Current results (file or directory); repeatable.")
    List<Path> current = new ArrayList<>();

    @Option(
            names = "--comparison",
            paramLabel = "PATH",
            description =
                    "Gate a comparison instead (compare --out's directory or its comparison.json), with --not-worse limits decided "
                            + "on its paired intervals.")
    Path comparison;

    @Option(
            names = "--not-worse",
            paramLabel = "HEAD:BASE[:PERCENT]",
            description =
                    "With --comparison: HEAD is not worse than BASE by more than PERCENT (default 5%%) on each of the comparison's "
                            + "deciding metrics; it fails only when the whole interval is past the limit. A comparison that ended on a "
                            + "failed variant fails; one whose A/A control was declared different by enough to move a verdict is not "
                            + "decided (3) unless a limit fails; repeatable.")
    List<String> notWorse = new ArrayList<>();

    @Option(
            names = "--decided",
            description =
                    "With --comparison: every limit must be decided, as a pull-request check needs. An interval that straddles "
                            + "the limit is NOT DECIDED (exit code 3) instead of 'ok, within noise'; it passes (exit 0) only when the "
                            + "whole interval is within the limit, and fails (exit 1) when it is wholly past it.")
    boolean decided;

    @Option(
            names = "--rules",
            paramLabel = "FILE",
            description = "Rules (YAML or JSON, schema " + GateRules.SCHEMA
                    + "): limits relative to the baseline, ratios between targets, throughput bounds, error limits.")
    Path rules;

    @Option(
            names = "--allow-different-measurement",
            description =
                    "Compare targets measured differently from their baseline (another load profile, workload parameters or mix):"
                            + " the change is intended. Without it, that is exit code 2.")
    boolean allowDifferentMeasurement;

    @Option(
            names = "--allow-unsteady",
            description =
                    "Compare with the baseline even where a window was not steady; the table notes it. Without it, such a check"
                            + " fails as 'not steady'.")
    boolean allowUnsteady;

    @Option(
            names = "--across-machines",
            description =
                    "Hold results of different machines against each other (another processor, caches, CPUs, hypervisor, memory,"
                            + " cgroup limits, or a calibration more than 1.5x apart): the table names both machines and what sets them"
                            + " apart. Without it, that is exit code 2: a verdict holds on the machine that produced it.")
    boolean acrossMachines;

    @Option(
            names = "--update-baseline",
            description =
                    "After checking, replace the --baseline with the current results (creating it if missing). Refused for results with errors.")
    boolean updateBaseline;

    @Option(
            names = "--export-github-smaller",
            paramLabel = "FILE",
            description = "Write latency and errors for github-action-benchmark (tool: customSmallerIsBetter).")
    Path githubSmaller;

    @Option(
            names = "--export-github-bigger",
            paramLabel = "FILE",
            description = "Write requests/s for github-action-benchmark (tool: customBiggerIsBetter).")
    Path githubBigger;

    @Option(names = "--export-bencher", paramLabel = "FILE", description = "Write Bencher Metric Format (BMF) JSON.")
    Path bencher;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (comparison != null || !notWorse.isEmpty() || decided) {
            return gateComparison(out);
        }
        if (current.isEmpty()) {
            throw new GateInputException("give --current results (or --comparison with --not-worse)");
        }
        List<GateRule> chosenRules = rules == null ? GateRules.defaults() : GateRules.read(rules);
        if (updateBaseline && baseline.size() != 1) {
            throw new GateInputException(
                    "--update-baseline needs exactly one --baseline to replace, not " + baseline.size());
        }
        boolean createBaseline = updateBaseline && !Files.exists(baseline.getFirst());
        RecordedResults currentResults = ResultReader.read(current);
        RecordedResults baselineResults = baseline.isEmpty() || createBaseline ? null : readBaseline();

        GateReport report = null;
        boolean onlyExports = baselineResults == null && rules == null && hasExports();
        if (!createBaseline && !onlyExports) {
            report = Gate.check(
                    chosenRules,
                    baselineResults,
                    currentResults,
                    new GateOptions(allowDifferentMeasurement, allowUnsteady, acrossMachines));
            out.print(report.table());
        }
        export(currentResults);
        if (updateBaseline) {
            String written = BaselineUpdate.replace(baseline.getFirst(), currentResults);
            out.println((createBaseline ? "Created: " : "Updated: ")
                    + written
                    + (report != null && report.failed()
                            ? " (the failures above were against the old baseline, accepted by --update-baseline)"
                            : ""));
            out.flush();
            return StackbenchMain.EXIT_OK;
        }
        if (onlyExports) {
            out.println("No baseline and no rules: exported only.");
        }
        out.flush();
        return report != null && report.failed() ? StackbenchMain.EXIT_FAILURE : StackbenchMain.EXIT_OK;
    }

    private int gateComparison(PrintWriter out) {
        if (comparison == null || notWorse.isEmpty()) {
            throw new GateInputException(
                    comparison == null
                            ? (notWorse.isEmpty() ? "--decided" : "--not-worse") + " applies to a --comparison"
                            : "--comparison is gated by --not-worse HEAD:BASE[:PERCENT]");
        }
        if (!current.isEmpty() || !baseline.isEmpty() || rules != null || updateBaseline || hasExports()) {
            throw new GateInputException(
                    "--comparison is gated on its own: drop --current, --baseline, --rules, --update-baseline and the exports");
        }
        Path file = ComparisonFiles.find(comparison);
        if (file == null) {
            throw new GateInputException(
                    comparison + ": no " + ComparisonRunner.COMPARISON_JSON + " there (compare --out DIR writes one)");
        }
        var report = ComparisonGate.check(
                ComparisonFiles.read(file),
                notWorse.stream().map(ComparisonGate.Limit::parse).toList(),
                decided ? ComparisonGate.Decision.REQUIRED : ComparisonGate.Decision.WITHIN_NOISE_PASSES);
        out.print(report.table());
        if (report.undecided() && report.anyStraddles()) {
            out.println(
                    "NOT DECIDED: the comparison could not tell whether every limit holds; measure longer (more rounds,"
                            + " more JVMs per variant) or accept a larger limit.");
        }
        out.flush();
        return report.outcome().exitCode(); // the gate's outcome holds the codes, not decided (3) among them
    }

    private RecordedResults readBaseline() {
        for (Path path : baseline) {
            if (!Files.exists(path)) {
                throw new GateInputException(
                        path + ": no such baseline (to create it from the current results, add --update-baseline)");
            }
        }
        return ResultReader.read(baseline);
    }

    private boolean hasExports() {
        return githubSmaller != null || githubBigger != null || bencher != null;
    }

    private void export(RecordedResults results) {
        var json = ResultFiles.json();
        if (githubSmaller != null) {
            ResultFiles.writeAtomically(
                    githubSmaller, json.writeValueAsBytes(BenchmarkExports.githubSmallerIsBetter(results)));
        }
        if (githubBigger != null) {
            ResultFiles.writeAtomically(
                    githubBigger, json.writeValueAsBytes(BenchmarkExports.githubBiggerIsBetter(results)));
        }
        if (bencher != null) {
            ResultFiles.writeAtomically(bencher, json.writeValueAsBytes(BenchmarkExports.bencher(results)));
        }
    }
}
