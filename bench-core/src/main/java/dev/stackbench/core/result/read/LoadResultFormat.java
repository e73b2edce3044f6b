package dev.stackbench.core.result.read;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A load run's result.json ({@code "schema": "stackbench.load/1"}) and the {@code latency.hlog} beside it, when there is
 * one: its measured window's interval histograms, which must be readable and agree with result.json's count of latencies.
 * The setup repeats must share is read from the profile and the target ({@link Setup}).
 */
final class LoadResultFormat {

    private static final String LATENCY_TAG = "latency";
    /** What a load profile says that makes two runs comparable (RunResult.Profile's fields, less warm-up, threads and timeouts). */
    private static final List<String> PROFILE_FACTS = List.of(
            "model",
            "concurrency",
            "ratePerSecond",
            "stages",
            "thinkTime",
            "connections",
            "durationSeconds",
            "requestLimit",
            "keepAlive",
            "http2");

    /**
     * Newer results may carry fields this version does not know; they are ignored, the schema guards the rest.
     * Older or hand-written ones may lack fields; what a reader needs is checked by name ({@link #read}).
     */
    private static final JsonMapper JSON = ResultFiles.json();

    private LoadResultFormat() {}

    /** The run of a result.json of schema {@link RunResult#SCHEMA}, with the interval histograms of the latency.hlog beside it. */
    static RecordedRun read(Path file, JsonNode root) {
        for (String field : List.of("target", "profile", "requests", "rps", "latencyMs")) {
            required(file, root, field);
        }
        RunResult mapped;
        try {
            mapped = JSON.treeToValue(root, RunResult.class);
        } catch (JacksonException e) {
            throw new UnreadableResultException(
                    file, "not a valid " + RunResult.SCHEMA + " result (" + e.getOriginalMessage() + ")", e);
        }
        RunResult.Target target = mapped.target();
        String label = target.label();
        if (label == null) { // results written before targets had labels
            label = target.approach() != null ? target.approach() + "/" + target.workload() : target.url();
        }
        if (label == null) {
            throw new UnreadableResultException(file, "the target has no label, approach or url to name it by");
        }
        RunResult result = mapped.withTarget(target.withLabel(label))
                .withTimelineAndWarnings(
                        mapped.timeline() == null ? List.of() : mapped.timeline(),
                        mapped.warnings() == null ? List.of() : mapped.warnings());

        var reported = new EnumMap<Metric, Double>(Metric.class);
        for (Metric metric : Metric.values()) {
            Double value = metric.of(result);
            if (value != null) {
                reported.put(metric, value);
            }
        }
        Path hlog = file.resolveSibling(ResultFiles.LATENCY_HLOG);
        var intervals = new HlogIntervals(List.of(), Map.of());
        if (Files.exists(hlog)) {
            JsonNode count = root.get("latencyMs").get("count");
            intervals = intervals(hlog, count == null || !count.isIntegralNumber() ? -1 : count.asLong());
        }
        long errors = result.requests().errors();
        return new RecordedRun(
                file,
                file.toString(),
                label,
                loadSetup(root),
                result,
                intervals.all(),
                List.of(),
                reported,
                errors,
                result.requests().ok() + errors,
                intervals.byRequest(),
                null,
                result.environment() == null ? null : result.environment().machine());
    }

    private static Setup loadSetup(JsonNode root) {
        var facts = new TreeMap<String, String>();
        JsonNode profile = root.get("profile");
        for (String name : PROFILE_FACTS) {
            JsonNode value = profile.get(name);
            if (value != null && !value.isNull()) {
                facts.put(name, value.asString());
            }
        }
        if (facts.isEmpty()
                && profile.has("description")) { // a hand-written or very early result: its profile in words only
            facts.put("profile", profile.get("description").asString());
        }
        JsonNode mix = profile.get("mix");
        if (mix != null && mix.isArray() && !mix.isEmpty()) {
            var entries = new ArrayList<String>();
            mix.forEach(entry -> entries.add(entry.path("weight").asString() + ":"
                    + entry.path("method").asString() + ":" + entry.path("path").asString()));
            facts.put("mix", String.join(" ", entries));
        }
        JsonNode target = root.get("target");
        if (target.hasNonNull("workload")) {
            facts.put("workload", target.get("workload").asString());
        }
        JsonNode params = target.get("workloadParams");
        if (params != null && params.isObject()) {
            params.properties()
                    .forEach(param -> facts.put(
                            "workloadParams." + param.getKey(), param.getValue().asString()));
        }
        return new Setup(facts);
    }

