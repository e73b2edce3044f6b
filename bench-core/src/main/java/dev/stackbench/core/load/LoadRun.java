package dev.stackbench.core.load;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * A validated run definition: what to send, to where, how. Immutable; the {@code with...}
 * methods return a new run. Profile and warm-up are given together ({@link #of(URI, LoadProfile, Duration)}),
 * because they are validated together. {@link dev.stackbench.core.load.engine.LoadGenerator} executes it.
 *
 * @param connections open model: the cap on connections (and requests in flight); closed model:
 *                    one connection per user, so this equals the largest number of users
 */
public record LoadRun(URI target, LoadProfile profile, Duration warmup, RequestMix mix, int connections, int threads,
                      Duration connectTimeout, Duration responseTimeout, boolean keepAlive, boolean http2, long randomSeed) {

    public LoadRun {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(mix, "mix");
        if (!"http".equals(target.getScheme()) || target.getHost() == null) {
            throw new IllegalArgumentException("target must be an http:// URL with a host, got '" + target + "'");
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("warmup must be 0 or more, got " + Durations.format(warmup));
        }
        long rampEnd = profile.ramp(warmup).endNanos();
        if (warmup.toNanos() >= rampEnd) {
            throw new IllegalArgumentException("warmup of " + Durations.format(warmup) + " leaves nothing to measure of "
                    + Durations.format(Duration.ofNanos(rampEnd)) + " of stages");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1, got " + connections);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (!connectTimeout.isPositive() || !responseTimeout.isPositive()) {
            throw new IllegalArgumentException("timeouts must be positive, got connect " + connectTimeout + ", response " + responseTimeout);
        }
    }

    /** A run with every default: closed model, {@link LoadDefaults#CONCURRENCY} users, one GET of the target's path. */
    public static LoadRun of(URI target) {
        return of(target, new LoadProfile.Closed(LoadDefaults.CONCURRENCY, ThinkTime.NONE, LoadDefaults.DURATION,
                java.util.OptionalLong.empty()), LoadDefaults.WARMUP);
    }

    /** A profile and its warm-up, which are validated together; the rest defaults, with one GET of the target's path. */
    public static LoadRun of(URI target, LoadProfile profile, Duration warmup) {
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        String pathAndQuery = target.getRawQuery() == null ? path : path + "?" + target.getRawQuery();
        return new LoadRun(target, profile, warmup, RequestMix.of(RequestTemplate.get("get", pathAndQuery)),
                connectionsFor(profile, LoadDefaults.OPEN_MODEL_CONNECTIONS), LoadDefaults.threads(),
                LoadDefaults.CONNECT_TIMEOUT, LoadDefaults.RESPONSE_TIMEOUT, true, false, DEFAULT_SEED);
    }

    /** Seeds the request-mix and think-time draws, so two runs of one definition send the same sequence. */
    static final long DEFAULT_SEED = 42;

    public LoadRun withMix(RequestMix newMix) {
        return new LoadRun(target, profile, warmup, newMix, connections, threads, connectTimeout, responseTimeout, keepAlive, http2, randomSeed);
    }

    /** Open model only: the closed model always uses one connection per user. */
    public LoadRun withConnections(int newConnections) {
        return new LoadRun(target, profile, warmup, mix, connectionsFor(profile, newConnections), threads,
                connectTimeout, responseTimeout, keepAlive, http2, randomSeed);
    }

    public LoadRun withThreads(int newThreads) {
        return new LoadRun(target, profile, warmup, mix, connections, newThreads, connectTimeout, responseTimeout, keepAlive, http2, randomSeed);
    }

    public LoadRun withTimeouts(Duration newConnectTimeout, Duration newResponseTimeout) {
        return new LoadRun(target, profile, warmup, mix, connections, threads, newConnectTimeout, newResponseTimeout, keepAlive, http2, randomSeed);
    }

    public LoadRun withKeepAlive(boolean newKeepAlive) {
        return new LoadRun(target, profile, warmup, mix, connections, threads, connectTimeout, responseTimeout, newKeepAlive, http2, randomSeed);
    }

    public LoadRun withHttp2(boolean newHttp2) {
        return new LoadRun(target, profile, warmup, mix, connections, threads, connectTimeout, responseTimeout, keepAlive, newHttp2, randomSeed);
    }

    /** Whether the warm-up lasts until the run is steady, {@link #warmup()} being its cap (interim: always fixed). */
    public boolean warmupUntilSteady() {
        return false;
    }

    public boolean isOpenModel() {
        return profile.model().equals("open");
    }

    private static int connectionsFor(LoadProfile profile, int openModelConnections) {
        return switch (profile) {
            case LoadProfile.Closed closed -> closed.users();
            case LoadProfile.RampingUsers ramping -> Math.max(1, new UserSchedule(Ramp.of(ramping.stages())).maxUsers());
            case LoadProfile.Open open -> openModelConnections;
            case LoadProfile.RampingRate ramping -> openModelConnections;
        };
    }
}
