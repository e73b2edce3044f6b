package dev.stackbench.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.app.RunningApp;
import dev.stackbench.core.app.SpringBootApps;
import dev.stackbench.core.compare.ComparisonProfile;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.profile.ProfileMode;
import dev.stackbench.core.profile.ProfileRecorder;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.result.GeneratorWatch;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Summary;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.core.scenario.Shard;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.scenario.InProcessServers;
import dev.stackbench.core.scenario.ProfiledRun;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.server.WorkloadParams;
import dev.stackbench.core.vocabulary.Numbers;
import dev.stackbench.core.vocabulary.TimelinePhase;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** Drives a server with stackbench's load generator and reports what it measured. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false, modelTransformer = LoadOptionSpecs.class,
        description = {
                "Drives an approach started in-process (--approach), your own Spring Boot application (--app, --app-class)",
                "or any HTTP server (--url) and reports",
                "requests/s and latency percentiles. Closed model with --concurrency (the default), open model",
                "with --rate (latency from each request's intended start, free of coordinated omission), ramps",
                "with --stages. Or a whole scenario of runs (--scenario; --list-scenarios shows the bundled ones).",
                "Exit code 1 when a --threshold is crossed, 2 on bad options."})
final class LoadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--approach", paramLabel = "APPROACH", description = "Start this approach in-process and drive it.")
    Approach approach;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(names = "--workload", paramLabel = "WORKLOAD", description = "The workload of --approach (default: date).")
    Workload workload;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(names = "--url", paramLabel = "URL", description = "Drive any HTTP server: GET this URL (instead of --approach).")
    URI url;

    @Mixin
    AppOptions app = new AppOptions();

    // The load options (--concurrency ... --http2) go here: LoadOptionSpecs adds one per LoadOption.

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(names = "--workload-param", paramLabel = "NAME=VALUE", description = "A request parameter of the workload, e.g. " + WorkloadParams.DELAY_MILLIS + "=100; repeatable.")
    Map<String, String> workloadParams = new LinkedHashMap<>();

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(names = "--request", paramLabel = "[NAME=]WEIGHT:METHOD:PATH[:@BODY][;Header: value]",
            description = "Your own mix instead of the workload's (or the URL's GET): 75:GET:/movies?director=Allen, "
                    + "post-movies=25:POST:/movies:@movie.json;X-Tenant: a; {id} in a path uses an id the POSTs created; "
                    + "the requests of a NAME are counted apart (default: method and path, get-movies); repeatable.")
    List<String> requestSpecs = new ArrayList<>();

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(names = "--server-property", paramLabel = "NAME=VALUE", description = "A server setting of --approach, e.g. server.tomcat.threads.max=10, "
            + "or a property of --app, e.g. spring.threads.virtual.enabled=true (given to it as --NAME=VALUE); repeatable.")
    Map<String, String> serverProperties = new LinkedHashMap<>();

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(names = "--upstream", paramLabel = "APPROACH[:DELAY_MILLIS]",
            description = "Make the workload's nested calls (callDepth) to a second service started in-process on its own port "
                    + "before --approach: APPROACH serving date, adding DELAY_MILLIS to every answer (default 0), e.g. webflux-netty:20; "
                    + "its CPU is reported apart from the server's. 'self' (the default): to the server itself.")
    String upstream;

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(names = "--start-times", description = "Start the server of --approach twice, stopping the first, to report a warm start "
            + "beside the first (cold when it is the process's first server) in result.json and the summary.")
    boolean startTimes;

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(names = "--profile", paramLabel = "MODE", arity = "0..1", fallbackValue = "jfr",
            description = "Profile the in-process server over the measured window only (never the warm-up): CPU samples of its threads "
                    + "(not the generator's), allocation, lock and park contention, virtual-thread pinning, GC pauses. Facts go into "
                    + "result.json (serverProfile) and the summary; with --out, collapsed stacks beside the results, and `report` draws "
                    + "their flame graphs. MODE: jfr (JDK Flight Recorder, the default), async (async-profiler's CPU samples, native "
                    + "frames too), async-wall (its wall-clock samples: waiting threads too).")
    String profileMode;

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(names = "--profile-keep-jfr", description = "With --profile and --out: keep the recordings (profile.jfr, and profile-async.jfr "
            + "in the async modes) beside the results, for JDK Mission Control or `jfr print`; tens of megabytes per 30 s window.")
    boolean profileKeepJfr;

    @Option(names = "--threshold", paramLabel = "CONDITION", description = "Fail (exit 1) unless it holds: p99<250ms, errors<1%%, rps>1000; "
            + "p99{name=post-movies}<250ms for the requests of one name; "
            + "rate-reached (open model: requests sent within " + GeneratorWatch.RATE_TOLERANCE_PERCENT + "%% of the rate asked for); "
            + "generator-not-saturated (the generator's busiest loop under " + GeneratorWatch.LOOP_BUSY_LIMIT_PERCENT
            + "%% busy, its lag p99 under " + GeneratorWatch.LAG_P99_LIMIT_MILLIS + " ms); repeatable.")
    List<String> thresholds = new ArrayList<>();

    @ScenarioScope(LoadOption.Scope.RUN)
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
                    + "Precedence: command line over scenario file over load's defaults. {every-run} apply to every run "
                    + "(--workload-param to the runs whose workload has it); --duration over stages stretches or compresses "
                    + "them to that length, shape kept. --threshold is checked on every run. --approach and --only choose runs. "
                    + "{runs-own} are the scenario's own.")
    String scenario;

    @Option(names = "--only", paramLabel = "LABEL", split = ",", description = "With --scenario: run only the runs with these labels; repeatable.")
    List<String> only = new ArrayList<>();

    @Option(names = "--shard", paramLabel = "i/n",
            description = "With --scenario: run shard i of n of its runs (after --only and --approach), for a CI matrix of n jobs: "
                    + "the same i/n always picks the same runs, the n shards are disjoint and together the whole; runs are dealt out "
                    + "longest first, each to the shard with the least estimated time so far. With --out, DIR/shard.json tells "
                    + "report and gate, given every shard's directory, that the shard is complete.")
    String shard;

    @Option(names = "--list-scenarios", description = "List the bundled scenarios: name, source, runs, estimated length, scale.")
    boolean listScenarios;

    @Option(names = "--agents", paramLabel = "N",
            description = "Send the load from N agents (agent --coordinator THIS-HOST on each generator host): wait for them, deal the "
                    + "schedule out (agent k of N sends requests k, k+N, ... of the one schedule; closed model: users k, k+N, ...), "
                    + "start them at one instant agreed through their clocks' offsets, and merge their histograms into one result "
                    + "with a section per agent. Needs --url and a fixed --warmup. An agent lost mid-run makes the result partial (exit 1).")
    Integer agents;

    @Option(names = "--cluster-bind", paramLabel = "ADDRESS[:PORT]",
            description = "With --agents: where the coordinator listens for agents, an address they reach (default: the address "
                    + "this host's name resolves to, refused if it is a loopback one such as Debian's 127.0.1.1; port 7800).")
    String clusterBind;

    @Option(names = "--agents-timeout", paramLabel = "DURATION", defaultValue = DEFAULT_AGENTS_TIMEOUT,
            description = "With --agents: how long to wait for them to join, and for their measurements after the run's drain "
                    + "(default: ${DEFAULT-VALUE}).")
    String agentsTimeout;

    @Option(names = "--discovery", paramLabel = "dns:NAME",
            description = "With --agents: find the agents through a DNS name (JGroups' DNS_PING, e.g. a Kubernetes headless Service) "
                    + "instead of their joining --cluster-bind.")
    String discovery;

    static final String DEFAULT_AGENTS_TIMEOUT = "60s";

    /** A threshold on a request name the run does not have could never be checked: refused before the run. */
    private static void checkRequestNames(List<Threshold> conditions, RequestMix mix) {
        for (Threshold condition : conditions) {
            if (condition.request() != null && !mix.names().contains(condition.request())) {
                throw new IllegalArgumentException("threshold '" + condition.text() + "' names requests '" + condition.request()
                        + "', but the run's requests are named " + String.join(", ", mix.names()));
            }
        }
    }

    @Override
    public Integer call() throws Exception {
        if (listScenarios) {
            return ScenarioCli.list(spec.commandLine().getOut());
        }
        checkClusterOptions();
        ProfileSettings profileSettings = profileSettings();
        if (scenario != null) {
            if (agents != null) {
                throw new IllegalArgumentException("--agents runs one load, not a --scenario");
            }
            return runScenario(profileSettings);
        }
        if (!only.isEmpty()) {
            throw new IllegalArgumentException("--only chooses runs of a --scenario");
        }
        if (shard != null) {
            throw new IllegalArgumentException("--shard splits the runs of a --scenario (the JMH suite: java -jar bench-jmh.jar --shard i/n)");
        }
        List<Threshold> conditions = thresholds.stream().map(Threshold::parse).toList();
        app.check(spec.commandLine().getParseResult());
        Workload chosenWorkload = chooseTarget();
        if (profileSettings != null && url != null) {
            throw new IllegalArgumentException("--profile records a server in this JVM (--approach or --scenario); a --url server runs "
                    + "elsewhere: profile it there (serve runs in its own JVM)");
        }
        if (app.given()) {
            return runApp(conditions, profileSettings);
        }
        UpstreamService upstreamService = upstreamService();
        LoadOptions options = LoadOptionSpecs.given(spec);
        checkTls(options);
        LoadProfile profile = options.profile(LoadOption.Naming.COMMAND_LINE);
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();

        if (agents != null) {
            refuseFileBodiesForAgents();
        }
        // Built before any server starts, so that bad input, or a load this process cannot make, fails at once.
        RequestMix mix = !requestSpecs.isEmpty() ? RequestSpecs.parse(requestSpecs, Path.of(""))
                : url == null ? WorkloadMixes.of(chosenWorkload, workloadParams) : null;
        LoadRun planned = options.toRun(url != null ? url : PROVISIONAL_TARGET, mix, LoadOption.Naming.COMMAND_LINE);
        checkRequestNames(conditions, planned.mix());
        if (agents != null) {
            return runOverAgents(planned, conditions, stdout, err);
        }
        LoadGenerator.check(planned,
                url != null ? RunResult.Target.url(url) : RunResult.Target.inProcess(null, PROVISIONAL_TARGET, approach.id(),
                        chosenWorkload.id(), Map.of(), Map.of(), null));
        InProcessServers servers = null;
        try (Interrupts interrupts = Interrupts.install(err)) {
            URI target = url;
            RunResult.Target description;
            if (approach != null) {
                servers = InProcessServers.start(ServerVariants.load(), new ServerSpec(approach, chosenWorkload, Map.of(), serverProperties,
                        Boolean.TRUE.equals(options.http2()), Boolean.TRUE.equals(options.tls())), upstreamService, startTimes);
                target = servers.baseUri();
                var params = new LinkedHashMap<>(WorkloadMixes.defaults(chosenWorkload));
                params.putAll(workloadParams);
                description = servers.target(label, params);
                if (!quiet) {
                    servers.upstream().ifPresent(upstream -> err.printf("started upstream %s at %s in %d ms%n", upstreamService,
                            upstream.baseUri(), upstream.startupTime().toMillis()));
                    err.printf("started %s (%s) at %s in %d ms%n", approach, chosenWorkload, target, servers.server().startupTime().toMillis());
                }
            } else {
                description = label == null ? RunResult.Target.url(url) : RunResult.Target.url(url).withLabel(label);
            }
            if (interrupts.interrupted()) {
                return interrupts.exitCode(); // before anything was measured
            }
            LoadRun run = options.toRun(target, mix, LoadOption.Naming.COMMAND_LINE);
            if (!quiet) {
                err.printf("running %s%s against %s; progress every %s%n", profile.describe(),
                        warmupText(run), target,
                        Durations.format(LoadDefaults.REPORT_INTERVAL));
                err.flush();
            }
            var described = description;
            Measurement measurement = servers == null ? LoadGenerator.run(run, description, progress(err), interrupts.stop())
                    : ProfiledRun.run(profileSettings, servers, out, () -> LoadGenerator.run(run, described, progress(err), interrupts.stop()));
            if (servers != null) {
                measurement = measurement.withStartup(servers.startup());
            }
            writeResults(measurement, stdout);
            if (measurement.result().window().interrupted()) {
                return interrupts.exitCode(); // thresholds judge whole runs only
            }
            return judge(measurement.result(), conditions, stdout, err);
        } finally {
            if (servers != null) {
                servers.close();
            }
        }
    }

    /**
     * {@code --app} or {@code --app-class}: the user's application started (its output into {@code app.log} beside the
     * results), driven with the mix given (without one, GET /), and closed. If it stops serving mid-run (its context
     * closed, its process exited, System.exit called), the run stops at once, what was measured is written marked
     * interrupted, and the command ends with one line naming why and exit code 2.
     */
    private int runApp(List<Threshold> conditions, ProfileSettings profileSettings) throws Exception {
        if (profileSettings != null) {
            throw new IllegalArgumentException("--profile records stackbench's built-in approaches (--approach, --scenario); your application "
                    + "is not profiled yet: run it with java -XX:StartFlightRecording or async-profiler, or compare its variants");
        }
        if (agents != null) {
            throw new IllegalArgumentException("--agents drives a --url: start your application where the agents reach it "
                    + "(java -jar bench-jmh.jar serve --app JAR --address ADDRESS)");
        }
        LoadOptions options = LoadOptionSpecs.given(spec);
        if (Boolean.TRUE.equals(options.tls())) {
            throw new IllegalArgumentException(LoadOption.TLS.cliName() + " starts a built-in approach with TLS; your application listens as its"
                    + " own properties say (server.ssl.*): give them with --server-property and drive it with --insecure if self-signed");
        }
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        Path logFile = out != null ? out.resolve(APP_LOG) : java.nio.file.Files.createTempFile("stackbench-app-", ".log");
        AppSpec appSpec = app.spec(serverProperties, logFile);
        RequestMix mix = requestSpecs.isEmpty() ? null : RequestSpecs.parse(requestSpecs, Path.of(""));
        LoadRun planned = options.toRun(PROVISIONAL_TARGET, mix, LoadOption.Naming.COMMAND_LINE);
        checkRequestNames(conditions, planned.mix());
        // Checked as for a server in this JVM (both ends of each connection this process's files): for an application in a
        // process of its own that asks for more open files than it needs, never fewer.
        LoadGenerator.check(planned, RunResult.Target.inProcess(null, PROVISIONAL_TARGET, "app", "app", Map.of(), Map.of(), null));
        try (Interrupts interrupts = Interrupts.install(err); AppExitGuard guard = AppExitGuard.install(interrupts.stop(), err)) {
            if (!quiet) {
                err.printf("starting %s%s; its output goes to %s%n", app.describe(), appSpec.separateProcess() ? " in a process of its own" : "",
                        logFile.toAbsolutePath());
                err.flush();
            }
            Measurement measurement;
            RunningApp running = SpringBootApps.start(appSpec);
            try {
                running.onStopped(reason -> interrupts.stop().request("the application stopped serving: " + reason));
                var description = RunResult.Target.app(label, running.baseUri(), running.description(), running.settings(), running.limits());
                if (!quiet) {
                    err.printf("started %s (%s) at %s in %.0f ms%n", app.describe(), running.description().describe(), running.baseUri(),
                            running.startup().millis());
                }
                if (interrupts.interrupted()) {
                    return interrupts.exitCode(); // before anything was measured
                }
                LoadRun run = options.toRun(running.baseUri(), mix, LoadOption.Naming.COMMAND_LINE);
                if (!quiet) {
                    err.printf("running %s%s against %s; progress every %s%n", run.profile().describe(), warmupText(run), running.baseUri(),
                            Durations.format(LoadDefaults.REPORT_INTERVAL));
                    err.flush();
                }
                measurement = LoadGenerator.run(run, description, progress(err), interrupts.stop()).withStartup(running.startup());
            } finally {
                running.close();
            }
            writeResults(measurement, stdout);
            var stopped = running.stopped();
            if (stopped.isPresent()) {
                err.println("error: " + app.describe() + " stopped serving during the run: " + stopped.get() + "; what was measured until then is "
                        + (out != null ? "written to " + out.toAbsolutePath() : "in the summary above") + ", marked interrupted (its log: "
                        + logFile.toAbsolutePath() + ")");
                err.flush();
                return StackbenchMain.EXIT_USAGE;
            }
            if (measurement.result().window().interrupted()) {
                return interrupts.exitCode();
            }
            return judge(measurement.result(), conditions, stdout, err);
        }
    }

    /** The application's own output, beside the results. */
    static final String APP_LOG = "app.log";

    /**
     * {@code --profile [MODE]} and {@code --profile-keep-jfr} as settings; null without --profile. Readies the JVM for
     * profiles at once (JFR's stack depth can only be raised before anything starts JFR), and refuses an async mode that
     * cannot run here, saying why.
     */
    private ProfileSettings profileSettings() {
        if (profileMode == null) {
            if (profileKeepJfr) {
                throw new IllegalArgumentException("--profile-keep-jfr keeps the recordings of --profile: give --profile too");
            }
            return null;
        }
        ProfileMode mode;
        try {
            mode = ProfileMode.fromId(profileMode);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--profile: " + e.getMessage(), e);
        }
        if (mode.async()) {
            ProfileRecorder.asyncUnavailableReason().ifPresent(reason -> {
                throw new IllegalArgumentException("--profile " + mode.id() + ": " + reason + "; --profile jfr works on every JDK");
            });
        }
        if (profileKeepJfr && out == null) {
            throw new IllegalArgumentException("--profile-keep-jfr keeps the recordings beside the results: give --out DIR too");
        }
        var settings = ProfileSettings.of(mode).withKeepRecordings(profileKeepJfr);
        ProfileRecorder.prepare(settings); // what it could not do, each profile's notes say
        return settings;
    }

    /** The summary first: if the files cannot be written (a full disk), what was measured is still on stdout. */
    private void writeResults(Measurement measurement, PrintWriter stdout) {
        stdout.print(Summary.of(measurement.result()));
        stdout.flush();
        if (out != null) {
            ResultFiles.write(out, measurement);
            stdout.println("Results:      " + out.toAbsolutePath());
        }
        stdout.flush();
    }

    private static int judge(RunResult result, List<Threshold> conditions, PrintWriter stdout, PrintWriter err) {
        var crossed = conditions.stream().map(condition -> condition.crossedBy(result)).flatMap(java.util.Optional::stream).toList();
        crossed.forEach(message -> err.println("FAILED: " + message));
        if (!conditions.isEmpty() && crossed.isEmpty()) {
            stdout.println("Thresholds:   all " + conditions.size() + " held");
        }
        return crossed.isEmpty() ? StackbenchMain.EXIT_OK : StackbenchMain.EXIT_FAILURE;
    }

    /** --cluster-bind, --discovery and --agents-timeout say how to meet agents: without --agents they would be ignored. */
    private void checkClusterOptions() {
        if (agents != null) {
            return;
        }
        ParseResult parsed = spec.commandLine().getParseResult();
        for (String option : List.of("--cluster-bind", "--discovery", "--agents-timeout")) {
            if (parsed.hasMatchedOption(option)) {
                throw new IllegalArgumentException(option + " applies with --agents N (load from N generator hosts) only");
            }
        }
    }

    /** A body file would be read by each agent from its own working directory, where it may differ or be missing. */
    private void refuseFileBodiesForAgents() {
        for (String request : requestSpecs) {
            // The path holds no '@' or ';' (RequestSpecs' form): ":@" before the first ';' starts a body file.
            if (request.split(";", 2)[0].contains(":@")) {
                throw new IllegalArgumentException("--request '" + request + "': a body from a file (:@FILE) cannot be sent with --agents, "
                        + "each agent would read FILE from its own working directory; drive the requests without bodies from files");
            }
        }
    }

    /**
     * Where the coordinator listens: --cluster-bind, else this host's address, unless that is a loopback one (Debian maps
     * its host name to 127.0.1.1), which no agent on another host reaches.
     */
    private String clusterBind() throws java.net.UnknownHostException {
        if (clusterBind != null) {
            return clusterBind;
        }
        var local = java.net.InetAddress.getLocalHost();
        if (local.isLoopbackAddress()) {
            throw new IllegalArgumentException("--agents: this host's name " + local.getHostName() + " resolves to " + local.getHostAddress()
                    + ", a loopback address no agent on another host reaches: give --cluster-bind ADDRESS, an address of this host the agents reach");
        }
        return local.getHostAddress();
    }

    /**
     * {@code --agents N}: this process coordinates, the agents send. Only here are the cluster's classes loaded
     * (dev.stackbench.cluster, and JGroups through it): a run without agents never touches them.
     */
    private int runOverAgents(LoadRun run, List<Threshold> conditions, PrintWriter stdout, PrintWriter err) throws Exception {
        if (approach != null) {
            throw new IllegalArgumentException("--agents drives a --url: start the server where the agents reach it "
                    + "(java -jar bench-jmh.jar serve --approach " + approach.id() + " --address ADDRESS)");
        }
        var description = label == null ? RunResult.Target.url(url) : RunResult.Target.url(url).withLabel(label);
        dev.stackbench.cluster.LoadOverAgents.check(run, agents); // input no agent could run: refused before anyone waits
        var settings = new dev.stackbench.cluster.LoadOverAgents.Settings(agents, clusterBind(), discovery, Durations.parse(agentsTimeout));
        if (!quiet) {
            err.printf("running %s%s against %s from %d agents%n", run.profile().describe(), warmupText(run), url, agents);
            err.flush();
        }
        Measurement measurement;
        int interrupted;
        try (Interrupts interrupts = Interrupts.install(err)) {
            var merged = dev.stackbench.cluster.LoadOverAgents.run(run, description, settings, err, interrupts.stop());
            if (merged.isEmpty()) {
                // Stopped before any agent was ordered: nothing was measured; the coordinator has left their cluster.
                err.println(interrupts.stop().reason() + " before the agents started: nothing was measured, no result is written");
                err.flush();
                return interrupts.exitCode();
            }
            measurement = merged.get();
            interrupted = interrupts.exitCode();
        }
        writeResults(measurement, stdout);
        if (measurement.result().window().interrupted()) {
            return interrupted; // what the agents measured until the stop is written, marked interrupted; thresholds judge whole runs
        }
        int verdict = judge(measurement.result(), conditions, stdout, err);
        if (measurement.result().agents().partial()) {
            err.println("FAILED: partial result: an agent was lost (see the agents section and the PARTIAL warning)");
            return StackbenchMain.EXIT_FAILURE;
        }
        return verdict;
    }

    /** Stands in for an in-process server's address while the options are checked, before it starts. */
    private static final URI PROVISIONAL_TARGET = URI.create("http://127.0.0.1:1/");

    /** {@code --upstream}: null for none or {@code self}; only with --approach. */
    private UpstreamService upstreamService() {
        if (upstream == null) {
            return null;
        }
        if (url != null) {
            throw new IllegalArgumentException("--upstream applies to --approach (a second service, or self); a --url server makes its own calls");
        }
        return UpstreamService.parseUnlessSelf(upstream).orElse(null);
    }

    private Workload chooseTarget() {
        long targets = java.util.stream.Stream.of(approach != null, url != null, app.given()).filter(given -> given).count();
        if (targets != 1) {
            throw new IllegalArgumentException("give one of --approach (a server started in-process), --url (any server) and --app or "
                    + "--app-class (your application), not " + (targets == 0 ? "none" : "several"));
        }
        if (app.given()) {
            if (workload != null || !workloadParams.isEmpty() || startTimes || upstream != null) {
                throw new IllegalArgumentException("--workload, --workload-param, --upstream and --start-times apply to --approach, not to your"
                        + " application: its properties are --server-property NAME=VALUE, its requests --request");
            }
            return null;
        }
        if (url != null) {
            if (workload != null || !workloadParams.isEmpty() || !serverProperties.isEmpty() || startTimes) {
                throw new IllegalArgumentException("--workload, --workload-param, --server-property and --start-times apply to --approach, not to --url");
            }
            return null;
        }
        return workload == null ? Workload.DATE : workload;
    }

    /** --tls is the in-process server's; with --url the URL's scheme says whether the run is TLS. */
    private void checkTls(LoadOptions options) {
        if (url != null && Boolean.TRUE.equals(options.tls())) {
            throw new IllegalArgumentException(LoadOption.TLS.cliName() + " starts an in-process server (--approach) with TLS;"
                    + " to drive a server over TLS with --url, give an https:// URL");
        }
        boolean tlsTarget = url != null ? "https".equals(url.getScheme()) : Boolean.TRUE.equals(options.tls());
        if (Boolean.TRUE.equals(options.insecure()) && !tlsTarget) {
            throw new IllegalArgumentException(LoadOption.INSECURE.cliName() + " applies to TLS: give an https:// --url, or "
                    + LoadOption.TLS.cliName() + " with --approach");
        }
    }

    /**
     * {@code --scenario}: the options that replace every run's own applied over the scenario's runs,
     * the runs chosen by {@code --approach} and {@code --only}; refused when an option is a run's own.
     */
    private int runScenario(ProfileSettings profileSettings) throws Exception {
        ParseResult parsed = spec.commandLine().getParseResult();
        LoadOptionSpecs.rejectRunsOwn(spec, parsed);
        Shard chosenShard = shard == null ? null : Shard.parse(shard);
        List<Threshold> conditions = thresholds.stream().map(Threshold::parse).toList();
        Scenario found = Scenarios.find(scenario).only(new LinkedHashSet<>(only), approach);
        LoadOptions given;
        try {
            given = LoadOptionSpecs.given(spec);
        } catch (LoadOptions.InvalidOption e) {
            throw found.commandLineOptionRefused(e);
        }
        Scenario chosen = found.overriddenBy(given, workloadParams, serverProperties);
        if (upstream != null) { // every run's nested calls to it, or with 'self' to its own server
            UpstreamService service = UpstreamService.parseUnlessSelf(upstream).orElse(null);
            chosen = chosen.withRuns(chosen.runs().stream().map(run -> run.withUpstream(service)).toList());
        }
        for (var run : chosen.runs()) { // a threshold on a name some run lacks could never pass there: refused before any run
            try {
                checkRequestNames(conditions, run.mix());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("run '" + run.label() + "': " + e.getMessage(), e);
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        if (chosen.interleaved()) {
            return runInterleaved(chosen, conditions, chosenShard, profileSettings, err);
        }
        boolean anyApp = chosen.runs().stream().anyMatch(run -> run.app() != null);
        try (Interrupts interrupts = Interrupts.install(err);
             AppExitGuard guard = anyApp ? AppExitGuard.install(interrupts.stop(), err) : null) {
            var cli = new ScenarioCli(spec.commandLine().getOut(), err, quiet, startTimes, profileSettings, progress(err));
            String overrides = LoadOptionSpecs.everyRunOverrides(spec, parsed);
            int exitCode = chosenShard == null ? cli.run(chosen, overrides, conditions, out, interrupts.stop())
                    : cli.runShard(chosen, chosenShard, overrides, conditions, out, interrupts.stop());
            return interrupts.interrupted() ? interrupts.exitCode() : exitCode;
        }
    }

    /**
     * A scenario that says {@code compare: interleaved}: each group of its runs under one load compared as {@code compare
     * --scenario} compares them, with compare's defaults; each trial measures the runs' own duration.
     */
    private int runInterleaved(Scenario chosen, List<Threshold> conditions, Shard chosenShard, ProfileSettings profileSettings, PrintWriter err) {
        if (!conditions.isEmpty() || chosenShard != null || startTimes) {
            throw new IllegalArgumentException("scenario " + chosen.name() + " is compared interleaved (compare: interleaved): --threshold, "
                    + "--shard and --start-times apply to runs one after another; gate a comparison with gate --comparison");
        }
        err.println("scenario " + chosen.name() + " asks for its runs to be compared interleaved (compare: interleaved): each group of runs "
                + "under one load is compared in rounds, each run in its own JVM, as compare --scenario does");
        return new ComparisonCli(spec.commandLine().getOut(), err, quiet).runScenario(chosen, null,
                profile -> new Design(Design.MIN_ROUNDS, Design.MAX_ROUNDS, Design.TIME_LIMIT, Design.TRIAL_WARMUP, Design.REHEARSALS, Design.CONFIDENCE,
                        Design.EQUIVALENCE_MARGIN, profile instanceof LoadProfile.Open ? List.of(Metric.P50, Metric.P99) : List.of(Metric.RPS),
                        System.nanoTime()), List.of(), profileSettings == null ? null
                        : new ComparisonProfile(profileSettings.mode().id(), profileSettings.keepRecordings()), out);
    }

    private ProgressListener progress(PrintWriter err) {
        return new ProgressListener() {
            @Override
            public void interval(RunResult.TimelineRow row) {
                if (!quiet) {
                    err.printf(Locale.ROOT, "[%7.1fs] %-8s rps %9.1f  p50 %8s ms  p99 %8s ms  errors %6d  in flight %6d  connections %6d%s%s%n",
                            row.endSecond(), row.phase(), row.rps(), Numbers.millis(row.p50Ms()), Numbers.millis(row.p99Ms()), row.errors(),
                            row.inFlight(), row.openConnections(), row.queued() > 0 ? "  queued " + row.queued() : "",
                            row.phase() == TimelinePhase.DRAIN ? "  (draining: " + (row.inFlight() + row.queued()) + " to finish)"
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
        };
    }

    /** How a run warms up, as the progress line says it. */
    static String warmupText(LoadRun run) {
        if (run.warmupUntilSteady()) {
            return " after a warm-up until steady (at most " + Durations.format(run.warmup()) + ")";
        }
        return run.warmup().isZero() ? "" : " after " + Durations.format(run.warmup()) + " warm-up";
    }
}
