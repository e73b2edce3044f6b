package dev.stackbench.core.result;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one vocabulary of what stackbench compares: thresholds ({@code p99<250ms}), gate rules
 * ({@code metric: p99}) and the report's winners table name metrics by these ids, with these units and
 * better directions. Which metrics each one accepts is its own choice ({@link Threshold#METRICS},
 * the gate's bootstrap, the report's columns); what a metric means is decided here only.
 *
 * <pre>{@code
 * Metric p99 = Metric.fromId("p99");           // Metric.P99, in ms, smaller is better
 * Double value = p99.of(result);                // the window's p99 from result.json, null if not measured
 * }</pre>
 */
public enum Metric {
    MIN("min", "ms", "min ms", Double.NaN),
    MEAN("mean", "ms", "mean ms", Double.NaN),
    P50("p50", "ms", "p50 ms", 50),
    P75("p75", "ms", "p75 ms", 75),
    P90("p90", "ms", "p90 ms", 90),
    P95("p95", "ms", "p95 ms", 95),
    P99("p99", "ms", "p99 ms", 99),
    P999("p999", "ms", "p99.9 ms", 99.9),
    P9999("p9999", "ms", "p99.99 ms", 99.99),
    MAX("max", "ms", "max ms", Double.NaN),
    /** Successful responses per second over the measured window. */
    RPS("rps", "req/s", "requests/s", Double.NaN),
    /** Failed requests in the measured window (a count; thresholds also take it as a percentage of finished requests). */
    ERRORS("errors", "requests", "failed requests", Double.NaN),
    /** CPU of the in-process server's threads per finished request; unknown for a server stackbench did not start. */
    SERVER_CPU_PER_REQUEST("serverCpuPerRequest", "µs/request", "server CPU µs/request", Double.NaN),
    /**
     * CPU of the whole in-process JVM (server, generator, GC, JIT) per finished request: what a CPU-bound closed-model run
     * on a machine of its own would turn into requests/s (cores / CPU per request). Unlike requests/s it does not move
     * when a neighbour takes the machine's CPU; unknown for a server stackbench did not start.
     */
    CPU_PER_REQUEST("cpuPerRequest", "µs/request", "process CPU µs/request", Double.NaN);

    private final String id;
    private final String unit;
    private final String title;
    private final double percentile;

    Metric(String id, String unit, String title, double percentile) {
        this.id = id;
        this.unit = unit;
        this.title = title;
        this.percentile = percentile;
    }

    /** The name in thresholds, rules files and exports: {@code p99}, {@code rps}, {@code errors}. */
    public String id() {
        return id;
    }

    public String unit() {
        return unit;
    }

    /** A column title with its unit: {@code p99.9 ms}, {@code requests/s}. */
    public String title() {
        return title;
    }

    /** A latency statistic in milliseconds (min, mean, a percentile, max). */
    public boolean isLatency() {
        return unit.equals("ms");
    }

    /** A latency percentile, computable from a histogram: p50 ... p9999. */
    public boolean isPercentile() {
        return !Double.isNaN(percentile);
    }

    /** The percentile (0..100) of a percentile metric; NaN for the others. */
    public double percentile() {
        return percentile;
    }

    public boolean higherIsBetter() {
        return this == RPS;
    }

    public boolean smallerIsBetter() {
        return !higherIsBetter();
    }

    /** The window's value as result.json states it; null when it was not measured (never 0 for "unknown"). */
    public Double of(RunResult result) {
        if (this == CPU_PER_REQUEST) {
            return processCpuMicrosPerRequest(result);
        }
        return of(
                result.rps(),
                result.requests() == null ? null : result.requests().errors(),
                result.latencyMs(),
                result.jvm() == null ? null : result.jvm().serverCpuMicrosPerRequest());
    }

    /** Null for a URL target (the server's CPU is not this process's), or when nothing finished. */
    private static Double processCpuMicrosPerRequest(RunResult result) {
        if (result.jvm() == null
                || result.jvm().processCpuSeconds() == null
                || result.requests() == null
                || result.environment() == null
                || !result.environment().inProcessServer()) {
            return null;
        }
        long finished = result.requests().ok() + result.requests().errors();
        return finished == 0 ? null : result.jvm().processCpuSeconds() * 1e6 / finished;
    }

    /** One request name's value; null when not measured, and for what is not counted by name (server CPU). */
    public Double of(RunResult.RequestStats stats) {
        return of(stats.rps(), stats.errors(), stats.latencyMs(), null);
    }

    private Double of(double rps, Long errors, Percentiles latency, Double serverCpuMicros) {
        Double value = switch (this) {
            case RPS -> rps;
            case ERRORS -> errors == null ? null : (double) errors;
            case SERVER_CPU_PER_REQUEST -> serverCpuMicros;
            case CPU_PER_REQUEST -> null; // of a whole run only
            default -> latency == null ? null : latency.byName(id);
        };
        return value == null || value.isNaN() ? null : value;
    }

    public static Optional<Metric> byId(String id) {
        return Arrays.stream(values()).filter(metric -> metric.id.equals(id)).findFirst();
    }

    /** @throws IllegalArgumentException naming the id and the known ones */
    public static Metric fromId(String id) {
        return byId(id).orElseThrow(
                        () -> new IllegalArgumentException("unknown metric '" + id + "'; known: " + ids(values())));
    }

    /** {@code p50, p90, rps}: for messages that list what is accepted. */
    public static String ids(Metric... metrics) {
        return Arrays.stream(metrics).map(Metric::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
