package dev.stackbench.core.gate;

/** One measured interval of a load run (usually a second): the latencies of its successful requests. */
record Interval(double seconds, LatencyCounts latency) {

    long ok() {
        return latency.total();
    }
}
