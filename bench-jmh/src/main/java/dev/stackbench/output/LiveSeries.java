package dev.stackbench.output;

import dev.stackbench.core.load.engine.LiveInterval;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The live numbers of every run so far, as metrics that any output maps to its own library's model: counters since each
 * run's start, gauges of the last interval, and latency histograms whose buckets are summed interval by interval. Updated
 * on the run's clock thread once per interval; read by outputs from other threads through {@link #snapshot()}, an
 * immutable list replaced whole.
 *
 * <p>Histograms use classic buckets with fixed bounds, 1-2-5 per decade from 100 us to 60 s ({@link #BOUNDS_SECONDS}):
 * the same bounds in Prometheus' {@code le} buckets and OTLP's explicit bounds, readable by every Prometheus (native
 * histograms need a feature flag and protobuf scraping) and aggregatable across agents. The exact percentiles stay in
 * result.json and latency.hlog.
 */
final class LiveSeries {

    /** Upper bounds of the latency buckets, seconds; a last bucket holds everything above. */
    static final double[] BOUNDS_SECONDS = {
        0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 60
    };

    enum Kind {
        COUNTER,
        GAUGE,
        HISTOGRAM
    }

    /**
     * One metric's value for one set of labels.
     *
     * @param counts     histograms: observations per bucket, {@code BOUNDS_SECONDS.length + 1} of them (not cumulative)
     * @param sumSeconds histograms: the observations' sum
     */
    record Sample(
            String name,
            String help,
            Kind kind,
            Map<String, String> labels,
            double value,
            long[] counts,
            double sumSeconds) {

        long count() {
            long total = 0;
            for (long count : counts) {
                total += count;
            }
            return total;
        }
    }

    /** The samples of every run so far, the moment they were taken, and the run start they count from. */
    record Snapshot(List<Sample> samples, long epochMillis, long startEpochMillis, long sequence) {}

    static final String REQUESTS_SCHEDULED = "stackbench_requests_scheduled";
    static final String REQUESTS_SENT = "stackbench_requests_sent";
    static final String REQUESTS_OK = "stackbench_requests_ok";
    static final String REQUESTS_ERRORS = "stackbench_requests_errors";
    static final String REQUESTS_LATE = "stackbench_requests_late";
    static final String IN_FLIGHT = "stackbench_requests_in_flight";
    static final String QUEUED = "stackbench_requests_queued";
    static final String CONNECTIONS = "stackbench_connections_open";
    static final String LATENCY = "stackbench_request_latency_seconds";
    static final String NAMED_OK = "stackbench_named_requests_ok";
    static final String NAMED_ERRORS = "stackbench_named_requests_errors";
    static final String NAMED_LATENCY = "stackbench_named_request_latency_seconds";
    static final String LAG = "stackbench_generator_lag_seconds";
    static final String LOOP_BUSY = "stackbench_generator_loop_busy_ratio";

    /** Two intervals whose run starts differ by more than this are of two runs (the start is derived to the millisecond). */
    private static final long NEW_RUN_MILLIS = 500;

    private final String agent;
    /** Each run's (target's) latest samples, in the order the runs came. */
    private final Map<String, List<Sample>> byTarget = new LinkedHashMap<>();
    /** Bucket counts and sums so far, per histogram series. */
    private final Map<String, long[]> bucketsSoFar = new HashMap<>();

    private final Map<String, double[]> sumsSoFar = new HashMap<>();
    private final Map<String, Long> startByTarget = new HashMap<>();
    private volatile Snapshot snapshot = new Snapshot(List.of(), System.currentTimeMillis(), 0, 0);

    /** @param agent the agent's name, a label on every series; null on a single generator */
    LiveSeries(String agent) {
        this.agent = agent;
    }

    Snapshot snapshot() {
        return snapshot;
    }

    /** Takes in one interval; called on the run's clock thread. */
    synchronized Snapshot update(LiveInterval interval) {
        String target = interval.target();
        long runStart = interval.endEpochMillis() - Math.round(interval.row().endSecond() * 1000);
        Long known = startByTarget.get(target);
        if (known == null || Math.abs(known - runStart) > NEW_RUN_MILLIS) {
            // A new run of this target (a scenario may repeat one): its counters start again from zero, so do its
            // buckets.
            bucketsSoFar.keySet().removeIf(key -> key.startsWith(target + "\u0000"));
            sumsSoFar.keySet().removeIf(key -> key.startsWith(target + "\u0000"));
            startByTarget.put(target, runStart);
        }
        long start = startByTarget.get(target);
        var base = new LinkedHashMap<String, String>();
        base.put("target", target);
        if (agent != null) {
            base.put("agent", agent);
        }
        var samples = new ArrayList<Sample>();
        for (TimelinePhase phase : List.of(TimelinePhase.WARMUP, TimelinePhase.MEASURED)) {
            var totals = interval.totals(phase);
            var labels = with(base, "phase", phase.toString());
            samples.add(counter(
                    REQUESTS_SCHEDULED,
                    "requests whose turn came (due or started by a user)",
                    labels,
                    totals.scheduled()));
            samples.add(counter(REQUESTS_SENT, "requests written to a socket", labels, totals.sent()));
            samples.add(counter(REQUESTS_OK, "successful responses (2xx, 3xx)", labels, totals.ok()));
            samples.add(counter(
                    REQUESTS_LATE,
                    "open model: requests that found no free connection at their intended start",
                    labels,
                    totals.late()));
            errors(samples, REQUESTS_ERRORS, totals.errorsByClass(), labels);
            samples.add(histogram(
                    LATENCY,
                    "latency of successful requests (open model: from the intended start)",
                    labels,
                    interval.latency(phase)));
        }
        var row = interval.row();
        samples.add(gauge(IN_FLIGHT, "requests written and not yet answered", base, row.inFlight()));
        samples.add(gauge(QUEUED, "open model: requests due and waiting for a free connection", base, row.queued()));
        samples.add(gauge(CONNECTIONS, "connections open", base, row.openConnections()));
        if (row.loopBusy() != null) {
            samples.add(gauge(
                    LOOP_BUSY,
                    "the busiest generator loop's CPU share over the last interval (0 to 1)",
                    base,
                    row.loopBusy()));
        }
        samples.add(histogram(
                LAG, "open model: how late the generator's loops picked up measured requests", base, interval.lag()));
        for (var named : interval.byRequest()) {
            var labels = with(base, "request", named.name());
            samples.add(counter(NAMED_OK, "successful measured responses of a request name", labels, named.ok()));
            errors(samples, NAMED_ERRORS, named.errorsByClass(), labels);
            samples.add(histogram(
                    NAMED_LATENCY,
                    "latency of a request name's successful measured requests",
                    labels,
                    named.latency()));
        }
        byTarget.put(target, List.copyOf(samples));
        var all = new ArrayList<Sample>();
        byTarget.values().forEach(all::addAll);
        snapshot = new Snapshot(List.copyOf(all), interval.endEpochMillis(), start, snapshot.sequence() + 1);
        return snapshot;
    }

    private static void errors(
            List<Sample> samples, String name, Map<ErrorClass, Long> byClass, Map<String, String> labels) {
        byClass.forEach((errorClass, count) -> samples.add(counter(
                name,
                "failed requests by error class (connect, timeout, http_503, ...)",
                with(labels, "class", errorClass.key()),
                count)));
    }

    private static Map<String, String> with(Map<String, String> labels, String name, String value) {
        var more = new LinkedHashMap<>(labels);
        more.put(name, value);
        return Map.copyOf(more);
    }

    private static Sample counter(String name, String help, Map<String, String> labels, long value) {
        return new Sample(name, help, Kind.COUNTER, Map.copyOf(labels), value, null, 0);
    }

    private static Sample gauge(String name, String help, Map<String, String> labels, double value) {
        return new Sample(name, help, Kind.GAUGE, Map.copyOf(labels), value, null, 0);
    }

    /** Adds the interval's values into the series' buckets: one step per distinct value recorded, not per request. */
    private Sample histogram(String name, String help, Map<String, String> labels, Histogram interval) {
        String key = labels.get("target") + "\u0000" + name + labels;
        long[] counts = bucketsSoFar.computeIfAbsent(key, k -> new long[BOUNDS_SECONDS.length + 1]);
        double[] sum = sumsSoFar.computeIfAbsent(key, k -> new double[1]);
        for (HistogramIterationValue value : interval.recordedValues()) {
            double seconds = value.getValueIteratedTo() / 1e9;
            long count = value.getCountAtValueIteratedTo();
            counts[bucket(seconds)] += count;
            sum[0] += seconds * count;
        }
        return new Sample(name, help, Kind.HISTOGRAM, Map.copyOf(labels), 0, counts.clone(), sum[0]);
    }

    private static int bucket(double seconds) {
        for (int i = 0; i < BOUNDS_SECONDS.length; i++) {
            if (seconds <= BOUNDS_SECONDS[i]) {
                return i;
            }
        }
        return BOUNDS_SECONDS.length;
    }
}
