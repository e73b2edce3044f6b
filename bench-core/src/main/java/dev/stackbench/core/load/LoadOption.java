package dev.stackbench.core.load;

import dev.stackbench.core.steady.WarmupUntilSteady;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The options of a load run, each declared once: its {@link #id()} (the key in a scenario file's
 * {@code load:} mapping; {@code --id} on load's command line), the {@link Kind} of value it takes,
 * the models it applies to, its {@link Scope} over a scenario's runs, and its help, which takes the
 * default from {@link LoadDefaults}. load's command-line options and their help, the keys a scenario
 * file may hold, and which options {@code load --scenario} accepts or refuses are all made from this
 * list; {@link LoadOptions} holds the values and {@link RunFromOptions} turns them into a {@link LoadProfile} and a {@link LoadRun}.
 *
 * <p>Adding an option is one constant here, plus what it does where {@link RunFromOptions} builds the run:
 * <pre>{@code
 * SHARD(whole("N").everyRun().help("Run a share of 1 in N of the load.")),
 * // and in RunFromOptions.run:
 * if (options.isGiven(SHARD)) { run = run.withShard((Integer) options.value(SHARD)); }
 * }</pre>
 * From then on {@code load --shard 1/4} works and is in {@code load --help}, a scenario file may say
 * {@code load: {shard: 1/4}}, and {@code load --scenario NAME --shard 1/4} applies it to every run.
 * The constants' order is the order of the help and of the lists in messages.
 */
public enum LoadOption {
    CONCURRENCY(whole("N")
            .alias("-c")
            .only(LoadModel.CLOSED)
            .help("N virtual users (default: " + LoadDefaults.CONCURRENCY + ").")),
    RATE(number("R").alias("-r").only(LoadModel.OPEN).help("R requests per second, at fixed intended start times.")),
    STAGES(typed(Kind.STAGES, "STAGES")
            .help("Ramps, k6 style: 30s:100,1m:100,10s:0 (users) or 30s:500/s,1m:500/s (rate); 0s:N jumps.")),
    CONNECTIONS(whole("N")
            .only(LoadModel.OPEN)
            .help("cap on connections and requests in flight (default: " + LoadDefaults.OPEN_MODEL_CONNECTIONS
                    + "). The closed model uses one per user.")),
    DURATION(typed(Kind.DURATION, "DURATION")
            .alias("-d")
            .everyRun()
            .help("Measured duration (default: " + Durations.format(LoadDefaults.DURATION) + ").")),
    REQUESTS(
            longWhole("N")
                    .alias("-n")
                    .only(LoadModel.CLOSED)
                    .help(
                            "measure N requests after the warm-up, then stop (ab's -n; the warm-up's requests come on top), within --duration if given.")),
    WARMUP(typed(Kind.WARMUP, "auto|DURATION")
            .everyRun()
            .help("Run and discarded before measuring. " + Warmup.AUTO
                    + " (the default) lasts until the run is steady: the JIT "
                    + "quiet and no trend in requests/s and p50 over the last "
                    + WarmupUntilSteady.SLIDING_INTERVALS + " s, at most " + Durations.format(LoadDefaults.WARMUP_CAP)
                    + " (" + Warmup.AUTO
                    + ":CAP for another cap); it says when and why it judged so. A DURATION warms up that long, "
                    + "steady or not. With --stages: the stages' first part (default 0s).")),
    THINK_TIME(typed(Kind.THINK_TIME, "TIME")
            .only(LoadModel.CLOSED)
            .help("pause between a response and the next request: 1s, or a range 1s..3s.")),
    TIMEOUT(typed(Kind.DURATION, "DURATION")
            .everyRun()
            .help("Response timeout per request (default: " + Durations.format(LoadDefaults.RESPONSE_TIMEOUT) + ").")),
    CONNECT_TIMEOUT(typed(Kind.DURATION, "DURATION")
            .everyRun()
            .help("Connect timeout (default: " + Durations.format(LoadDefaults.CONNECT_TIMEOUT) + ").")),
    THREADS(whole("N").everyRun().help("Event-loop threads of the generator (default: one per core).")),
    NO_KEEP_ALIVE(flag().everyRun().help("A new connection per request, as ab without -k.")),
    HTTP2(flag().everyRun()
            .help(
                    "HTTP/2: cleartext by prior knowledge (h2c) on http://, negotiated by ALPN on https:// (a server that does not "
                            + "offer h2 is a protocol error); an in-process server speaks it too.")),
    TLS(
            flag().everyRun()
                    .help(
                            "The in-process server (--approach) listens with TLS, offering h2 and http/1.1 by ALPN, with a self-signed "
                                    + "certificate generated at start unless server properties give one, and is driven over https:// "
                                    + "(--insecure accepts the self-signed certificate). With --url the URL's scheme says it.")),
    INSECURE(flag().everyRun()
            .help("On https://: accept any server certificate (self-signed, another host's) instead of verifying it.")),
    HEADERS(
            headers("'NAME: VALUE'")
                    .cli("--header")
                    .alias("-H")
                    .everyRun()
                    .help(
                            "A header sent with every request, as curl's -H: 'Authorization: Bearer abc'; repeatable. A request's own "
                                    + "(--request ...;Name: value) wins. In a scenario file: headers: {Authorization: Bearer abc}."));

    /**
     * The kind of value an option takes and the Java type that holds it. The kinds written as text (durations, the
     * warm-up, think times, stages) are read once where the text comes in ({@link #parse}), so that every layer above
     * holds types, and written back as people write them ({@link #format}).
     */
    public enum Kind {
        /** A whole number that fits an int. */
        INT(Integer.class, null),
        /** A whole number that fits a long. */
        LONG(Long.class, null),
        /** Any number. */
        NUMBER(Double.class, null),
        /** On or off: a flag on the command line, true or false in a scenario file. */
        FLAG(Boolean.class, null),
        /** Request headers, {@code Name: value} each: repeatable on the command line, a mapping in a scenario file. */
        HEADERS(List.class, null),
        /** A duration as {@link Durations} reads it: {@code 250ms}, {@code 30s}, {@code 1m30s}. */
        DURATION(Duration.class, Durations::parse),
        /** {@code auto}, {@code auto:CAP} or a duration ({@link Warmup#parse}). */
        WARMUP(Warmup.class, Warmup::parse),
        /** {@code 1s} or {@code 1s..3s} ({@link ThinkTime#parse}). */
        THINK_TIME(ThinkTime.class, ThinkTime::parse),
        /** {@code 30s:100,1m:100} or {@code 30s:500/s} ({@link Stages#parse}). */
        STAGES(Stages.class, Stages::parse);

        private final Class<?> type;
        private final Function<String, ?> parser;

        Kind(Class<?> type, Function<String, ?> parser) {
            this.type = type;
            this.parser = parser;
        }

        public Class<?> type() {
            return type;
        }

        /** Whether values of this kind are written as text that {@link #parse} reads. */
        public boolean readsText() {
            return parser != null;
        }

        /**
         * The value {@code text} writes, of {@link #type()}.
         *
         * @throws IllegalArgumentException naming the text, as its type's parser says it
         */
        public Object parse(String text) {
            if (parser == null) {
                throw new IllegalStateException(this + " values are not read from text");
            }
            return parser.apply(text);
        }

        /** A value of this kind as people write it: {@code 1m30s}, {@code auto:90s}, {@code 1s..3s}, {@code 30s:100}. */
        public String format(Object value) {
            return value instanceof Duration duration ? Durations.format(duration) : String.valueOf(value);
        }
    }

    /** What the command line may do with an option when it runs a scenario ({@code load --scenario}). */
    public enum Scope {
        /** A run's own, as concurrency or rate: each run of a scenario sets it, so the command line may not set it over them. */
        RUN,
        /** Given on the command line, it replaces every run's own, as {@code --duration} shortening every run of a scenario. */
        EVERY_RUN
    }

    /** How options are named in messages: as typed on load's command line, or as keys in a scenario file. */
    public enum Naming {
        /** {@code --rate} */
        COMMAND_LINE,
        /** {@code rate} */
        SCENARIO_FILE;

        public String of(LoadOption option) {
            return this == COMMAND_LINE ? option.cliName() : option.id();
        }
    }

    private final String id;
    private final String alias;
    private final Kind kind;
    private final String paramLabel;
    private final Set<LoadModel> models;
    private final Scope scope;
    private final String help;

    private final String cliName;

    LoadOption(Definition definition) {
        this.id = name().toLowerCase(Locale.ROOT).replace('_', '-');
        this.cliName = definition.cliName != null ? definition.cliName : "--" + id;
        this.alias = definition.alias;
        this.kind = definition.kind;
        this.paramLabel = definition.paramLabel;
        this.models = Set.copyOf(definition.models);
        this.scope = definition.scope;
        this.help = definition.help;
    }

    /** The key in a scenario file, e.g. {@code think-time}; on the command line {@link #cliName()}. */
    public String id() {
        return id;
    }

    /** {@code --think-time}: {@code --} and the {@link #id()}, unless the option is named otherwise there ({@code --header}). */
    public String cliName() {
        return cliName;
    }

    /** Every name on the command line: a short alias first if it has one ({@code -c}), then {@link #cliName()}. */
    public List<String> cliNames() {
        return alias == null ? List.of(cliName()) : List.of(alias, cliName());
    }

    public Kind kind() {
        return kind;
    }

    /** How the value is shown in the help, e.g. {@code N} or {@code DURATION}; empty for a flag. */
    public String paramLabel() {
        return paramLabel;
    }

    /** The models the option means something in: both, or only the closed or only the open one. */
    public Set<LoadModel> models() {
        return models;
    }

    public Scope scope() {
        return scope;
    }

    /** One paragraph for the help: which model it applies to when only one, what it does, its default. */
    public String help() {
        if (models.size() == 1) {
            String model = models.iterator().next().id();
            return Character.toUpperCase(model.charAt(0)) + model.substring(1) + " model: " + help;
        }
        return help;
    }

    private static Definition whole(String paramLabel) {
        return new Definition(Kind.INT, paramLabel);
    }

    private static Definition longWhole(String paramLabel) {
        return new Definition(Kind.LONG, paramLabel);
    }

    private static Definition number(String paramLabel) {
        return new Definition(Kind.NUMBER, paramLabel);
    }

    private static Definition typed(Kind kind, String paramLabel) {
        return new Definition(kind, paramLabel);
    }

    private static Definition flag() {
        return new Definition(Kind.FLAG, "");
    }

    private static Definition headers(String paramLabel) {
        return new Definition(Kind.HEADERS, paramLabel);
    }

    /** One constant's declaration, written as named steps so that no two strings can be swapped unnoticed. */
    private static final class Definition {
        private final Kind kind;
        private final String paramLabel;
        private String alias;
        private String cliName;
        private Set<LoadModel> models = EnumSet.allOf(LoadModel.class);
        private Scope scope = Scope.RUN;
        private String help;

        private Definition(Kind kind, String paramLabel) {
            this.kind = kind;
            this.paramLabel = paramLabel;
        }

        private Definition alias(String shortName) {
            this.alias = shortName;
            return this;
        }

        /** A command-line name other than {@code --id}: a repeatable option reads best in the singular. */
        private Definition cli(String name) {
            this.cliName = name;
            return this;
        }

        private Definition only(LoadModel model) {
            this.models = EnumSet.of(model);
            return this;
        }

        private Definition everyRun() {
            this.scope = Scope.EVERY_RUN;
            return this;
        }

        private Definition help(String text) {
            this.help = text;
            return this;
        }
    }
}