    /** A latency.hlog's measured intervals: every request's, and each request name's. */
    private record HlogIntervals(List<IntervalHistogram> all, Map<String, List<IntervalHistogram>> byRequest) {}

    /**
     * The latency interval histograms of a latency.hlog. A log that cannot be parsed, is empty, or holds
     * another number of latencies than result.json counts (truncated, or from another run) is refused:
     * silently ignoring it would make a gate or a report compare something else than the files say.
     *
     * @param expectedCount result.json's count of latencies, or -1 when it states none
     */
    private static HlogIntervals intervals(Path hlog, long expectedCount) {
        try {
            if (Files.size(hlog) == 0) {
                throw new UnreadableResultException(
                        hlog,
                        "empty file, not an HdrHistogram log (rerun, or delete it to use result.json's summary only)");
            }
        } catch (IOException e) {
            throw new UnreadableResultException(hlog, "cannot be read: " + e.getMessage(), e);
        }
        var intervals = new ArrayList<IntervalHistogram>();
        var byRequest = new LinkedHashMap<String, List<IntervalHistogram>>();
        var completedByStart = new HashMap<Long, Long>();
        long total = 0;
        boolean anyHistogram = false;
        try {
            var reader = new HistogramLogReader(hlog.toFile());
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                anyHistogram = true;
                if (LATENCY_TAG.equals(next.getTag()) && next instanceof Histogram histogram) {
                    double seconds = (histogram.getEndTimeStamp() - histogram.getStartTimeStamp()) / 1000.0;
                    intervals.add(new IntervalHistogram(seconds, histogram));
                    total += histogram.getTotalCount();
                } else if (ResultFiles.COMPLETED_TAG.equals(next.getTag()) && next instanceof Histogram histogram) {
                    completedByStart.put(histogram.getStartTimeStamp(), histogram.getTotalCount());
                } else if (next.getTag() != null
                        && next.getTag().startsWith(ResultFiles.REQUEST_TAG_PREFIX)
                        && next instanceof Histogram histogram) {
                    double seconds = (histogram.getEndTimeStamp() - histogram.getStartTimeStamp()) / 1000.0;
                    byRequest
                            .computeIfAbsent(
                                    next.getTag().substring(ResultFiles.REQUEST_TAG_PREFIX.length()),
                                    name -> new ArrayList<>())
                            .add(new IntervalHistogram(seconds, histogram));
                }
            }
            if (!completedByStart.isEmpty()) {
                // Paired by start: the window's intervals carry the throughput, the drain's none.
                intervals.replaceAll(interval -> new IntervalHistogram(
                        interval.seconds(),
                        interval.latencyNanos(),
                        completedByStart.get(interval.latencyNanos().getStartTimeStamp())));
                // A name's throughput is its successes completing in the window's intervals, as the run's is, never the
                // drain's;
                // its warm-up requests completing in the window's first second are not counted apart, and are left out.
                byRequest
                        .values()
                        .forEach(named -> named.replaceAll(interval -> new IntervalHistogram(
                                interval.seconds(),
                                interval.latencyNanos(),
                                completedByStart.containsKey(
                                                interval.latencyNanos().getStartTimeStamp())
                                        ? interval.ok()
                                        : null)));
            }
        } catch (IOException | RuntimeException e) {
            throw new UnreadableResultException(hlog, "not a readable HdrHistogram log (" + e + ")", e);
        }
        if (!anyHistogram) {
            throw new UnreadableResultException(
                    hlog,
                    "holds no interval histograms: truncated, or not an HdrHistogram log"
                            + " (rerun, or delete it to use result.json's summary only)");
        }
        if (expectedCount >= 0 && total != expectedCount) {
            throw new UnreadableResultException(
                    hlog,
                    "holds " + total + " latencies in " + intervals.size() + " '" + LATENCY_TAG
                            + "' intervals, but result.json counts " + expectedCount
                            + ": truncated, or from another run");
        }
        return new HlogIntervals(intervals, byRequest);
    }

    private static void required(Path file, JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new UnreadableResultException(file, "field '" + field + "' is missing");
        }
    }
}
