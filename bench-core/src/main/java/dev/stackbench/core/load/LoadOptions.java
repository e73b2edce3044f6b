package dev.stackbench.core.load;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The load options of one run as a person writes them, on {@code load}'s command line or in a
 * scenario file: each field is null when not given, so layers combine with an explicit precedence
 * ({@link #overriddenBy}: command line over scenario file over {@link LoadDefaults}), and the
 * defaults are applied in one place, when the options become a {@link LoadProfile} and a {@link LoadRun}.
 *
 * <pre>{@code
 * LoadOptions file = new LoadOptions(1000, null, null, null, "20s", null, "5s", null, null, null, true, null, null);
 * LoadOptions cli = LoadOptions.durations("2s", "1s");
 * LoadRun run = file.overriddenBy(cli).toRun(target, mix, LoadOptions.CLI_NAMES);   // 1000 users, 2 s after 1 s
 * }</pre>
 *
 * @param stages      k6-style ramps, as {@link Stage#parse}: {@code 30s:100,1m:100,10s:0} or {@code 30s:500/s}
 * @param duration    e.g. {@code 30s} ({@link Durations}); over stages it stretches or compresses them to this length
 * @param thinkTime   {@code 1s} or {@code 1s..3s} ({@link ThinkTime#parse})
 * @param noKeepAlive a new connection per request, as ab without -k
 */
public record LoadOptions(Integer concurrency, Double rate, String stages, Integer connections, String duration, Long requests,
                          String warmup, String thinkTime, String timeout, String connectTimeout, Boolean noKeepAlive,
                          Boolean http2, Integer threads) {

    public static final LoadOptions NONE = new LoadOptions(null, null, null, null, null, null, null, null, null, null, null, null, null);

    /** How the options are named in messages: {@code --rate} on the command line. */
    public static final UnaryOperator<String> CLI_NAMES = name -> "--" + name;
    /** How the options are named in messages: {@code rate} in a scenario file. */
    public static final UnaryOperator<String> FILE_NAMES = name -> name;

    /** A bad option; {@link #option()} names it (as in a scenario file) when one option alone is wrong, else null. */
    public static final class InvalidOption extends IllegalArgumentException {
        private final String option;

        InvalidOption(String option, String message) {
            super(message);
            this.option = option;
        }

        public String option() {
            return option;
        }
    }

    /**
     * These options with every non-null option of {@code top} in their place. Choosing a model
     * (concurrency, rate or stages) in {@code top} replaces this one's model; a {@code duration} in
     * {@code top} over stages here stretches or compresses the stages (and their warm-up, unless
     * {@code top} gives one) to that length, keeping their shape.
     */
    public LoadOptions overriddenBy(LoadOptions top) {
        boolean topChoosesModel = top.concurrency != null || top.rate != null || top.stages != null;
        Integer baseConcurrency = topChoosesModel ? null : concurrency;
        Double baseRate = topChoosesModel ? null : rate;
        String baseStages = topChoosesModel ? null : stages;
        String baseDuration = top.stages != null ? null : duration;
        String baseWarmup = warmup;
        if (baseStages != null && top.duration != null) {
            double factor = seconds(top.duration, "duration") / seconds(stagesLength(baseStages), "stages");
            baseStages = scaledStages(baseStages, factor);
            if (baseWarmup != null && top.warmup == null) {
                baseWarmup = Durations.format(scaled(parse(baseWarmup, "warmup"), factor));
            }
            return new LoadOptions(null, null, baseStages, pick(top.connections, connections), null,
                    pick(top.requests, requests), pick(top.warmup, baseWarmup), pick(top.thinkTime, thinkTime), pick(top.timeout, timeout),
                    pick(top.connectTimeout, connectTimeout), pick(top.noKeepAlive, noKeepAlive), pick(top.http2, http2),
                    pick(top.threads, threads));
        }
        return new LoadOptions(pick(top.concurrency, baseConcurrency), pick(top.rate, baseRate), pick(top.stages, baseStages),
                pick(top.connections, connections), pick(top.duration, baseDuration), pick(top.requests, requests),
                pick(top.warmup, baseWarmup), pick(top.thinkTime, thinkTime), pick(top.timeout, timeout),
                pick(top.connectTimeout, connectTimeout), pick(top.noKeepAlive, noKeepAlive), pick(top.http2, http2),
                pick(top.threads, threads));
    }

    /** The profile these options describe, with {@link LoadDefaults} for what is not given. */
    public LoadProfile profile(UnaryOperator<String> names) {
        int models = (concurrency != null ? 1 : 0) + (rate != null ? 1 : 0) + (stages != null ? 1 : 0);
        if (models > 1) {
            throw new InvalidOption(null, "choose one of " + names.apply("concurrency") + " (closed model), " + names.apply("rate")
                    + " (open model) and " + names.apply("stages") + " (ramps)");
        }
        ThinkTime think = thinkTime == null ? ThinkTime.NONE : named("think-time", () -> ThinkTime.parse(thinkTime));
        if (stages != null) {
            if (duration != null || requests != null) {
                throw new InvalidOption(duration != null ? "duration" : "requests", names.apply("stages") + " sets its own duration; drop "
                        + names.apply("duration") + " and " + names.apply("requests"));
            }
            var parsed = named("stages", () -> Stage.parse(stages));
            if (parsed.kind() == Stage.Kind.RATE) {
                rejectClosedOnlyOptions(think, names);
                return named("stages", () -> new LoadProfile.RampingRate(parsed.stages()));
            }
            rejectConnections(names);
            return named("stages", () -> new LoadProfile.RampingUsers(parsed.stages(), think));
        }
        if (rate != null) {
            rejectClosedOnlyOptions(think, names);
            Duration measured = duration == null ? LoadDefaults.DURATION : parse(duration, "duration");
            return named("rate", () -> new LoadProfile.Open(rate, measured));
        }
        rejectConnections(names);
        Duration bound = duration != null ? parse(duration, "duration")
                : requests != null ? LoadDefaults.REQUEST_BOUND_TIME_CAP : LoadDefaults.DURATION;
        return named(concurrency != null ? "concurrency" : "requests", () -> new LoadProfile.Closed(
                concurrency == null ? LoadDefaults.CONCURRENCY : concurrency, think, bound,
                requests == null ? OptionalLong.empty() : OptionalLong.of(requests)));
    }

    /** The warm-up: as given, else {@link LoadDefaults#WARMUP}, or none for stages (their first part is the warm-up). */
    public Duration warmup(LoadProfile profile) {
        if (warmup != null) {
            return parse(warmup, "warmup");
        }
        return profile instanceof LoadProfile.RampingUsers || profile instanceof LoadProfile.RampingRate ? Duration.ZERO : LoadDefaults.WARMUP;
    }

    /** A validated run against {@code target}; {@code mix} null keeps the target's GET. */
    public LoadRun toRun(URI target, RequestMix mix, UnaryOperator<String> names) {
        LoadProfile profile = profile(names);
        Duration warmupDuration = warmup(profile);
        LoadRun run = named("warmup", () -> LoadRun.of(target, profile, warmupDuration))
                .withKeepAlive(noKeepAlive == null || !noKeepAlive)
                .withHttp2(http2 != null && http2);
        Duration connect = connectTimeout == null ? LoadDefaults.CONNECT_TIMEOUT : parse(connectTimeout, "connect-timeout");
        Duration response = timeout == null ? LoadDefaults.RESPONSE_TIMEOUT : parse(timeout, "timeout");
        LoadRun timed = run;
        run = named(timeout != null ? "timeout" : "connect-timeout", () -> timed.withTimeouts(connect, response));
        if (mix != null) {
            run = run.withMix(mix);
        }
        if (connections != null) {
            LoadRun connected = run;
            run = named("connections", () -> connected.withConnections(connections));
        }
        if (threads != null) {
            LoadRun threaded = run;
            run = named("threads", () -> threaded.withThreads(threads));
        }
        return run;
    }

    /** The run's length, warm-up included: what a plan of several runs adds up. */
    public Duration length(UnaryOperator<String> names) {
        LoadProfile profile = profile(names);
        return Duration.ofNanos(profile.ramp(warmup(profile)).endNanos());
    }

    /** Only a measured duration and a warm-up, e.g. to shorten every run of a scenario. */
    public static LoadOptions durations(String duration, String warmup) {
        return new LoadOptions(null, null, null, null, duration, null, warmup, null, null, null, null, null, null);
    }

    private void rejectClosedOnlyOptions(ThinkTime think, UnaryOperator<String> names) {
        if (!think.isNone() || requests != null) {
            throw new InvalidOption(!think.isNone() ? "think-time" : "requests", names.apply("think-time") + " and "
                    + names.apply("requests") + " apply to the closed model, not to a rate");
        }
    }

    private void rejectConnections(UnaryOperator<String> names) {
        if (connections != null) {
            throw new InvalidOption("connections", names.apply("connections")
                    + " applies to the open model; the closed model uses one connection per user");
        }
    }

    private static String stagesLength(String stages) {
        var parsed = named("stages", () -> Stage.parse(stages));
        return Durations.format(parsed.stages().stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus));
    }

    private static String scaledStages(String stages, double factor) {
        List<Stage> parsed = named("stages", () -> Stage.parse(stages)).stages();
        boolean rate = Stage.parse(stages).kind() == Stage.Kind.RATE;
        return parsed.stream().map(stage -> new Stage(scaled(stage.duration(), factor), stage.target()) + (rate ? "/s" : ""))
                .collect(Collectors.joining(","));
    }

    /** Rounded to whole milliseconds, so that the result reads back as it prints. */
    private static Duration scaled(Duration duration, double factor) {
        return Duration.ofMillis(Math.round(duration.toNanos() * factor / 1e6));
    }

    private static double seconds(String duration, String option) {
        Duration parsed = parse(duration, option);
        if (parsed.isZero()) {
            throw new InvalidOption(option, option + " must be positive, got 0s");
        }
        return parsed.toNanos() / 1e9;
    }

    private static Duration parse(String text, String option) {
        return named(option, () -> Durations.parse(text));
    }

    /** Runs {@code check}, naming {@code option} in what it throws. */
    private static <T> T named(String option, java.util.function.Supplier<T> check) {
        try {
            return check.get();
        } catch (InvalidOption e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidOption(option, e.getMessage());
        }
    }

    private static <T> T pick(T top, T base) {
        return top != null ? top : base;
    }
}
