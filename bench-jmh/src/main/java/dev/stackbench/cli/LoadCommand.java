package dev.stackbench.cli;

import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.profile.ProfileMode;
import dev.stackbench.core.profile.ProfileRecorder;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.result.GeneratorWatch;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.server.WorkloadParams;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** Drives a server with stackbench's load generator and reports what it measured. */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        modelTransformer = LoadOptionSpecs.class,
        description = {
            "Drives a server with stackbench's load generator and reports requests/s and latency percentiles.",
            "The server is an approach started in-process (--approach), your own Spring Boot application (--app, --app-class) "
                    + "or any HTTP server (--url). Closed model with --concurrency (the default), open model with --rate (latency "
                    + "from each request's intended start, free of coordinated omission), ramps with --stages. Or a whole "
                    + "scenario of runs (--scenario; --list-scenarios shows the bundled ones).",
            "Exit code 1 when a --threshold is crossed, 2 on bad options."
        })
final class LoadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--approach", paramLabel = "APPROACH", description = "Start this approach in-process and drive it.")
    Approach approach;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(names = "--workload", paramLabel = "WORKLOAD", description = "The workload of --approach (default: date).")
    Workload workload;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--url",
            paramLabel = "URL",
            description = "Drive any HTTP server: GET this URL (instead of --approach).")
    URI url;

    @Mixin
    AppOptions app = new AppOptions();

    // The load options (--concurrency ... --http2) go here: LoadOptionSpecs adds one per LoadOption.

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(
            names = "--workload-param",
            paramLabel = "NAME=VALUE",
            description =
                    "A request parameter of the workload, e.g. " + WorkloadParams.DELAY_MILLIS + "=100; repeatable.")
    Map<String, String> workloadParams = new LinkedHashMap<>();

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--request",
            paramLabel = "[NAME=]WEIGHT:METHOD:PATH[:@BODY][;Header: value]",
            description = "Your own mix instead of the workload's (or the URL's GET): 75:GET:/movies?director=Allen, "
                    + "post-movies=25:POST:/movies:@movie.json;X-Tenant: a; {id} in a path uses an id the POSTs created; "
                    + "the requests of a NAME are counted apart (default: method and path, get-movies); repeatable.")
    List<String> requestSpecs = new ArrayList<>();

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(
            names = "--server-property",
            paramLabel = "NAME=VALUE",
            description =
                    "A server setting of --approach, e.g. server.tomcat.threads.max=10, "
                            + "or a property of --app, e.g. spring.threads.virtual.enabled=true (given to it as --NAME=VALUE); repeatable.")
    Map<String, String> serverProperties = new LinkedHashMap<>();

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(
            names = "--upstream",
            paramLabel = "APPROACH[:DELAY_MILLIS]",
            description =
                    "Make the workload's nested calls (callDepth) to a second service started in-process on its own port "
                            + "before --approach: APPROACH serving date, adding DELAY_MILLIS to every answer (default 0), e.g. webflux-netty:20; "
                            + "its CPU is reported apart from the server's. 'self' (the default): to the server itself.")
    String upstream;

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(
            names = "--start-times",
            description = "Start the server of --approach twice, stopping the first, to report a warm start "
                    + "beside the first (cold when it is the process's first server) in result.json and the summary.")
    boolean startTimes;

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(
            names = "--profile",
            paramLabel = "MODE",
            arity = "0..1",
            fallbackValue = "jfr",
            description =
                    "Profile the server over the measured window only (never the warm-up): CPU samples of its threads "
                            + "(not the generator's; with --app-process, its own JVM's, recorded there through jcmd), allocation, lock and park contention, virtual-thread pinning, GC pauses. Facts go into "
                            + "result.json (serverProfile) and the summary; with --out, collapsed stacks beside the results, and `report` draws "
                            + "their flame graphs. MODE: jfr (JDK Flight Recorder, the default), async (async-profiler's CPU samples, native "
                            + "frames too), async-wall (its wall-clock samples: waiting threads too); the async modes profile this JVM only.")
    String profileMode;

    @ScenarioScope(LoadOption.Scope.EVERY_RUN)
    @Option(
            names = "--profile-keep-jfr",
            description =
                    "With --profile and --out: keep the recordings (profile.jfr, and profile-async.jfr "
                            + "in the async modes) beside the results, for JDK Mission Control or `jfr print`; tens of megabytes per 30 s window.")
    boolean profileKeepJfr;

    @Option(
            names = "--threshold",
            paramLabel = "CONDITION",
            description = "Fail (exit 1) unless it holds: p99<250ms, errors<1%%, rps>1000; "
                    + "p99{name=post-movies}<250ms for the requests of one name; "
                    + "rate-reached (open model: requests sent within " + GeneratorWatch.RATE_TOLERANCE_PERCENT
                    + "%% of the rate asked for); "
                    + "generator-not-saturated (the generator's busiest loop under "
                    + GeneratorWatch.LOOP_BUSY_LIMIT_PERCENT
                    + "%% busy, its lag p99 under " + GeneratorWatch.LAG_P99_LIMIT_MILLIS + " ms); repeatable.")
    List<String> thresholds = new ArrayList<>();

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--label",
            paramLabel = "NAME",
            description = "Name of this target in results, gates and reports (default: approach/workload, or the URL).")
    String label;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description = "Write result.json, timeline.csv, latency.hlog and latency.hgrm here.")
    Path out;

    @Option(
            names = "--output",
            paramLabel = "NAME[=WHERE]",
            description =
                    "Send every interval's numbers out while the run goes (k6's --out): prometheus[=[ADDRESS]:PORT] (an endpoint "
                            + "Prometheus scrapes, /metrics on 127.0.0.1:9464 unless told otherwise; :0 for a free port), otlp=URL "
                            + "(OpenTelemetry metrics over OTLP/HTTP), json=FILE (one JSON object per interval, appended); per request "
                            + "name: requests, errors by class, latency histograms; the generator's in flight, lag and busiest loop. "
                            + "Repeatable. The results stay result.json's.")
    List<String> outputs = new ArrayList<>();

    /** The open --outputs of this command; {@link OutputScope#NONE} until {@link #call} opens them. */
    OutputScope outputScope = OutputScope.NONE;

    @Option(
            names = {"-q", "--quiet"},
            description = "No live progress on stderr.")
    boolean quiet;

    @Option(
            names = "--scenario",
            paramLabel = "NAME|FILE",
            description =
                    "Run a scenario: a bundled one by name (see --list-scenarios), a YAML file, or a k6 scenario CSV as in "
                            + "experiment 004. Each run starts its own server; with --out, files go to DIR/<label>/. "
                            + "Precedence: command line over scenario file over load's defaults. {every-run} apply to every run "
                            + "(--workload-param to the runs whose workload has it); --duration over stages stretches or compresses "
                            + "them to that length, shape kept. --threshold is checked on every run. --approach and --only choose runs. "
                            + "{runs-own} are the scenario's own.")
    String scenario;

    @Option(
            names = "--only",
            paramLabel = "LABEL",
            split = ",",
            description = "With --scenario: run only the runs with these labels; repeatable.")
    List<String> only = new ArrayList<>();

    @Option(
            names = "--shard",
            paramLabel = "i/n",
            description =
                    "With --scenario: run shard i of n of its runs (after --only and --approach), for a CI matrix of n jobs: "
                            + "the same i/n always picks the same runs, the n shards are disjoint and together the whole; runs are dealt out "
                            + "longest first, each to the shard with the least estimated time so far. With --out, DIR/shard.json tells "
                            + "report and gate, given every shard's directory, that the shard is complete.")
    String shard;

    @Option(
            names = "--list-scenarios",
            description = "List the bundled scenarios: name, source, runs, estimated length, scale.")
    boolean listScenarios;

    @Option(
            names = "--agents",
            paramLabel = "N",
            description =
                    "Send the load from N agents (agent --coordinator THIS-HOST on each generator host): wait for them, deal the "
                            + "schedule out (agent k of N sends requests k, k+N, ... of the one schedule; closed model: users k, k+N, ...), "
                            + "start them at one instant agreed through their clocks' offsets, and merge their histograms into one result "
                            + "with a section per agent. Needs --url and a fixed --warmup. An agent lost mid-run makes the result partial (exit 1).")
    Integer agents;

    @Option(
            names = "--cluster-bind",
            paramLabel = "ADDRESS[:PORT]",
            description =
                    "With --agents: where the coordinator listens for agents, an address they reach (default: the address "
                            + "this host's name resolves to, refused if it is a loopback one such as Debian's 127.0.1.1; port 7800).")
    String clusterBind;

    @Option(
            names = "--agents-timeout",
            paramLabel = "DURATION",
            defaultValue = DEFAULT_AGENTS_TIMEOUT,
            description =
                    "With --agents: how long to wait for them to join, and for their measurements after the run's drain "
                            + "(default: ${DEFAULT-VALUE}).")
    String agentsTimeout;

    @Option(
            names = "--discovery",
            paramLabel = "dns:NAME",
            description =
                    "With --agents: find the agents through a DNS name (JGroups' DNS_PING, e.g. a Kubernetes headless Service) "
                            + "instead of their joining --cluster-bind.")
    String discovery;

    @Option(
            names = "--cluster-secret-file",
            paramLabel = "FILE",
            description =
                    "With --agents: the cluster's shared secret, the same on every agent; else the environment variable "
                            + "STACKBENCH_CLUSTER_SECRET. Required unless the coordinator listens on loopback.")
    Path clusterSecretFile;

    static final String DEFAULT_AGENTS_TIMEOUT = "60s";

    /** A threshold on a request name the run does not have could never be checked: refused before the run. */
    static void checkRequestNames(List<Threshold> conditions, RequestMix mix) {
        for (Threshold condition : conditions) {
            if (condition.request() != null && !mix.names().contains(condition.request())) {
                throw new IllegalArgumentException(
                        "threshold '" + condition.text() + "' names requests '" + condition.request()
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
        if (agents != null && !outputs.isEmpty()) {
            throw new IllegalArgumentException(
                    "--output with --agents: each agent reports its own segment live, labelled "
                            + "with its name (agent --output ...); the merged result is the coordinator's result.json");
        }
        ProfileSettings profileSettings = profileSettings();
        try (OutputScope opened =
                OutputScope.open(outputs, null, spec.commandLine().getErr())) {
            outputScope = opened;
            return dispatch(profileSettings);
        } finally {
            outputScope = OutputScope.NONE;
        }
    }

    /** The live progress of a run: the lines on stderr, and the --outputs. */
    ProgressListener progress(PrintWriter err) {
        return outputScope.around(new ProgressPrinter(err, quiet));
    }

    private Integer dispatch(ProfileSettings profileSettings) throws Exception {
        if (scenario != null) {
            if (agents != null) {
                throw new IllegalArgumentException("--agents runs one load, not a --scenario");
            }
            return new ScenarioRuns(this).run(profileSettings);
        }
        if (!only.isEmpty()) {
            throw new IllegalArgumentException("--only chooses runs of a --scenario");
        }
        if (shard != null) {
            throw new IllegalArgumentException(
                    "--shard splits the runs of a --scenario (the JMH suite: java -jar bench-jmh.jar --shard i/n)");
        }
        List<Threshold> conditions = thresholds.stream().map(Threshold::parse).toList();
        app.check(spec.commandLine().getParseResult());
        Workload chosenWorkload = chooseTarget();
        if (profileSettings != null && url != null) {
            throw new IllegalArgumentException(
                    "--profile records a server in this JVM (--approach or --scenario); a --url server runs "
                            + "elsewhere: profile it there (serve runs in its own JVM)");
        }
        if (app.given()) {
            return new AppRun(this).run(conditions, profileSettings);
        }
        return new OneRun(this).run(conditions, chosenWorkload, profileSettings);
    }

    private Workload chooseTarget() {
        long targets = Stream.of(approach != null, url != null, app.given())
                .filter(given -> given)
                .count();
        if (targets != 1) {
            throw new IllegalArgumentException(
                    "give one of --approach (a server started in-process), --url (any server) and --app or "
                            + "--app-class (your application), not " + (targets == 0 ? "none" : "several"));
        }
        if (app.given()) {
            if (workload != null || !workloadParams.isEmpty() || startTimes || upstream != null) {
                throw new IllegalArgumentException(
                        "--workload, --workload-param, --upstream and --start-times apply to --approach, not to your"
                                + " application: its properties are --server-property NAME=VALUE, its requests --request");
            }
            return null;
        }
        if (url != null) {
            if (workload != null || !workloadParams.isEmpty() || !serverProperties.isEmpty() || startTimes) {
                throw new IllegalArgumentException(
                        "--workload, --workload-param, --server-property and --start-times apply to --approach, not to --url");
            }
            return null;
        }
        return workload == null ? Workload.DATE : workload;
    }

    /** --cluster-bind, --discovery and --agents-timeout say how to meet agents: without --agents they would be ignored. */
    private void checkClusterOptions() {
        if (agents != null) {
            return;
        }
        ParseResult parsed = spec.commandLine().getParseResult();
        for (String option : List.of("--cluster-bind", "--discovery", "--agents-timeout", "--cluster-secret-file")) {
            if (parsed.hasMatchedOption(option)) {
                throw new IllegalArgumentException(
                        option + " applies with --agents N (load from N generator hosts) only");
            }
        }
    }

    /**
     * {@code --profile [MODE]} and {@code --profile-keep-jfr} as settings; null without --profile. Readies the JVM for
     * profiles at once (JFR's stack depth can only be raised before anything starts JFR).
     */
    private ProfileSettings profileSettings() {
        ProfileSettings settings = profileSettings(profileMode, profileKeepJfr, out);
        if (settings != null) {
            ProfileRecorder.prepare(settings); // what it could not do, each profile's notes say
        }
        return settings;
    }

    /**
     * {@code --profile [MODE]} and {@code --profile-keep-jfr} (whose recordings go beside the results in {@code out})
     * as settings; null without --profile. Shared with {@code compare}.
     *
     * @throws IllegalArgumentException naming the option: an unknown mode, an async mode that cannot run here (saying
     *                                  why), or --profile-keep-jfr without --profile or --out
     */
    static ProfileSettings profileSettings(String profileMode, boolean profileKeepJfr, Path out) {
        if (profileMode == null) {
            if (profileKeepJfr) {
                throw new IllegalArgumentException(
                        "--profile-keep-jfr keeps the recordings of --profile: give --profile too");
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
                throw new IllegalArgumentException(
                        "--profile " + mode.id() + ": " + reason + "; --profile jfr works on every JDK");
            });
        }
        if (profileKeepJfr && out == null) {
            throw new IllegalArgumentException(
                    "--profile-keep-jfr keeps the recordings beside the results: give --out DIR too");
        }
        return ProfileSettings.of(mode).withKeepRecordings(profileKeepJfr);
    }

    /** Stands in for an in-process server's address while the options are checked, before it starts. */
    static final URI PROVISIONAL_TARGET = URI.create("http://127.0.0.1:1/");
}
