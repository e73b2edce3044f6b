package dev.stackbench.core.load;

import static dev.stackbench.core.load.LoadOption.CONCURRENCY;
import static dev.stackbench.core.load.LoadOption.CONNECTIONS;
import static dev.stackbench.core.load.LoadOption.CONNECT_TIMEOUT;
import static dev.stackbench.core.load.LoadOption.DURATION;
import static dev.stackbench.core.load.LoadOption.HEADERS;
import static dev.stackbench.core.load.LoadOption.HTTP2;
import static dev.stackbench.core.load.LoadOption.INSECURE;
import static dev.stackbench.core.load.LoadOption.NO_KEEP_ALIVE;
import static dev.stackbench.core.load.LoadOption.RATE;
import static dev.stackbench.core.load.LoadOption.REQUESTS;
import static dev.stackbench.core.load.LoadOption.STAGES;
import static dev.stackbench.core.load.LoadOption.THINK_TIME;
import static dev.stackbench.core.load.LoadOption.THREADS;
import static dev.stackbench.core.load.LoadOption.TIMEOUT;
import static dev.stackbench.core.load.LoadOption.TLS;
import static dev.stackbench.core.load.LoadOption.WARMUP;

import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.net.URI;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The {@link LoadOption}s of one run as a person gave them, on {@code load}'s command line or in a
 * scenario file, as types: text is read once where it comes in (the builder's text setters name the
 * option when it is bad). An option not given stays unset (it does not take its default), so layers
 * combine with an explicit precedence, command line over scenario file over {@link LoadDefaults}: a
 * layer built with a {@link Builder#parent parent} takes the parent's value where it gives none. The
 * defaults are applied in one place, {@link RunFromOptions}, when the options become a
 * {@link LoadProfile} and a {@link LoadRun}; this class only holds and layers the values (JMH's
 * options apart from its {@code Runner}).
 *
 * <pre>{@code
 * LoadOptions file = LoadOptions.builder().concurrency(1000).duration("20s").warmup("5s").noKeepAlive(true).build();
 * LoadOptions cli = LoadOptions.builder().duration(Duration.ofSeconds(2)).warmup("1s").parent(file).build();
 * LoadRun run = cli.toRun(target, mix, LoadOption.Naming.COMMAND_LINE);   // 1000 users, 2 s after 1 s, a connection per request
 * }</pre>
 */
public final class LoadOptions {

    /** No option given: every run built from it has {@link LoadDefaults}. */
    public static final LoadOptions NONE = new LoadOptions(new EnumMap<>(LoadOption.class));

    /** The options that choose the model; choosing one in a layer replaces the one chosen below it. */
    private static final Set<LoadOption> MODEL_CHOICE = Set.of(CONCURRENCY, RATE, STAGES);

    /** The given options only; never modified after construction, never handed out. */
    private final EnumMap<LoadOption, Object> values;

    private LoadOptions(EnumMap<LoadOption, Object> values) {
        this.values = values;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A bad option; {@link #option()} names it when one option alone is wrong, else null. */
    public static final class InvalidOption extends IllegalArgumentException {
        private final LoadOption option;

        InvalidOption(LoadOption option, String message) {
            super(message);
            this.option = option;
        }

        public LoadOption option() {
            return option;
        }
    }

    /**
     * Options set one at a time, each remembering that it was given; {@link #build()} fills what is
     * not given from the {@link #parent}, as {@link LoadOptions#overriddenBy} does.
     */
    public static final class Builder {
        private final EnumMap<LoadOption, Object> values = new EnumMap<>(LoadOption.class);
        private LoadOptions parent = NONE;

        private Builder() {}

        /**
         * Sets any option, e.g. from the command line or a file.
         *
         * @param value of the option's {@link LoadOption.Kind#type()}; null leaves it unset
         * @throws IllegalArgumentException when the value is of another type
         */
        public Builder set(LoadOption option, Object value) {
            Objects.requireNonNull(option, "option");
            if (value == null) {
                values.remove(option);
            } else if (!option.kind().type().isInstance(value)) {
                throw new IllegalArgumentException(
                        option.id() + " takes " + option.kind().type().getSimpleName() + " values, got "
                                + value.getClass().getSimpleName() + " '" + value + "'");
            } else {
                values.put(option, value);
            }
            return this;
        }

        /** Closed model: virtual users. */
        public Builder concurrency(int users) {
            return set(CONCURRENCY, users);
        }

        /** Open model: requests per second. */
        public Builder rate(double requestsPerSecond) {
            return set(RATE, requestsPerSecond);
        }

        /**
         * Any option given as text, as a person writes it ({@code 30s}, {@code auto:90s}, {@code 1s..3s}), read into its
         * kind's type here, once.
         *
         * @throws InvalidOption naming the option when the text is not a value of its kind
         */
        public Builder parse(LoadOption option, String text) {
            if (text == null) {
                return set(option, null);
            }
            return set(option, named(option, () -> option.kind().parse(text)));
        }

        /** k6-style ramps. */
        public Builder stages(Stages stages) {
            return set(STAGES, stages);
        }

        /** k6-style ramps as text, as {@link Stages#parse}: {@code 30s:100,1m:100,10s:0} or {@code 30s:500/s}. */
        public Builder stages(String stages) {
            return parse(STAGES, stages);
        }

        /** Open model: the cap on connections and requests in flight. */
        public Builder connections(int connections) {
            return set(CONNECTIONS, connections);
        }

        /** The measured duration; over stages it stretches or compresses them to this length. */
        public Builder duration(Duration duration) {
            return set(DURATION, duration);
        }

        /** E.g. {@code 30s} ({@link Durations}). */
        public Builder duration(String duration) {
            return parse(DURATION, duration);
        }

        /** Closed model: stop after this many requests (ab's -n). */
        public Builder requests(long requests) {
            return set(REQUESTS, requests);
        }

        public Builder warmup(Warmup warmup) {
            return set(WARMUP, warmup);
        }

        /** {@code auto}, {@code auto:CAP} or a duration ({@link Warmup#parse}). */
        public Builder warmup(String warmup) {
            return parse(WARMUP, warmup);
        }

        public Builder thinkTime(ThinkTime thinkTime) {
            return set(THINK_TIME, thinkTime);
        }

        /** {@code 1s} or {@code 1s..3s} ({@link ThinkTime#parse}). */
        public Builder thinkTime(String thinkTime) {
            return parse(THINK_TIME, thinkTime);
        }

        /** The response timeout. */
        public Builder timeout(Duration timeout) {
            return set(TIMEOUT, timeout);
        }

        /** The response timeout as text, e.g. {@code 60s}. */
        public Builder timeout(String timeout) {
            return parse(TIMEOUT, timeout);
        }

        public Builder connectTimeout(Duration connectTimeout) {
            return set(CONNECT_TIMEOUT, connectTimeout);
        }

        public Builder threads(int threads) {
            return set(THREADS, threads);
        }

        /** A new connection per request, as ab without -k. */
        public Builder noKeepAlive(boolean noKeepAlive) {
            return set(NO_KEEP_ALIVE, noKeepAlive);
        }

        public Builder http2(boolean http2) {
            return set(HTTP2, http2);
        }

        /** The in-process server listens with TLS; the run's target is then its https:// address. */
        public Builder tls(boolean tls) {
            return set(TLS, tls);
        }

        /** On https://, accept any certificate. */
        public Builder insecure(boolean insecure) {
            return set(INSECURE, insecure);
        }

        /** Where the options not given here come from; {@link LoadOptions#NONE} unless set. */
        public Builder parent(LoadOptions parent) {
            this.parent = Objects.requireNonNull(parent, "parent");
            return this;
        }

        /** @throws InvalidOption when a duration given here cannot stretch the parent's stages */
        public LoadOptions build() {
            return parent.overriddenBy(new LoadOptions(new EnumMap<>(values)));
        }
    }

    /** Whether the option was given. */
    public boolean isGiven(LoadOption option) {
        return values.containsKey(option);
    }

    /** The option's value, of its {@link LoadOption.Kind#type()}, or null when not given. */
    public Object value(LoadOption option) {
        return values.get(option);
    }

    public Integer concurrency() {
        return (Integer) values.get(CONCURRENCY);
    }

    public Double rate() {
        return (Double) values.get(RATE);
    }

    public Stages stages() {
        return (Stages) values.get(STAGES);
    }

    public Integer connections() {
        return (Integer) values.get(CONNECTIONS);
    }

    public Duration duration() {
        return (Duration) values.get(DURATION);
    }

    public Long requests() {
        return (Long) values.get(REQUESTS);
    }

    public Warmup warmup() {
        return (Warmup) values.get(WARMUP);
    }

    /** The headers for every request, as written ({@code Name: value}); null when not given. */
    @SuppressWarnings("unchecked")
    public List<String> headers() {
        return (List<String>) values.get(HEADERS);
    }

    public ThinkTime thinkTime() {
        return (ThinkTime) values.get(THINK_TIME);
    }

    public Duration timeout() {
        return (Duration) values.get(TIMEOUT);
    }

    public Duration connectTimeout() {
        return (Duration) values.get(CONNECT_TIMEOUT);
    }

    public Integer threads() {
        return (Integer) values.get(THREADS);
    }

    public Boolean noKeepAlive() {
        return (Boolean) values.get(NO_KEEP_ALIVE);
    }

    public Boolean http2() {
        return (Boolean) values.get(HTTP2);
    }

    /** Whether an in-process server is to listen with TLS (its side of the run: the target's scheme is the client's). */
    public Boolean tls() {
        return (Boolean) values.get(TLS);
    }

    public Boolean insecure() {
        return (Boolean) values.get(INSECURE);
    }

    /**
     * These options with every option given in {@code top} in their place. Choosing a model
     * (concurrency, rate or stages) in {@code top} replaces this one's model; a {@code duration} in
     * {@code top} over stages here stretches or compresses the stages (and their warm-up, unless
     * {@code top} gives one) to that length, keeping their shape.
     */
    public LoadOptions overriddenBy(LoadOptions top) {
        var merged = new EnumMap<>(values);
        var topValues = new EnumMap<>(top.values);
        if (MODEL_CHOICE.stream().anyMatch(top::isGiven)) {
            merged.keySet().removeAll(MODEL_CHOICE);
        }
        if (top.isGiven(STAGES)) {
            merged.remove(DURATION);
        }
        if (merged.get(STAGES) instanceof Stages baseStages && top.isGiven(DURATION)) {
            double factor = seconds(top.duration(), DURATION) / seconds(baseStages.length(), STAGES);
            merged.put(STAGES, baseStages.scaled(factor));
            if (merged.get(WARMUP) instanceof Warmup.Fixed fixed && !top.isGiven(WARMUP)) {
                merged.put(WARMUP, new Warmup.Fixed(Durations.scaled(fixed.duration(), factor)));
            }
            // The duration is spent on stretching the stages, which set their own length.
            merged.remove(DURATION);
            topValues.remove(DURATION);
        }
        merged.putAll(topValues);
        return new LoadOptions(merged);
    }

    /** The profile these options describe, with {@link LoadDefaults} for what is not given ({@link RunFromOptions}). */
    public LoadProfile profile(LoadOption.Naming names) {
        return new RunFromOptions(this, names).profile();
    }

    /** A validated run against {@code target}; {@code mix} null keeps the target's GET ({@link RunFromOptions}). */
    public LoadRun toRun(URI target, RequestMix mix, LoadOption.Naming names) {
        return new RunFromOptions(this, names).run(target, mix);
    }

    /** The run's length, warm-up included: what a plan of several runs adds up. */
    public Duration length(LoadOption.Naming names) {
        return new RunFromOptions(this, names).length();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LoadOptions options && values.equals(options.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** The given options as a scenario file writes them, e.g. {@code {rate=500.0, duration=20s}}. */
    @Override
    public String toString() {
        return values.entrySet().stream()
                .map(entry -> entry.getKey().id() + "=" + entry.getKey().kind().format(entry.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static double seconds(Duration parsed, LoadOption option) {
        if (parsed.isZero()) {
            throw new InvalidOption(option, option.id() + " must be positive, got 0s");
        }
        return parsed.toNanos() / 1e9;
    }

    /** Runs {@code check}, naming {@code option} in what it throws. */
    static <T> T named(LoadOption option, Supplier<T> check) {
        try {
            return check.get();
        } catch (InvalidOption e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidOption(option, e.getMessage());
        }
    }
}
