package dev.stackbench.core.gate;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What a gate compares, with its unit and the direction that is better. */
public enum GateMetric {
    P50("p50", "ms", 50),
    P90("p90", "ms", 90),
    P99("p99", "ms", 99),
    P999("p999", "ms", 99.9),
    RPS("rps", "req/s", Double.NaN),
    ERRORS("errors", "requests", Double.NaN);

    private final String id;
    private final String unit;
    private final double percentile;

    GateMetric(String id, String unit, double percentile) {
        this.id = id;
        this.unit = unit;
        this.percentile = percentile;
    }

    public String id() {
        return id;
    }

    public String unit() {
        return unit;
    }

    public boolean isLatency() {
        return !Double.isNaN(percentile);
    }

    /** The latency percentile (0..100); only for latency metrics. */
    public double percentile() {
        return percentile;
    }

    public boolean smallerIsBetter() {
        return this != RPS;
    }

    public static GateMetric fromId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown metric '" + id + "'; known: "
                        + Arrays.stream(values()).map(GateMetric::id).collect(Collectors.joining(", "))));
    }

    @Override
    public String toString() {
        return id;
    }
}
