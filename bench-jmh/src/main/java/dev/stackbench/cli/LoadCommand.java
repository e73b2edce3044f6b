package dev.stackbench.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.stackbench.core.load.Durations;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Summary;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.Workload;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Drives a server with stackbench's load generator and reports what it measured. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
                "Drives an approach started in-process (--approach) or any HTTP server (--url) and reports",
                "requests/s and latency percentiles. Closed model with --concurrency (the default), open model",
                "with --rate (latency from each request's intended start, free of coordinated omission), ramps",
                "with --stages. Or a whole scenario of runs (--scenario; --list-scenarios shows the bundled ones).",
                "Exit code 1 when a --threshold is crossed, 2 on bad options."})
final class LoadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--approach", paramLabel = "APPROACH", description = "Start this approach in-process and drive it.")
    Approach approach;

    @Option(names = "--workload", paramLabel = "WORKLOAD", description = "The workload of --approach (default: date).")
    Workload workload;

    @Option(names = "--url", paramLabel = "URL", description = "Drive any HTTP server: GET this URL (instead of --approach).")
    URI url;

    @Option(names = {"-c", "--concurrency"}, paramLabel = "N", description = "Closed model: N virtual users (default: " + LoadDefaults.CONCURRENCY + ").")
    Integer concurrency;

    @Option(names = {"-r", "--rate"}, paramLabel = "R", description = "Open model: R requests per second, at fixed intended start times.")
    Double rate;

    @Option(names = "--stages", paramLabel = "STAGES",
            description = "Ramps, k6 style: 30s:100,1m:100,10s:0 (users) or 30s:500/s,1m:500/s (rate); 0s:N jumps.")
    String stages;

    @Option(names = "--connections", paramLabel = "N",
            description = "Open model: cap on connections and requests in flight (default: " + LoadDefaults.OPEN_MODEL_CONNECTIONS + "). The closed model uses one per user.")
    Integer connections;

    @Option(names = {"-d", "--duration"}, paramLabel = "DURATION", description = "Measured duration (default: 30s).")
    String duration;

    @Option(names = {"-n", "--requests"}, paramLabel = "N", description = "Closed model: stop after N requests (ab's -n), within --duration if given.")
    Long requests;

    @Option(names = "--warmup", paramLabel = "DURATION",
            description = "Run and discarded before measuring (default: 30s: on 2 cores numbers settle only after about 30 s at high rates). With --stages: the stages' first part.")
    String warmup;

    @Option(names = "--think-time", paramLabel = "TIME", description = "Closed model: pause between a response and the next request: 1s, or a range 1s..3s.")
    String thinkTime;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "Response timeout per request (default: 30s).")
    String timeout;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", description = "Connect timeout (default: 10s).")
    String connectTimeout;

    @Option(names = "--no-keep-alive", description = "A new connection per request, as ab without -k.")
    boolean noKeepAlive;

    @Option(names = "--http2", description = "HTTP/2 cleartext (prior knowledge); an in-process server gets server.http2.enabled=true.")
    boolean http2;

    @Option(names = "--threads", paramLabel = "N", description = "Event-loop threads of the generator (default: one per core).")
    Integer threads;

    @Option(names = "--workload-param", paramLabel = "NAME=VALUE", description = "A request parameter of the workload, e.g. delayMillis=100; repeatable.")
    Map<String, String> workloadParams = new LinkedHashMap<>();

    @Option(names = "--request", paramLabel = "WEIGHT:METHOD:PATH[:@BODY]",
            description = "Your own mix instead of the workload's (or the URL's GET): 75:GET:/movies?director=Allen, 25:POST:/movies:@movie.json; {id} in a path uses an id the POSTs created; repeatable.")
    List<String> requestSpecs = new ArrayList<>();

    @Option(names = "--server-property", paramLabel = "NAME=VALUE", description = "A server setting of --approach, e.g. server.tomcat.threads.max=10; repeatable.")
    Map<String, String> serverProperties = new LinkedHashMap<>();

    @Option(names = "--threshold", paramLabel = "CONDITION", description = "Fail (exit 1) unless it holds: p99<250ms, errors<1%%, rps>1000; repeatable.")
    List<String> thresholds = new ArrayList<>();

    @Option(names = "--label", paramLabel = "NAME",
            description = "Name of this target in results, gates and reports (default: approach/workload, or the URL).")
    String label;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Write result.json, timeline.csv, latency.hlog and latency.hgrm here.")
    Path out;

    @Option(names = {"-q", "--quiet"}, description = "No live progress on stderr.")
    boolean quiet;

    @Option(names = "--scenario", paramLabel = "NAME|FILE",
            description = "Run a scenario: a bundled one by name (see --list-scenarios), a YAML file, or a k6 scenario CSV as in "
                    + "experiment 004. Each run starts its own server; with --out, files go to DIR/<label>/. "
                    + "Precedence: command line over scenario file over load's defaults. --duration, --warmup, --timeout, "
                    + "--connect-timeout, --threads, --no-keep-alive, --http2 and --server-property apply to every run, "
                    + "--workload-param to every run whose workload has it; --duration over stages stretches or compresses "
                    + "them to that length, shape kept. --threshold is checked on every run. --approach and --only choose runs. "
                    + "--url, --workload, --concurrency, --rate, --stages, --connections, --requests, --think-time, --request "
                    + "and --label are the scenario's own.")
    String scenario;

    @Option(names = "--only", paramLabel = "LABEL", split = ",", description = "With --scenario: run only the runs with these labels; repeatable.")
    List<String> only = new ArrayList<>();

    @Option(names = "--list-scenarios", description = "List the bundled scenarios: name, source, runs, estimated length, scale.")
    boolean listScenarios;

    @Override
    public Integer call() throws Exception {
        if (listScenarios) {
            return ScenarioCli.list(spec.commandLine().getOut());
        }
        if (scenario != null) {
            return new ScenarioCli(this).run();
        }
        if (!only.isEmpty()) {
            throw new IllegalArgumentException("--only chooses runs of a --scenario");
        }
        List<Threshold> conditions = thresholds.stream().map(Threshold::parse).toList();
        Workload chosenWorkload = chooseTarget();
        LoadOptions options = loadOptions();
        LoadProfile profile = options.profile(LoadOptions.CLI_NAMES);
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();

        // Built before any server starts, so that bad input fails at once.
        RequestMix mix = !requestSpecs.isEmpty() ? RequestSpecs.parse(requestSpecs, Path.of(""))
                : url == null ? WorkloadMixes.of(chosenWorkload, workloadParams) : null;
        RunningServer server = null;
        try {
            URI target = url;
            RunResult.Target description;
            if (approach != null) {
                server = ServerVariants.load().start(new ServerSpec(approach, chosenWorkload, Map.of(), serverProperties, http2));
                target = server.baseUri();
                var params = new LinkedHashMap<>(WorkloadMixes.defaults(chosenWorkload));
                params.putAll(workloadParams);
                description = RunResult.Target.inProcess(label, target, approach.id(), chosenWorkload.id(), params, server.settings(), server.limits());
                if (!quiet) {
                    err.printf("started %s (%s) at %s in %d ms%n", approach, chosenWorkload, target, server.startupTime().toMillis());
                }
            } else {
                description = label == null ? RunResult.Target.url(url) : RunResult.Target.url(url).withLabel(label);
            }
            LoadRun run = options.toRun(target, mix, LoadOptions.CLI_NAMES);
            if (!quiet) {
                err.printf("running %s%s against %s; progress every %s%n", profile.describe(),
                        run.warmup().isZero() ? "" : " after " + Durations.format(run.warmup()) + " warm-up", target,
                        Durations.format(LoadDefaults.REPORT_INTERVAL));
                err.flush();
            }
            Measurement measurement = LoadGenerator.run(run, description, progress(err));
            RunResult result = measurement.result();
            stdout.print(Summary.of(result));
            if (out != null) {
                ResultFiles.write(out, measurement);
                stdout.println("Results:      " + out.toAbsolutePath());
            }
            stdout.flush();
            var crossed = conditions.stream().map(condition -> condition.crossedBy(result)).flatMap(java.util.Optional::stream).toList();
            crossed.forEach(message -> err.println("FAILED: " + message));
            if (!conditions.isEmpty() && crossed.isEmpty()) {
                stdout.println("Thresholds:   all " + conditions.size() + " held");
            }
            return crossed.isEmpty() ? StackbenchMain.EXIT_OK : StackbenchMain.EXIT_FAILURE;
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    private Workload chooseTarget() {
        if ((url == null) == (approach == null)) {
            throw new IllegalArgumentException("give either --approach (a server started in-process) or --url (any server), not "
                    + (url == null ? "neither" : "both"));
        }
        if (url != null) {
            if (workload != null || !workloadParams.isEmpty() || !serverProperties.isEmpty()) {
                throw new IllegalArgumentException("--workload, --workload-param and --server-property apply to --approach, not to --url");
            }
            return null;
        }
        return workload == null ? Workload.DATE : workload;
    }

    /** The load options as given on the command line, null where not given: LoadOptions applies the defaults. */
    LoadOptions loadOptions() {
        return new LoadOptions(concurrency, rate, stages, connections, duration, requests, warmup, thinkTime, timeout,
                connectTimeout, noKeepAlive ? Boolean.TRUE : null, http2 ? Boolean.TRUE : null, threads);
    }

    ProgressListener progress(PrintWriter err) {
        return new ProgressListener() {
            @Override
            public void interval(RunResult.TimelineRow row) {
                if (!quiet) {
                    err.printf(Locale.ROOT, "[%7.1fs] %-8s rps %9.1f  p50 %8s ms  p99 %8s ms  errors %6d  in flight %6d  connections %6d%s%n",
                            row.endSecond(), row.phase(), row.rps(), Summary.ms(row.p50Ms()), Summary.ms(row.p99Ms()), row.errors(),
                            row.inFlight(), row.openConnections(), row.late() > 0 ? "  late " + row.late() : "");
                    err.flush();
                }
            }

            @Override
            public void warning(String message) {
                err.println("WARNING: " + message);
                err.flush();
            }
        };
    }
}
