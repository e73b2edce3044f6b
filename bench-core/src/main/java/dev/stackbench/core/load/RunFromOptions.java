package dev.stackbench.core.load;

import static dev.stackbench.core.load.LoadOption.CONCURRENCY;
import static dev.stackbench.core.load.LoadOption.CONNECTIONS;
import static dev.stackbench.core.load.LoadOption.CONNECT_TIMEOUT;
import static dev.stackbench.core.load.LoadOption.DURATION;
import static dev.stackbench.core.load.LoadOption.HEADERS;
import static dev.stackbench.core.load.LoadOption.RATE;
import static dev.stackbench.core.load.LoadOption.REQUESTS;
import static dev.stackbench.core.load.LoadOption.STAGES;
import static dev.stackbench.core.load.LoadOption.THINK_TIME;
import static dev.stackbench.core.load.LoadOption.THREADS;
import static dev.stackbench.core.load.LoadOption.TIMEOUT;
import static dev.stackbench.core.load.LoadOption.WARMUP;
import static dev.stackbench.core.load.LoadOptions.named;

import dev.stackbench.core.load.LoadOptions.InvalidOption;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.net.URI;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Turns {@link LoadOptions} into what runs: the {@link LoadProfile} they describe, its {@link Warmup} and a validated
 * {@link LoadRun}, with {@link LoadDefaults} for every option not given (the one place defaults are applied). Every
 * refusal names the option as the user wrote it ({@link LoadOption.Naming}).
 *
 * <pre>{@code
 * LoadRun run = new RunFromOptions(options, LoadOption.Naming.COMMAND_LINE).run(target, null);   // or options.toRun(...)
 * }</pre>
 */
final class RunFromOptions {

    /** The options that choose the model. */
    private static final Set<LoadOption> MODEL_CHOICE = Set.of(CONCURRENCY, RATE, STAGES);

    private final LoadOptions options;
    private final LoadOption.Naming names;

    RunFromOptions(LoadOptions options, LoadOption.Naming names) {
        this.options = options;
        this.names = names;
    }

    /** The profile the options describe, with {@link LoadDefaults} for what is not given. */
    LoadProfile profile() {
        if (MODEL_CHOICE.stream().filter(options::isGiven).count() > 1) {
            throw new InvalidOption(
                    null,
                    "choose one of " + names.of(CONCURRENCY) + " (closed model), " + names.of(RATE)
                            + " (open model) and " + names.of(STAGES) + " (ramps)");
        }
        ThinkTime think = options.thinkTime() == null ? ThinkTime.NONE : options.thinkTime();
        Stages stages = options.stages();
        if (stages != null) {
            if (options.isGiven(DURATION) || options.isGiven(REQUESTS)) {
                throw new InvalidOption(
                        options.isGiven(DURATION) ? DURATION : REQUESTS,
                        names.of(STAGES) + " sets its own duration; drop " + names.of(DURATION) + " and "
                                + names.of(REQUESTS));
            }
            if (stages.kind() == Stages.Kind.RATE) {
                rejectClosedOnlyOptions(think);
                return named(STAGES, () -> new LoadProfile.RampingRate(stages.stages()));
            }
            rejectConnections();
            return named(STAGES, () -> new LoadProfile.RampingUsers(stages.stages(), think));
        }
        Duration duration = options.duration();
        if (options.rate() != null) {
            rejectClosedOnlyOptions(think);
            Duration measured = duration == null ? LoadDefaults.DURATION : duration;
            return named(RATE, () -> new LoadProfile.Open(options.rate(), measured));
        }
        rejectConnections();
        Duration bound = duration != null
                ? duration
                : options.requests() != null ? LoadDefaults.REQUEST_BOUND_TIME_CAP : LoadDefaults.DURATION;
        return named(
                options.concurrency() != null ? CONCURRENCY : REQUESTS,
                () -> new LoadProfile.Closed(
                        options.concurrency() == null ? LoadDefaults.CONCURRENCY : options.concurrency(),
                        think,
                        bound,
                        options.requests() == null ? OptionalLong.empty() : OptionalLong.of(options.requests())));
    }

    /** The warm-up: as given, else until steady, or none for stages (their first part is the warm-up). */
    Warmup warmup(LoadProfile profile) {
        if (options.warmup() != null) {
            return options.warmup();
        }
        return profile instanceof LoadProfile.RampingUsers || profile instanceof LoadProfile.RampingRate
                ? new Warmup.Fixed(Duration.ZERO)
                : Warmup.untilSteady();
    }

    /** A validated run against {@code target}; {@code mix} null keeps the target's GET. */
    LoadRun run(URI target, RequestMix mix) {
        LoadProfile profile = profile();
        Warmup warmup = warmup(profile);
        LoadRun run = named(WARMUP, () -> LoadRun.of(target, profile, warmup))
                .withKeepAlive(!Boolean.TRUE.equals(options.noKeepAlive()))
                .withHttp2(Boolean.TRUE.equals(options.http2()))
                .withInsecure(Boolean.TRUE.equals(options.insecure()));
        Duration connect = options.connectTimeout() == null ? LoadDefaults.CONNECT_TIMEOUT : options.connectTimeout();
        Duration response = options.timeout() == null ? LoadDefaults.RESPONSE_TIMEOUT : options.timeout();
        LoadRun timed = run;
        run = named(options.timeout() != null ? TIMEOUT : CONNECT_TIMEOUT, () -> timed.withTimeouts(connect, response));
        if (mix != null) {
            run = run.withMix(mix);
        }
        if (options.headers() != null) {
            var headers = named(HEADERS, () -> Headers.parseAll(options.headers()));
            run = run.withMix(run.mix().withHeaders(headers));
        }
        if (options.connections() != null) {
            LoadRun connected = run;
            run = named(CONNECTIONS, () -> connected.withConnections(options.connections()));
        }
        if (options.threads() != null) {
            LoadRun threaded = run;
            run = named(THREADS, () -> threaded.withThreads(options.threads()));
        }
        return run;
    }

    /** The run's length, warm-up included. */
    Duration length() {
        LoadProfile profile = profile();
        return Duration.ofNanos(profile.ramp(warmup(profile).span()).endNanos());
    }

    private void rejectClosedOnlyOptions(ThinkTime think) {
        if (!think.isNone() || options.requests() != null) {
            throw new InvalidOption(
                    !think.isNone() ? THINK_TIME : REQUESTS,
                    names.of(THINK_TIME) + " and " + names.of(REQUESTS) + " apply to the closed model, not to a rate");
        }
    }

    private void rejectConnections() {
        if (options.connections() != null) {
            throw new InvalidOption(
                    CONNECTIONS,
                    names.of(CONNECTIONS)
                            + " applies to the open model; the closed model uses one connection per user");
        }
    }
}
