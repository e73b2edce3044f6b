package dev.stackbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.stackbench.core.load.Durations;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Summary;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.scenario.ComparisonTable;
import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.scenario.ScenarioRun;
import dev.stackbench.core.scenario.ScenarioRunner;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.core.server.RunningServer;

/**
 * {@code load --scenario}: the command line's options applied over a scenario's runs, the runs
 * executed by {@link ScenarioRunner}, each run's summary and a comparison table on stdout, progress on stderr.
 */
final class ScenarioCli {

    private final LoadCommand options;

    ScenarioCli(LoadCommand options) {
        this.options = options;
    }

    /** {@code load --list-scenarios}: each bundled scenario in a few lines. */
    static int list(PrintWriter out) {
        for (String name : Scenarios.bundledNames()) {
            Scenario scenario = Scenarios.bundled(name);
            out.printf("%-10s %s, %d runs, about %s%n", name, scenario.source(), scenario.runs().size(),
                    Durations.format(roundedToSeconds(scenario)));
            out.printf("           scale: %s%n", scenario.scale());
        }
        out.println();
        out.println("Run one with: load --scenario NAME [--out DIR]; shorten it with e.g. --duration 2s --warmup 1s.");
        out.flush();
        return StackbenchMain.EXIT_OK;
    }

    int run() throws Exception {
        rejectTheScenariosOwnOptions();
        List<Threshold> conditions = options.thresholds.stream().map(Threshold::parse).toList();
        Scenario scenario = Scenarios.find(options.scenario)
                .only(new LinkedHashSet<>(options.only), options.approach)
                .overriddenBy(overrides(), options.workloadParams, options.serverProperties);
        PrintWriter out = options.spec.commandLine().getOut();
        PrintWriter err = options.spec.commandLine().getErr();
        header(scenario, out);

        var crossed = new ArrayList<String>();
        List<RunResult> results = ScenarioRunner.run(scenario, options.out, new ScenarioRunner.Listener() {
            @Override
            public void runStarting(int number, int count, ScenarioRun run) {
                out.printf("%n== run %d of %d: %s (%s, %s)%s%n", number, count, run.label(), run.approach(), run.workload(),
                        run.note().isEmpty() ? "" : ": " + run.note());
                out.flush();
            }

            @Override
            public void serverStarted(ScenarioRun run, RunningServer server, LoadRun load) {
                if (!options.quiet) {
                    err.printf("[%s] started %s (%s) at %s in %d ms; running %s%s%n", run.label(), run.approach(), run.workload(),
                            server.baseUri(), server.startupTime().toMillis(), load.profile().describe(),
                            load.warmup().isZero() ? "" : " after " + Durations.format(load.warmup()) + " warm-up");
                    err.flush();
                }
            }

            @Override
            public ProgressListener progress(ScenarioRun run) {
                return options.progress(err);
            }

            @Override
            public void runFinished(ScenarioRun run, Measurement measurement, Path directory) {
                out.print(Summary.of(measurement.result()));
                if (directory != null) {
                    out.println("Results:      " + directory.toAbsolutePath());
                }
                for (Threshold condition : conditions) {
                    condition.crossedBy(measurement.result()).map(message -> run.label() + ": " + message).ifPresent(crossed::add);
                }
                out.flush();
            }
        });

        out.printf("%n== %s: comparison (rps and latency of successful requests)%n", scenario.name());
        out.print(ComparisonTable.of(results));
        if (options.out != null) {
            out.println("Results:      " + options.out.toAbsolutePath() + "/<label>/");
        }
        out.flush();
        crossed.forEach(message -> err.println("FAILED: " + message));
        if (!conditions.isEmpty() && crossed.isEmpty()) {
            out.println("Thresholds:   all " + conditions.size() + " held on every run");
        }
        return crossed.isEmpty() ? StackbenchMain.EXIT_OK : StackbenchMain.EXIT_FAILURE;
    }

    private void header(Scenario scenario, PrintWriter out) {
        out.printf("Scenario:     %s%s, %d runs, about %s%n", scenario.name(), scenario.source().isEmpty() ? "" : " (from " + scenario.source() + ")",
                scenario.runs().size(), Durations.format(roundedToSeconds(scenario)));
        if (!scenario.scale().isEmpty()) {
            out.println("Scale:        " + scenario.scale());
        }
        String overridden = overridesText();
        if (!overridden.isEmpty()) {
            out.println("Overrides:    " + overridden + " (command line, on every run)");
        }
        if (!scenario.description().isEmpty()) {
            out.println("About:        " + scenario.description().replace("\n", "\n              "));
        }
        out.flush();
    }

    /** The load options the command line gives, null elsewhere: they win over the scenario's. */
    private LoadOptions overrides() {
        return new LoadOptions(null, null, null, null, options.duration, null, options.warmup, null, options.timeout,
                options.connectTimeout, options.noKeepAlive ? Boolean.TRUE : null, options.http2 ? Boolean.TRUE : null, options.threads);
    }

    private String overridesText() {
        var given = new LinkedHashMap<String, Object>();
        given.put("--duration", options.duration);
        given.put("--warmup", options.warmup);
        given.put("--timeout", options.timeout);
        given.put("--connect-timeout", options.connectTimeout);
        given.put("--threads", options.threads);
        given.put("--no-keep-alive", options.noKeepAlive ? "" : null);
        given.put("--http2", options.http2 ? "" : null);
        options.workloadParams.forEach((name, value) -> given.put("--workload-param " + name + "=" + value, ""));
        options.serverProperties.forEach((name, value) -> given.put("--server-property " + name + "=" + value, ""));
        var text = new StringBuilder();
        given.forEach((option, value) -> {
            if (value != null) {
                text.append(text.isEmpty() ? "" : " ").append(option).append(value.toString().isEmpty() ? "" : " " + value);
            }
        });
        return text.toString();
    }

    private void rejectTheScenariosOwnOptions() {
        Map<String, Boolean> given = new LinkedHashMap<>();
        given.put("--url", options.url != null);
        given.put("--workload", options.workload != null);
        given.put("--concurrency", options.concurrency != null);
        given.put("--rate", options.rate != null);
        given.put("--stages", options.stages != null);
        given.put("--connections", options.connections != null);
        given.put("--requests", options.requests != null);
        given.put("--think-time", options.thinkTime != null);
        given.put("--request", !options.requestSpecs.isEmpty());
        given.put("--label", options.label != null);
        Optional<String> first = given.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).findFirst();
        if (first.isPresent()) {
            throw new IllegalArgumentException(first.get() + " does not apply with --scenario: each run of the scenario sets its own; "
                    + "--duration, --warmup, --timeout, --connect-timeout, --threads, --no-keep-alive, --http2, --workload-param and "
                    + "--server-property override each run's own");
        }
    }

    private static java.time.Duration roundedToSeconds(Scenario scenario) {
        return java.time.Duration.ofSeconds(Math.round(scenario.estimatedLength().toMillis() / 1000.0));
    }
}
