package dev.stackbench.core.load;

import java.time.Duration;

/**
 * The load generator's defaults, one named constant each; the command line's help and the docs
 * refer to these rather than restating the numbers.
 */
public final class LoadDefaults {

    /** Closed-model virtual users. */
    public static final int CONCURRENCY = 50;
    /** Measured duration. */
    public static final Duration DURATION = Duration.ofSeconds(30);
    /**
     * The longest warm-up of the default, {@link Warmup.UntilSteady}: warm up until the JIT is quiet and
     * throughput and p50 show no trend. On 2 shared cores the JIT is starved for tens of seconds at
     * high rates (seen here: 25 s until throughput stopped climbing); a run not steady by then is
     * measured anyway and says so.
     */
    public static final Duration WARMUP_CAP = Duration.ofSeconds(60);
    /** Time cap of a run bounded by a request count (--requests) and no --duration. */
    public static final Duration REQUEST_BOUND_TIME_CAP = Duration.ofHours(1);
    /** Open-model cap on connections, and so on requests in flight; opened as needed. */
    public static final int OPEN_MODEL_CONNECTIONS = 1000;

    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** From the write of a request to the end of its response. */
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);
    /** Interval of the timeline, the .hlog and the live progress. */
    public static final Duration REPORT_INTERVAL = Duration.ofSeconds(1);
    /**
     * Connections per source address before the generator spreads over 127.0.0.2, .3 ... (loopback
     * targets only): one address has about 28,000 ephemeral ports here.
     */
    public static final int CONNECTIONS_PER_SOURCE_ADDRESS = 16_000;

    /**
     * Connection attempts in progress per generator thread. Thousands of simultaneous SYNs overflow
     * a server's accept backlog and the kernel then retries after 1 s, 2 s, 4 s ...: pacing the
     * attempts opens 20,000 connections in seconds instead of minutes.
     */
    public static final int CONNECTS_IN_PROGRESS_PER_THREAD = 128;

    /** Event-loop threads of the generator: one per core, as wrk's -t. */
    public static int threads() {
        return Runtime.getRuntime().availableProcessors();
    }

    private LoadDefaults() {}
}
