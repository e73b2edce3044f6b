package dev.stackbench.cli;

import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.compare.Comparison;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.compare.PlannedCompilation;
import dev.stackbench.core.compare.StopRule;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.jvm.ComparisonProfile;
import dev.stackbench.core.compare.jvm.LoadSetup;
import dev.stackbench.core.compare.jvm.VariantFailure;
import dev.stackbench.core.gate.ComparisonGate;
import dev.stackbench.core.gate.GateInputException;
import dev.stackbench.core.jvm.AotCaches;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.core.variant.VariantText;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.Percent;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Compares variants interleaved, each in its own JVM, and prints ordered groups with intervals. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        modelTransformer = LoadOptionSpecs.class,
        description = {
            "Compares variants so that the ranking reproduces on a noisy machine.",
            "Every variant runs in a JVM of its own, serving with its own in-process load generator, and is warmed up until steady. Then come rounds: each "
                    + "round measures every variant once, in a fresh random order, in a short trial (a re-warm, discarded, "
                    + "then a window of --duration) while the other JVMs sit idle.",
            "Only values of the same round are compared, so a machine that speeds up or slows down between rounds cannot "
                    + "reverse a verdict. Each pair gets the ratio of its values with an interval, corrected for the number of "
                    + "pairs and of looks; the verdict is ordered groups of variants that no test told apart. It stops when "
                    + "every pair is decided (different, or equivalent within --equivalence), or at --rounds or --time-limit.",
            "Exit code 0 when it ran (whatever it found), 2 on bad input, a variant that does not start, or one whose "
                    + "requests all fail in a trial (it stops at that round), 1 when a variant's JVM fails mid-run (the "
                    + "complete rounds are still written), 130/143 when interrupted."
        })
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--variant",
            paramLabel = "VARIANT",
            description =
                    "A variant: an approach (loom-netty), or LABEL:SETTING[,SETTING...] with settings approach=ID, jar=PATH and "
                            + "web-server=ID (of your application, with --app), jvm=OPTION (one JVM option) and NAME=VALUE (a server or application "
                            + "property), e.g. t50:platform-tomcat,server.tomcat.threads.max=50 or virtual:spring.threads.virtual.enabled=true; "
                            + "repeatable, at least two (or one with --aa); or --scenario.")
    List<String> variantTexts = new ArrayList<>();

    @Option(
            names = "--app",
            paramLabel = "JAR",
            description =
                    "Compare variants of your Spring Boot application, from its executable jar: each variant's JVM starts it (in a "
                            + "class loader of its own) and drives it with the --request mix (default GET /). A variant's NAME=VALUE settings are "
                            + "its properties (virtual:spring.threads.virtual.enabled=true), jar=PATH another build of it (head:jar=new.jar), "
                            + "web-server=ID another of its web servers.")
    Path appJar;

    @Option(
            names = "--app-class",
            paramLabel = "CLASS",
            description =
                    "As --app, from your application's main class on this JVM's class path (each variant's JVM gets the same class path).")
    String appClass;

    @Option(
            names = "--app-process",
            description =
                    "Each variant's application in a JVM of its own (java -jar JAR), driven from its variant's JVM; --jvm-option "
                            + "and jvm= then go to the application's JVM.")
    boolean appProcess;

    @Option(
            names = "--ready",
            paramLabel = "PATH",
            description =
                    "The application is ready once a GET of PATH answers 2xx, e.g. /actuator/health (default: once its port accepts connections).")
    String readyPath;

    @Option(
            names = "--ready-timeout",
            paramLabel = "DURATION",
            description = "How long the application may take to start and become ready (default: "
                    + AppSpec.DEFAULT_READY_TIMEOUT_SECONDS + "s).")
    String readyTimeout;

    @Option(
            names = "--web-server",
            paramLabel = "SERVER",
            description =
                    "The application's web server where its jar holds several: tomcat, jetty, undertow or netty (default: its Spring Boot's choice).")
    String webServer;

    @Option(
            names = "--workload",
            paramLabel = "WORKLOAD",
            description = "What the built-in approaches serve (default: date).")
    Workload workload;

    @Option(
            names = "--workload-param",
            paramLabel = "NAME=VALUE",
            description = "A request parameter of the workload, e.g. delayMillis=100; repeatable.")
    Map<String, String> workloadParams = new LinkedHashMap<>();

    @Option(
            names = "--request",
            paramLabel = "[NAME=]WEIGHT:METHOD:PATH[:@BODY][;Header: value]",
            description = "Your own request mix instead of the workload's, as load takes it; repeatable.")
    List<String> requestSpecs = new ArrayList<>();

    @Option(
            names = "--server-property",
            paramLabel = "NAME=VALUE",
            description = "A server property of every variant (a variant's own setting wins); repeatable.")
    Map<String, String> serverProperties = new LinkedHashMap<>();

    // The load options (--concurrency ... --header) go here: LoadOptionSpecs adds one per LoadOption.

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "" + Design.MAX_ROUNDS,
            description = "Stop after N rounds at most (default: ${DEFAULT-VALUE}).")
    int maxRounds;

    @Option(
            names = "--min-rounds",
            paramLabel = "N",
            defaultValue = "" + Design.MIN_ROUNDS,
            description =
                    "The first look at the intervals comes after N rounds; later ones after about 1.5 times as many each, "
                            + "and after the last round (default: ${DEFAULT-VALUE}).")
    int minRounds;

    @Option(
            names = "--time-limit",
            paramLabel = "DURATION",
            description =
                    "Start no round that would end after this, JVM starts and warm-ups included (default: ${DEFAULT-VALUE}).")
    String timeLimit = Durations.format(Design.TIME_LIMIT);

    @Option(
            names = "--trial-warmup",
            paramLabel = "DURATION",
            description =
                    "Each trial's re-warm before its window, discarded (default: ${DEFAULT-VALUE}). The first warm-up of each "
                            + "variant is --warmup's (until steady by default).")
    String trialWarmup = Durations.format(Design.TRIAL_WARMUP);

    @Option(
            names = "--rehearsals",
            paramLabel = "N",
            defaultValue = "" + Design.REHEARSALS,
            description =
                    "After each variant's warm-up, up to N trial-shaped runs (a window of at most 2 s), discarded, until one runs with the JIT quiet (at "
                            + "least two): the first runs after a steady warm-up recompile what the end of a run deoptimized. 0 for none, e.g. "
                            + "when no variant is CPU-bound (default: ${DEFAULT-VALUE}).")
    int rehearsals;

    @Option(
            names = "--forks",
            paramLabel = "N",
            defaultValue = "" + Design.FORKS,
            description =
                    "JVMs per variant, each measured once per round (default: ${DEFAULT-VALUE}). With one, what a JVM adds of its "
                            + "own and keeps (its JIT's choices, its memory's layout; measured here: two JVMs of one variant 3%% apart in CPU per "
                            + "request) cannot be told from a difference of that size; with 2 or more, it is in the intervals (each JVM's mean "
                            + "is one value). For differences of a few percent in CPU per request use --together with 6 (measured "
                            + "here: a 3%% extra cost found in 8 rounds).")
    int forks;

    @Option(
            names = "--jvms",
            paramLabel = "N",
            description =
                    "JVMs per variant in all, at least --forks: they start in generations of --forks each (the last with the rest), every generation"
                            + " serving --trials-per-jvm rounds and then stopped for the next (default: --forks, one generation). A small"
                            + " difference needs many JVMs more than many trials of each: what a JVM keeps of its own averages out only"
                            + " over JVMs.")
    Integer jvms;

    @Option(
            names = "--trials-per-jvm",
            paramLabel = "N",
            description = "With --jvms: the rounds each generation of JVMs serves (default: 2).")
    Integer trialsPerJvm;

    @Option(
            names = "--aot-cache",
            paramLabel = "on|off",
            defaultValue = "off",
            description =
                    "Start each variant's JVMs from a JDK AOT cache (JDK 25+: classes loaded and linked, method profiles), trained"
                            + " once per variant, JDK, jars and options by a JVM of its own and kept in $STACKBENCH_HOME/aot"
                            + " ($STACKBENCH_AOT_DIR to move it) (default: ${DEFAULT-VALUE}: measured here, JVMs started from it"
                            + " started sooner but took longer to reach steady).")
    String aotCache;

    @Option(
            names = "--together",
            description =
                    "Run every variant's trial of a round at the same time, sharing the machine (duet benchmarking), instead of "
                            + "in turns with the others idle: a change in the machine's speed within seconds then hits all variants alike "
                            + "and cancels in their ratios. For small differences in efficiency (--metric cpuPerRequest, or rps: who gets "
                            + "more done with an equal share of the cores); latencies are each under the others' load. With --forks, one "
                            + "JVM of every variant at a time. The default of a design planned from --detect when every --metric is CPU per"
                            + " request.")
    boolean together;

    @Option(
            names = "--in-turns",
            description =
                    "Run each round's trials one at a time, the other JVMs idle: the default, except in a design planned from"
                            + " --detect on CPU per request only, which runs --together.")
    boolean inTurns;

    @Option(
            names = "--tiered",
            description =
                    "Keep tiered compilation in a design planned from --detect on CPU per request of the built-in stacks, whose JVMs"
                            + " otherwise start with " + PlannedCompilation.WITHOUT_TIERS
                            + " (measured here: a JVM steady a third"
                            + " sooner, CPU per request at the same level).")
    boolean tiered;

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            split = ",",
            description =
                    "The metrics whose pairs must all be decided for it to stop early: rps, p50, p99, cpuPerRequest (the "
                            + "whole JVM's CPU per request, which a neighbour taking the machine's CPU does not move), serverCpuPerRequest "
                            + "(default: rps in the closed model, p50,p99 with --rate). All five are analysed and printed.")
    List<String> metricIds = new ArrayList<>();

    @Option(
            names = "--confidence",
            paramLabel = "PERCENT",
            defaultValue = "95%",
            description =
                    "How sure a declared difference must be, over all pairs and looks together (default: ${DEFAULT-VALUE}).")
    String confidence;

    @Option(
            names = "--equivalence",
            paramLabel = "PERCENT",
            description =
                    "A pair whose interval lies within this much either way is decided as equivalent (default: 2%%, or --detect's).")
    String equivalence;

    @Option(
            names = "--detect",
            paramLabel = "PERCENT",
            description =
                    "The smallest difference worth knowing, e.g. 3%%: a pair within it either way is equivalent (unless --equivalence"
                            + " says otherwise), and at the first look the comparison's first rounds, as a pilot, plan what telling it"
                            + " apart takes (JVMs per variant, trials per JVM, time, at 90%% power) and what --time-limit resolves."
                            + " Unless --forks, --jvms, --trials-per-jvm or --rounds set the design by hand, the comparison follows"
                            + " the plan: a pilot of " + Design.PILOT_FORKS + " JVMs per variant, "
                            + Design.PILOT_TRIALS
                            + " trials each, then as many more generations of JVMs as the plan needs and --time-limit allows."
                            + " With the design set by hand the plan advises (it needs --forks 2 or more).")
    String detect;

    @Option(
            names = "--decide-not-worse",
            paramLabel = "HEAD:BASE[:PERCENT]",
            description =
                    "Stop at a look once HEAD against BASE is decided against this limit on every deciding metric: its"
                            + " interval wholly within PERCENT worse (default 5%%) or wholly past it, as gate --not-worse"
                            + " --decided judges it, instead of once every pair differs or is equivalent (a pair that"
                            + " differs may still straddle the limit). What check uses.")
    String decideNotWorse;

    @Option(
            names = "--aa",
            paramLabel = "LABEL",
            arity = "0..1",
            fallbackValue = "",
            description =
                    "An A/A control: measure this variant (the first one without LABEL) twice, in two JVMs under two labels; "
                            + "their interval is the comparison's noise floor, and their being declared different says its verdicts are not "
                            + "to be trusted.")
    String aa;

    @Option(
            names = "--jvm-option",
            paramLabel = "OPTION",
            description =
                    "A JVM option of every variant's JVM, after the defaults (-Xms1g -Xmx1g) and before a variant's own jvm=; repeatable.")
    List<String> jvmOptions = new ArrayList<>();

    @Option(
            names = "--profile",
            paramLabel = "MODE",
            arity = "0..1",
            fallbackValue = "jfr",
            description =
                    "Profile each variant's server over its measured trial windows only (never its warm-up or rehearsals): one "
                            + "profile per variant in comparison.json, its collapsed stacks in DIR/profiles/LABEL/ with --out, and in the report "
                            + "its flame graphs and, for each pair declared different, the differential one. MODE as load's: jfr (default), "
                            + "async, async-wall.")
    String profileMode;

    @Option(
            names = "--profile-keep-jfr",
            description = "With --profile and --out: keep each variant's recording beside its stacks (large).")
    boolean profileKeepJfr;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "Seed of the rounds' random orders (default: the clock), to replay an order.")
    Long seed;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description =
                    "Write comparison.json, each trial's files (trials/LABEL/round-NN/) and the JVMs' logs (logs/) here.")
    Path out;

    @Option(
            names = {"-q", "--quiet"},
            description = "No live progress on stderr.")
    boolean quiet;

    @Option(
            names = "--scenario",
            paramLabel = "NAME|FILE",
            description =
                    "Compare a scenario's runs instead of --variant's: each group of its runs under the same load (workload, "
                            + "parameters, mix, load options) is compared interleaved, a run as a variant (its approach and server properties, "
                            + "under its label); a run alone under its load is skipped. Each trial's window is --duration's, not the runs' own. "
                            + "With --out, each group's files go to DIR/group-N/.")
    String scenario;

    @Option(
            names = "--only",
            paramLabel = "LABEL",
            split = ",",
            description = "With --scenario: only the runs with these labels; repeatable.")
    List<String> only = new ArrayList<>();

    /** The comparison this command ran, once it ran one: what ended it, for {@code check}. */
    private ComparisonCli comparisonCli;

    /** The variant failure that ended the comparison this command ran, if one did. */
    Optional<VariantFailure> failure() {
        return comparisonCli == null ? Optional.empty() : comparisonCli.failure();
    }

    @Override
    public Integer call() throws Exception {
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        var cli = new ComparisonCli(
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                quiet,
                detect == null ? null : detect(),
                tiered);
        comparisonCli = cli;
        if (scenario != null) {
            return runScenario(cli);
        }
        if (!only.isEmpty()) {
            throw new IllegalArgumentException("--only chooses runs of a --scenario");
        }
        if (variantTexts.isEmpty()) {
            throw new IllegalArgumentException(
                    "give the variants to compare (--variant A --variant B ...) or a --scenario");
        }
        return cli.run(
                comparison()
                        .withProfile(profile())
                        .withAot(AotCaches.Use.parse("--aot-cache", aotCache))
                        .withStopRule(stopRule()),
                out);
    }

    private int runScenario(ComparisonCli cli) {
        if (!variantTexts.isEmpty() || workload != null || !workloadParams.isEmpty() || !requestSpecs.isEmpty()) {
            throw new IllegalArgumentException(
                    "--scenario's runs are the variants, with their own workload, parameters and mix: drop --variant, "
                            + "--workload, --workload-param and --request");
        }
        if (decideNotWorse != null) {
            throw new IllegalArgumentException(
                    "--decide-not-worse names two variants; a --scenario's groups have labels of their own: give"
                            + " --variant instead");
        }
        if (aa != null) {
            throw new IllegalArgumentException("--aa applies to --variant's comparisons, not to a --scenario's");
        }
        LoadOptions given = LoadOptionSpecs.given(spec);
        Scenario chosen = Scenarios.find(scenario)
                .only(new LinkedHashSet<>(only), null)
                .overriddenBy(
                        given.isGiven(LoadOption.DURATION) ? without(given, LoadOption.DURATION) : given,
                        Map.of(),
                        serverProperties);
        Duration window = Design.trialWindow(given);
        return cli.runScenario(chosen, window, this::design, jvmOptions, profile(), out);
    }

    /** {@code options} with one option unset. */
    private static LoadOptions without(LoadOptions options, LoadOption option) {
        var builder = LoadOptions.builder();
        for (LoadOption each : LoadOption.values()) {
            if (each != option) {
                builder.set(each, options.value(each));
            }
        }
        return builder.build();
    }

    /** --detect as a fraction. @throws IllegalArgumentException unless a percentage above 0% and below 100% */
    private double detect() {
        double fraction = Percent.parse("--detect", detect);
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException(
                    "--detect takes a difference above 0% and below 100%, such as 3%, got '" + detect + "'");
        }
        return fraction;
    }

    /** The options that set a design by hand: with any of them, --detect's plan advises instead of leading. */
    private static final List<String> DESIGN_BY_HAND = List.of("--forks", "--jvms", "--trials-per-jvm", "--rounds");

    /**
     * The design the options give, its deciding metrics by the load model unless --metric says: planned from --detect
     * unless the options set it by hand.
     */
    Design design(LoadProfile profile) {
        var metrics = metricIds.isEmpty()
                ? Design.defaultDeciding(profile)
                : metricIds.stream().map(Metric::fromId).distinct().toList();
        if (together && inTurns) {
            throw new IllegalArgumentException("--together and --in-turns exclude each other: give one");
        }
        var schedule = together ? Schedule.TOGETHER : Schedule.TURNS;
        double margin = equivalence != null
                ? Percent.parse("--equivalence", equivalence)
                : detect != null ? detect() : Design.EQUIVALENCE_MARGIN;
        long chosenSeed = seed == null ? System.nanoTime() : seed;
        var parsed = spec.commandLine().getParseResult();
        if (detect != null && DESIGN_BY_HAND.stream().noneMatch(parsed::hasMatchedOption)) {
            return Design.planned(
                    detect(),
                    Durations.parse(timeLimit),
                    Durations.parse(trialWarmup),
                    rehearsals,
                    together || inTurns ? schedule : Schedule.planned(metrics),
                    Percent.parse("--confidence", confidence),
                    margin,
                    metrics,
                    chosenSeed);
        }
        if (trialsPerJvm != null && jvms == null) {
            throw new IllegalArgumentException("--trials-per-jvm goes with --jvms: the JVMs per variant in all");
        }
        int inAll = jvms == null ? forks : jvms;
        return new Design(
                minRounds,
                maxRounds,
                Durations.parse(timeLimit),
                Durations.parse(trialWarmup),
                rehearsals,
                forks,
                inAll,
                inAll > forks ? (trialsPerJvm == null ? 2 : trialsPerJvm) : 0,
                0,
                schedule,
                Percent.parse("--confidence", confidence),
                margin,
                metrics,
                chosenSeed,
                null);
    }

    /** The comparison the options describe, validated before any JVM starts. */
    private Comparison comparison() {
        Workload chosen = workload == null ? Workload.DATE : workload;
        ServerSource.Application application = application();
        if (application != null && (workload != null || !workloadParams.isEmpty())) {
            throw new IllegalArgumentException(
                    "--workload and --workload-param are the built-in approaches'; your application is driven "
                            + "with --request (default GET /)");
        }
        List<Variant> variants = VariantText.parseAll(variantTexts, application, chosen).stream()
                .map(variant -> variant.withDefaultProperties(serverProperties))
                .toList();
        LoadOptions given = Design.withTrialWindow(LoadOptionSpecs.given(spec));
        LoadProfile profile = given.profile(LoadOption.Naming.COMMAND_LINE);
        boolean applications =
                variants.stream().anyMatch(variant -> variant.source() instanceof ServerSource.Application);
        RequestMix mix = !requestSpecs.isEmpty()
                ? RequestSpecs.parse(requestSpecs, Path.of(""))
                : applications ? null : WorkloadMixes.of(chosen, workloadParams);
        given.toRun(
                URI.create("http://127.0.0.1:1/"),
                mix,
                LoadOption.Naming.COMMAND_LINE); // every load option checked now
        Design design = design(profile);
        String aaLabel = aa == null ? null : aa.isBlank() ? variants.getFirst().label() : aa;
        var load = LoadSetup.of(given, workloadParams, requestSpecs, Path.of(""));
        return new Comparison(
                variants,
                load,
                Boolean.TRUE.equals(given.http2()),
                Boolean.TRUE.equals(given.tls()),
                jvmOptions,
                design,
                aaLabel);
    }

    /** {@code --decide-not-worse}'s rule; every pair decided without it. */
    private StopRule stopRule() {
        if (decideNotWorse == null) {
            return StopRule.EVERY_PAIR;
        }
        try {
            return new ComparisonGate.StopAtLimit(ComparisonGate.Limit.parse(decideNotWorse));
        } catch (GateInputException e) {
            throw new IllegalArgumentException(e.getMessage().replace("--not-worse", "--decide-not-worse"), e);
        }
    }

    /** {@code --profile [MODE]}: null without it; an async mode that cannot run here is refused, saying why. */
    private ComparisonProfile profile() {
        ProfileSettings settings = LoadCommand.profileSettings(profileMode, profileKeepJfr, out);
        return settings == null ? null : new ComparisonProfile(settings.mode(), settings.keepRecordings());
    }

    /** The options of compare that mean something only with an application (its --jvm-option is every variant's). */
    private static final List<String> APP_ONLY = List.of("--app-process", "--ready", "--ready-timeout", "--web-server");

    /** The application every variant runs unless it says otherwise; null when none was given. */
    private ServerSource.Application application() {
        AppOptions app = AppOptions.of(appJar, appClass, appProcess, readyPath, readyTimeout, webServer);
        app.check(spec.commandLine().getParseResult(), APP_ONLY);
        return app.given() ? new ServerSource.Application(app.spec(Map.of(), null)) : null;
    }
}
