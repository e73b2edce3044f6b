package dev.stackbench.core.api;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.compare.Comparison;
import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.jvm.LoadSetup;
import dev.stackbench.core.compare.jvm.VariantFailure;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.core.vocabulary.Durations;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A comparison of the user's application's variants, described step by step and run by {@link #run()}; every setting
 * not given takes {@code compare}'s default (docs/compare.md). Validated as a whole when it runs, before any JVM starts:
 * a bad setting is an {@link IllegalArgumentException} naming it and its value. Not thread-safe; one per comparison.
 *
 * @see Stackbench#compare()
 */
public final class ComparisonBuilder {

    /** A variant as given, resolved against the application once it is known: {@code variant} is given whole, or null. */
    private record Planned(String label, Map<String, String> properties, List<String> jvmOptions, Variant variant) {}

    private AppSource app;
    private String readyPath;
    private Duration readyTimeout;
    private final List<Planned> variants = new ArrayList<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final List<String> requests = new ArrayList<>();
    private final LoadOptions.Builder load = LoadOptions.builder();
    private LoadOptions moreLoad = LoadOptions.NONE;
    private int minRounds = Design.MIN_ROUNDS;
    private int maxRounds = Design.MAX_ROUNDS;
    private Duration timeLimit = Design.TIME_LIMIT;
    private Duration trialWarmup = Design.TRIAL_WARMUP;
    private int rehearsals = Design.REHEARSALS;
    private int forks = Design.FORKS;
    private Schedule schedule = Schedule.TURNS;
    private double confidence = Design.CONFIDENCE;
    private double equivalence = Design.EQUIVALENCE_MARGIN;
    private List<Metric> deciding;
    private Long seed;
    private String aa;
    private Path out;
    private PrintStream progress = System.out;

    ComparisonBuilder() {}

    /** The application every variant runs: its {@code @SpringBootApplication} class (or any class whose main method starts it), on this class path. */
    public ComparisonBuilder app(Class<?> mainClass) {
        this.app = new AppSource.MainClass(
                Objects.requireNonNull(mainClass, "mainClass").getName());
        return this;
    }

    /** The application every variant runs, from its Spring Boot executable jar (each variant's JVM loads it in a class loader of its own). */
    public ComparisonBuilder appJar(Path executableJar) {
        this.app = new AppSource.ExecutableJar(Objects.requireNonNull(executableJar, "executableJar"));
        return this;
    }

    /** The application is ready once a GET of {@code path} answers 2xx (e.g. {@code /actuator/health}); by default once its port accepts connections. */
    public ComparisonBuilder readyPath(String path) {
        this.readyPath = path;
        return this;
    }

    /** How long the application may take to start and become ready (default {@link AppSpec#DEFAULT_READY_TIMEOUT}). */
    public ComparisonBuilder readyTimeout(Duration timeout) {
        this.readyTimeout = timeout;
        return this;
    }

    /** A variant: the application with these properties (given as {@code --NAME=VALUE}, over its own configuration). */
    public ComparisonBuilder variant(String label, Map<String, String> properties) {
        return variant(label, properties, List.of());
    }

    /** A variant with options of its own JVM as well, e.g. {@code List.of("-XX:+UseZGC")}, after {@link #jvmOption}'s. */
    public ComparisonBuilder variant(String label, Map<String, String> properties, List<String> jvmOptions) {
        variants.add(new Planned(label, Map.copyOf(properties), List.copyOf(jvmOptions), null));
        return this;
    }

    /** A variant given whole, e.g. another build of the application: {@code Variant}'s source names its jar. */
    public ComparisonBuilder variant(Variant variant) {
        variants.add(new Planned(null, Map.of(), List.of(), Objects.requireNonNull(variant, "variant")));
        return this;
    }

    /** A property of every variant's application; a variant's own setting wins. */
    public ComparisonBuilder property(String name, String value) {
        properties.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** An option of every variant's JVM, after {@link dev.stackbench.core.compare.VariantCommand#DEFAULT_JVM_OPTIONS} and before a variant's own. */
    public ComparisonBuilder jvmOption(String option) {
        jvmOptions.add(Objects.requireNonNull(option, "option"));
        return this;
    }

    /**
     * Requests of the mix, as {@code compare --request} takes them: {@code [NAME=]WEIGHT:METHOD:PATH[:@BODY][;Header: value]},
     * e.g. {@code "list=3:GET:/owners?lastName="}; a body file is read relative to the working directory. Default: {@code GET /}.
     */
    public ComparisonBuilder request(String... specs) {
        requests.addAll(Arrays.asList(specs));
        return this;
    }

    /** The closed model: this many users, each sending its next request when the last one is answered. */
    public ComparisonBuilder concurrency(int users) {
        load.concurrency(users);
        return this;
    }

    /** The open model: this many requests per second, whatever the answers. */
    public ComparisonBuilder rate(double requestsPerSecond) {
        load.rate(requestsPerSecond);
        return this;
    }

    /** Any other load option (think time, threads, headers, timeouts...); the ones given here win over these. */
    public ComparisonBuilder load(LoadOptions options) {
        this.moreLoad = Objects.requireNonNull(options, "options");
        return this;
    }

    /** Each variant's first warm-up, discarded; by default until steady (at most 60 s). */
    public ComparisonBuilder warmup(Duration warmup) {
        load.warmup(Durations.format(warmup));
        return this;
    }

    /** Each trial's measured window (default {@link Design#WINDOW}). */
    public ComparisonBuilder window(Duration window) {
        load.duration(Durations.format(window));
        return this;
    }

    /** Each trial's re-warm before its window, discarded (default {@link Design#TRIAL_WARMUP}). */
    public ComparisonBuilder trialWarmup(Duration warmup) {
        this.trialWarmup = warmup;
        return this;
    }

    /** The first look at the intervals after {@code min} rounds; at most {@code max} (defaults {@link Design#MIN_ROUNDS}, {@link Design#MAX_ROUNDS}). */
    public ComparisonBuilder rounds(int min, int max) {
        this.minRounds = min;
        this.maxRounds = max;
        return this;
    }

    /** Trial-shaped runs after each warm-up, discarded, while the JIT is busy (default {@link Design#REHEARSALS}; 0 for none). */
    public ComparisonBuilder rehearsals(int count) {
        this.rehearsals = count;
        return this;
    }

    /** JVMs per variant (default {@value Design#FORKS}): with several, what JVMs of one variant differ by is in the intervals. */
    public ComparisonBuilder forks(int count) {
        this.forks = count;
        return this;
    }

    /**
     * Every variant's trial of a round at the same time, sharing the machine (duet benchmarking), instead of in turns:
     * for small differences in CPU per request on a machine whose speed moves within seconds ({@link Schedule}).
     */
    public ComparisonBuilder together() {
        this.schedule = Schedule.TOGETHER;
        return this;
    }

    /** Start no round that would end after this, JVM starts included (default {@link Design#TIME_LIMIT}). */
    public ComparisonBuilder timeLimit(Duration limit) {
        this.timeLimit = limit;
        return this;
    }

    /** How sure a declared difference must be, over all pairs and looks, e.g. {@code 0.95} (the default). */
    public ComparisonBuilder confidence(double share) {
        this.confidence = share;
        return this;
    }

    /** A pair within this share either way is decided as equivalent, e.g. {@code 0.02} (the default). */
    public ComparisonBuilder equivalence(double share) {
        this.equivalence = share;
        return this;
    }

    /** The metrics whose pairs must all be decided for it to stop before its caps (default: rps, or p50 and p99 with a rate). */
    public ComparisonBuilder deciding(Metric... metrics) {
        this.deciding = List.of(metrics);
        return this;
    }

    /** The seed of the rounds' random orders, to replay one (default: the clock). */
    public ComparisonBuilder seed(long value) {
        this.seed = value;
        return this;
    }

    /** An A/A control: this variant measured twice, in two JVMs; its interval is the comparison's noise floor. */
    public ComparisonBuilder aa(String label) {
        this.aa = label;
        return this;
    }

    /** Where comparison.json, each trial's files and the JVMs' logs go; by default nothing is written (logs to a temporary directory). */
    public ComparisonBuilder out(Path directory) {
        this.out = directory;
        return this;
    }

    /** Where progress and the summary go (default System.out); null for none. */
    public ComparisonBuilder progress(PrintStream stream) {
        this.progress = stream;
        return this;
    }

    /**
     * The comparison as described, validated.
     *
     * @throws IllegalArgumentException naming the setting and its bad value
     */
    public Comparison build() {
        if (app == null && variants.stream().anyMatch(planned -> planned.variant() == null)) {
            throw new IllegalArgumentException(
                    "app: give the application the variants run (app(MyApplication.class) or appJar(path))");
        }
        AppSpec spec = app == null ? null : AppSpec.of(app).withReadyPath(readyPath);
        if (spec != null && readyTimeout != null) {
            spec = spec.withReadyTimeout(readyTimeout);
        }
        var list = new ArrayList<Variant>();
        for (Planned planned : variants) {
            Variant variant = planned.variant() != null
                    ? planned.variant()
                    : new Variant(
                            planned.label(),
                            new ServerSource.Application(spec),
                            planned.properties(),
                            planned.jvmOptions());
            list.add(variant.withDefaultProperties(properties));
        }
        LoadOptions given = Design.withTrialWindow(load.parent(moreLoad).build());
        // Every load option and request checked now, before a JVM starts, as the command line does.
        given.toRun(
                URI.create("http://127.0.0.1:1/"),
                requests.isEmpty() ? null : RequestSpecs.parse(requests, Path.of("")),
                LoadOption.Naming.COMMAND_LINE);
        List<Metric> metrics =
                deciding != null ? deciding : Design.defaultDeciding(given.profile(LoadOption.Naming.COMMAND_LINE));
        var design = new Design(
                minRounds,
                maxRounds,
                timeLimit,
                trialWarmup,
                rehearsals,
                forks,
                schedule,
                confidence,
                equivalence,
                metrics,
                seed == null ? System.nanoTime() : seed);
        return new Comparison(
                list,
                LoadSetup.of(given, Map.of(), requests, Path.of("")),
                Boolean.TRUE.equals(given.http2()),
                Boolean.TRUE.equals(given.tls()),
                jvmOptions,
                design,
                aa);
    }

    /**
     * Runs it: every variant in a JVM of its own, rounds until every pair of the deciding metrics is decided or a cap
     * is reached. Prints its progress and summary unless {@code progress(null)}.
     *
     * @throws IllegalArgumentException naming a bad setting, before any JVM starts
     * @throws VariantFailure when a variant's application does not start (nothing is written), or stops or fails
     *                        mid-run (the complete rounds are written to {@link #out}); its message is one line naming
     *                        the variant and the reason, and the last lines of its log are printed with the progress
     */
    public Compared run() {
        Comparison comparison = build();
        ComparisonRunner.Outcome outcome;
        try {
            outcome = ComparisonRunner.run(comparison, out, new StopRequest(), new Progress(progress));
        } catch (VariantFailure e) {
            print(e);
            throw e;
        }
        if (progress != null) {
            progress.print(ComparisonSummary.of(outcome.result()));
            progress.flush();
        }
        if (outcome.failure() != null) {
            print(outcome.failure());
            throw outcome.failure();
        }
        return new Compared(outcome.result(), outcome.written());
    }

    private void print(VariantFailure failure) {
        if (progress != null) {
            progress.println("error: " + failure.getMessage());
            failure.logTail().forEach(line -> progress.println("  | " + line));
            progress.flush();
        }
    }

    /** A line per step and per trial, as {@code compare} prints them. */
    private record Progress(PrintStream stream) implements ComparisonRunner.Listener {

        @Override
        public void message(String line) {
            if (stream != null) {
                stream.println(line);
            }
        }

        @Override
        public void trial(int round, int index, int count, ComparisonResult.Trial trial) {
            if (stream != null) {
                var values = trial.values();
                stream.printf(
                        Locale.ROOT,
                        "round %d [%d/%d] %s: %.1f req/s, p50 %.3f ms, p99 %.3f ms, %d errors%n",
                        round,
                        index,
                        count,
                        trial.label(),
                        values.get(Metric.RPS),
                        values.get(Metric.P50),
                        values.get(Metric.P99),
                        trial.result().requests().errors());
            }
        }
    }
}
