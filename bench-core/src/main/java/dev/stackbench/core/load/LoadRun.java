package dev.stackbench.core.load;

import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A validated run definition: what to send, to where, how. Immutable; each {@code with...} method
 * returns a new run with one setting changed, validated again. Profile and warm-up are given
 * together ({@link #of(URI, LoadProfile, Duration)}), because they are validated together.
 * {@link dev.stackbench.core.load.engine.LoadGenerator} executes it; {@link LoadOptions} builds one
 * from options as a person writes them.
 *
 * @param warmup             the fixed warm-up, or with {@code warmupUntilSteady} its cap
 * @param connections        open model: the cap on connections (and requests in flight); closed model:
 *                           one connection per user, so this equals the largest number of users
 * @param warmupUntilSteady  whether the warm-up lasts until the run is steady (at most {@code warmup})
 * @param insecure           for an {@code https://} target: accept any certificate (self-signed, another host's)
 *                           instead of verifying it
 */
public record LoadRun(
        URI target,
        LoadProfile profile,
        Duration warmup,
        RequestMix mix,
        int connections,
        int threads,
        Duration connectTimeout,
        Duration responseTimeout,
        boolean keepAlive,
        boolean http2,
        long randomSeed,
        boolean warmupUntilSteady,
        boolean insecure) {

    public LoadRun {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(mix, "mix");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(responseTimeout, "responseTimeout");
        if (!("http".equals(target.getScheme()) || "https".equals(target.getScheme())) || target.getHost() == null) {
            throw new IllegalArgumentException(
                    "target must be an http:// or https:// URL with a host, got '" + target + "'");
        }
        if (target.getPort() == 0 || target.getPort() > MAX_PORT) {
            throw new IllegalArgumentException(
                    "target port " + target.getPort() + " is out of range (1 to " + MAX_PORT + "): '" + target + "'");
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("warmup must be 0 or more, got " + Durations.format(warmup));
        }
        long rampEnd = profile.ramp(warmup).endNanos();
        if (warmup.toNanos() >= rampEnd) {
            throw new IllegalArgumentException("warmup of " + Durations.format(warmup)
                    + " leaves nothing to measure of " + Durations.format(Duration.ofNanos(rampEnd)) + " of stages");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1, got " + connections);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (warmupUntilSteady) {
            requireConstantLoad(profile);
        }
        if (warmupUntilSteady && warmup.isZero()) {
            throw new IllegalArgumentException("the cap of a warm-up until steady must be positive, got 0s");
        }
        if (!connectTimeout.isPositive() || !responseTimeout.isPositive()) {
            throw new IllegalArgumentException(
                    "timeouts must be positive, got connect " + connectTimeout + ", response " + responseTimeout);
        }
    }

    /**
     * A run with every default: closed model, {@link LoadDefaults#CONCURRENCY} users, one GET of the target's path,
     * warmed up until steady.
     */
    public static LoadRun of(URI target) {
        return of(
                target,
                new LoadProfile.Closed(
                        LoadDefaults.CONCURRENCY, ThinkTime.NONE, LoadDefaults.DURATION, OptionalLong.empty()),
                Warmup.untilSteady());
    }

    /** A profile and how it warms up; the rest defaults, with one GET of the target's path. */
    public static LoadRun of(URI target, LoadProfile profile, Warmup warmup) {
        if (warmup instanceof Warmup.UntilSteady) {
            requireConstantLoad(profile);
        }
        return of(target, profile, warmup.max()).withWarmupUntilSteady(warmup instanceof Warmup.UntilSteady);
    }

    private static void requireConstantLoad(LoadProfile profile) {
        if (!(profile instanceof LoadProfile.Closed || profile instanceof LoadProfile.Open)) {
            throw new IllegalArgumentException(
                    "warmup " + Warmup.AUTO + " needs a constant load (concurrency or rate): "
                            + "stages ramp by design, so their first part is the warm-up; give a duration");
        }
    }

    /** A profile and its warm-up, which are validated together; the rest defaults, with one GET of the target's path. */
    public static LoadRun of(URI target, LoadProfile profile, Duration warmup) {
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        String pathAndQuery = target.getRawQuery() == null ? path : path + "?" + target.getRawQuery();
        return new LoadRun(
                target,
                profile,
                warmup,
                RequestMix.of(RequestTemplate.get("get", pathAndQuery)),
                connectionsFor(profile, LoadDefaults.OPEN_MODEL_CONNECTIONS),
                LoadDefaults.threads(),
                LoadDefaults.CONNECT_TIMEOUT,
                LoadDefaults.RESPONSE_TIMEOUT,
                true,
                false,
                DEFAULT_SEED,
                false,
                false);
    }

    private static final int MAX_PORT = 65_535;

    /** Seeds the request-mix and think-time draws, so two runs of one definition send the same sequence. */
    static final long DEFAULT_SEED = 42;

    /** The requests to send, instead of the target's GET. */
    public LoadRun withMix(RequestMix mix) {
        return with(copy -> copy.mix = Objects.requireNonNull(mix, "mix"));
    }

    /** Open model only: the closed model always uses one connection per user. */
    public LoadRun withConnections(int connections) {
        return with(copy -> copy.connections = connectionsFor(profile, connections));
    }

    public LoadRun withThreads(int threads) {
        return with(copy -> copy.threads = threads);
    }

    public LoadRun withTimeouts(Duration connectTimeout, Duration responseTimeout) {
        return with(copy -> {
            copy.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
            copy.responseTimeout = Objects.requireNonNull(responseTimeout, "responseTimeout");
        });
    }

    public LoadRun withKeepAlive(boolean keepAlive) {
        return with(copy -> copy.keepAlive = keepAlive);
    }

    public LoadRun withHttp2(boolean http2) {
        return with(copy -> copy.http2 = http2);
    }

    /** For an {@code https://} target: accept any certificate (true) or verify it (false, the default). */
    public LoadRun withInsecure(boolean acceptAnyCertificate) {
        return with(copy -> copy.insecure = acceptAnyCertificate);
    }

    /** Whether the target is {@code https://}: TLS, and HTTP/2 by ALPN with {@link #http2()}. */
    public boolean isTls() {
        return "https".equals(target.getScheme());
    }

    /** The target's port, or the scheme's default (80, 443) when the URL gives none. */
    public int port() {
        return target.getPort() != -1 ? target.getPort() : isTls() ? 443 : 80;
    }

    /** Warms up until steady, {@link #warmup()} being the cap; or for exactly {@link #warmup()}. */
    public LoadRun withWarmupUntilSteady(boolean untilSteady) {
        return with(copy -> copy.warmupUntilSteady = untilSteady);
    }

    /** How the run warms up: for a fixed time, or until steady. */
    public Warmup warmupPolicy() {
        return warmupUntilSteady ? new Warmup.UntilSteady(warmup) : new Warmup.Fixed(warmup);
    }

    public boolean isOpenModel() {
        return profile.model() == LoadModel.OPEN;
    }

    /** This run with {@code change} applied to a copy of its fields, validated again: the one place a changed run is derived. */
    private LoadRun with(Consumer<Copy> change) {
        Copy copy = new Copy(this);
        change.accept(copy);
        return copy.build();
    }

    /**
     * A run's fields as mutable values, for {@link #with(Consumer)}: seeded from a run, changed, built into a new,
     * validated run (reactor-netty's duplicate-and-mutate), so no method restates the others' fields.
     */
    private static final class Copy {
        private final URI target;
        private final LoadProfile profile;
        private final Duration warmup;
        private final long randomSeed;
        private RequestMix mix;
        private int connections;
        private int threads;
        private Duration connectTimeout;
        private Duration responseTimeout;
        private boolean keepAlive;
        private boolean http2;
        private boolean warmupUntilSteady;
        private boolean insecure;

        private Copy(LoadRun run) {
            target = run.target;
            profile = run.profile;
            warmup = run.warmup;
            randomSeed = run.randomSeed;
            mix = run.mix;
            connections = run.connections;
            threads = run.threads;
            connectTimeout = run.connectTimeout;
            responseTimeout = run.responseTimeout;
            keepAlive = run.keepAlive;
            http2 = run.http2;
            warmupUntilSteady = run.warmupUntilSteady;
            insecure = run.insecure;
        }

        private LoadRun build() {
            return new LoadRun(
                    target,
                    profile,
                    warmup,
                    mix,
                    connections,
                    threads,
                    connectTimeout,
                    responseTimeout,
                    keepAlive,
                    http2,
                    randomSeed,
                    warmupUntilSteady,
                    insecure);
        }
    }

    private static int connectionsFor(LoadProfile profile, int openModelConnections) {
        return switch (profile) {
            case LoadProfile.Closed closed -> closed.users();
            case LoadProfile.RampingUsers ramping ->
                Math.max(1, new UserSchedule(Ramp.of(ramping.stages())).maxUsers());
            case LoadProfile.Open open -> openModelConnections;
            case LoadProfile.RampingRate ramping -> openModelConnections;
        };
    }
}
