package dev.stackbench.core.result.read;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one reader of result files, for gates and reports alike. Each path is a file or a directory
 * searched for {@code result.json} files; a file is
 * <ul>
 *   <li>a load result, {@code "schema": "stackbench.load/1"} (the only version so far; {@link #SCHEMAS});
 *       the {@code latency.hlog} beside it, when there is one, gives the measured window's interval
 *       histograms, and must be readable and agree with result.json's count of latencies;</li>
 *   <li>a JMH result ({@code -rf json}) of stackbench's ServerLoadBenchmark with the LatencyProfiler's
 *       secondaries: each fork is a run, each measured iteration one of its samples.</li>
 * </ul>
 * Runs that share a label are repeats and must share their {@link Setup}, except across the shards of a
 * scenario ({@code shard.json} beside their runs), which must be one whole split, each run in one shard
 * ({@link ShardSets}). Anything else is an
 * {@link UnreadableResultException} naming the file and the problem, before anything is used.
 *
 * <pre>{@code
 * RecordedResults results = ResultReader.read(List.of(Path.of("results/seed-002")));
 * results.targets().forEach((label, target) -> System.out.println(label + ": " + target.repeats() + " runs"));
 * }</pre>
 */
public final class ResultReader {

    /** Every result.json schema this reader knows; older versions stay here when new ones are added. */
    public static final List<String> SCHEMAS = List.of(RunResult.SCHEMA);

    private static final String JMH_THROUGHPUT_UNIT = "ops/s";
    private static final String LATENCY_TAG = "latency";
    /** The LatencyProfiler's secondary results, by the metric they are. */
    private static final Map<Metric, String> JMH_SECONDARIES = Map.of(Metric.P50, "p50", Metric.P90, "p90", Metric.P99, "p99",
            Metric.P999, "p99.9");
    /** What a load profile says that makes two runs comparable (RunResult.Profile's fields, less warm-up, threads and timeouts). */
    private static final List<String> PROFILE_FACTS = List.of("model", "concurrency", "ratePerSecond", "stages", "thinkTime",
            "connections", "durationSeconds", "requestLimit", "keepAlive", "http2");

    /**
     * Newer results may carry fields this version does not know; they are ignored, the schema guards the rest.
     * Older or hand-written ones may lack fields; what a reader needs is checked by name ({@link #loadV1}).
     */
    private static final JsonMapper JSON = ResultFiles.json();

    private ResultReader() {
    }

    /** @throws UnreadableResultException naming the file and the problem */
    public static RecordedResults read(List<Path> paths) {
        List<Path> files = new ArrayList<>();
        var manifests = new ArrayList<Path>();
        for (Path path : paths) {
            List<Path> shards = ShardSets.manifestsIn(path);
            manifests.addAll(shards);
            // A shard that had no runs to run is a directory with its shard.json alone: nothing to read, but it is there.
            files.addAll(find(path, !shards.isEmpty()));
        }
        files = new ArrayList<>(ShardSets.merged(manifests, files));
        refuseGivenTwice(files);
        var runs = new ArrayList<RecordedRun>();
        for (Path file : files) {
            runs.addAll(readFile(file));
        }
        var byLabel = new LinkedHashMap<String, List<RecordedRun>>();
        for (RecordedRun run : runs) {
            List<RecordedRun> repeats = byLabel.computeIfAbsent(run.label(), label -> new ArrayList<>());
            if (!repeats.isEmpty()) {
                RecordedRun first = repeats.getFirst();
                var differences = run.setup().differencesFrom(first.setup());
                if (!differences.isEmpty()) {
                    throw new UnreadableResultException(run.source() + " and " + first.source() + " both measure '" + run.label()
                            + "' but differently (" + String.join(", ", differences) + "); repeats must be the same measurement:"
                            + " give them different labels (load --label)");
                }
            }
            repeats.add(run);
        }
        var targets = new LinkedHashMap<String, RecordedTarget>();
        byLabel.forEach((label, repeats) -> targets.put(label, new RecordedTarget(label, repeats.getFirst().setup(), repeats)));
        return new RecordedResults(List.copyOf(files), List.copyOf(runs), java.util.Collections.unmodifiableMap(targets));
    }

    /**
     * A file read twice (named twice, or a copy of it) would count as two repeats of one measurement and narrow
     * the gate's intervals; JMH's files carry nothing that tells shards apart, so their contents decide.
     */
    private static void refuseGivenTwice(List<Path> files) {
        var seen = new java.util.HashMap<String, Path>();
        for (Path file : files) {
            String digest;
            try {
                digest = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
            } catch (IOException e) {
                throw new UnreadableResultException(file, "cannot be read: " + e.getMessage(), e);
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            Path first = seen.putIfAbsent(digest, file);
            if (first != null) {
                throw new UnreadableResultException(file, first.equals(file) ? "given twice" : "the same contents as " + first
                        + ": one measurement given twice would count as two repeats");
            }
        }
    }

    /** The result files a path stands for: itself, or the result.json files in and below a directory. */
    public static List<Path> find(Path path) {
        return find(path, false);
    }

    private static List<Path> find(Path path, boolean noneIsFine) {
        if (!Files.exists(path)) {
            throw new UnreadableResultException(path, "no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            List<Path> found = walk.filter(p -> p.getFileName().toString().equals(ResultFiles.RESULT_JSON)).filter(Files::isRegularFile)
                    .sorted().toList();
            if (found.isEmpty() && !noneIsFine) {
                throw new UnreadableResultException(path, "no " + ResultFiles.RESULT_JSON + " in this directory or below it");
            }
            return found;
        } catch (IOException | UncheckedIOException e) {
            throw new UnreadableResultException(path, "cannot be read: " + e.getMessage(), e);
        }
    }

    /** The runs of one file: one for a result.json, one per fork of each benchmark for JMH JSON. */
    public static List<RecordedRun> readFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new UnreadableResultException(file, Files.exists(file) ? "not a file" : "no such file or directory");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JacksonException e) {
            throw new UnreadableResultException(file, "not JSON (" + e.getOriginalMessage() + ")", e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new UnreadableResultException(file, "empty file");
        }
        if (root.isArray()) {
            return jmh(file, root);
        }
        if (root.isObject() && root.has("schema")) {
            String schema = root.get("schema").asString();
            if (RunResult.SCHEMA.equals(schema)) {
                return List.of(loadV1(file, root));
            }
            throw new UnreadableResultException(file, "schema '" + schema + "' is not one stackbench reads ("
                    + String.join(", ", SCHEMAS) + ", or JMH's -rf json)");
        }
        throw new UnreadableResultException(file, "neither a stackbench result (no \"schema\") nor JMH JSON (not an array)");
    }

    private static RecordedRun loadV1(Path file, JsonNode root) {
        for (String field : List.of("target", "profile", "requests", "rps", "latencyMs")) {
            required(file, root, field);
        }
        RunResult mapped;
        try {
            mapped = JSON.treeToValue(root, RunResult.class);
        } catch (JacksonException e) {
            throw new UnreadableResultException(file, "not a valid " + RunResult.SCHEMA + " result (" + e.getOriginalMessage() + ")", e);
        }
        RunResult.Target target = mapped.target();
        String label = target.label();
        if (label == null) { // results written before targets had labels
            label = target.approach() != null ? target.approach() + "/" + target.workload() : target.url();
        }
        if (label == null) {
            throw new UnreadableResultException(file, "the target has no label, approach or url to name it by");
        }
        RunResult result = new RunResult(mapped.schema(), target.withLabel(label), mapped.profile(), mapped.environment(), mapped.window(),
                mapped.requests(), mapped.rps(), mapped.latencyMs(), mapped.serviceTimeMs(), mapped.waitTimeMs(), mapped.bytes(),
                mapped.clientCpu(), mapped.timeline() == null ? List.of() : mapped.timeline(),
                mapped.warnings() == null ? List.of() : mapped.warnings(), mapped.jvm(), mapped.generator(), mapped.byRequest(),
                mapped.startup(), mapped.agents(), mapped.serverProfile());

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
        return new RecordedRun(file, file.toString(), label, loadSetup(root), result, intervals.all(), List.of(), reported, errors,
                result.requests().ok() + errors, intervals.byRequest(), null);
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
        if (facts.isEmpty() && profile.has("description")) { // a hand-written or very early result: its profile in words only
            facts.put("profile", profile.get("description").asString());
        }
        JsonNode mix = profile.get("mix");
        if (mix != null && mix.isArray() && !mix.isEmpty()) {
            var entries = new ArrayList<String>();
            mix.forEach(entry -> entries.add(entry.path("weight").asString() + ":" + entry.path("method").asString() + ":" + entry.path("path").asString()));
            facts.put("mix", String.join(" ", entries));
        }
        JsonNode target = root.get("target");
        if (target.hasNonNull("workload")) {
            facts.put("workload", target.get("workload").asString());
        }
        JsonNode params = target.get("workloadParams");
        if (params != null && params.isObject()) {
            params.properties().forEach(param -> facts.put("workloadParams." + param.getKey(), param.getValue().asString()));
        }
        return new Setup(facts);
    }

    /**
     * The latency interval histograms of a latency.hlog. A log that cannot be parsed, is empty, or holds
     * another number of latencies than result.json counts (truncated, or from another run) is refused:
     * silently ignoring it would make a gate or a report compare something else than the files say.
     *
     * @param expectedCount result.json's count of latencies, or -1 when it states none
     */
    /** A latency.hlog's measured intervals: every request's, and each request name's. */
    private record HlogIntervals(List<IntervalHistogram> all, Map<String, List<IntervalHistogram>> byRequest) {
    }

    private static HlogIntervals intervals(Path hlog, long expectedCount) {
        try {
            if (Files.size(hlog) == 0) {
                throw new UnreadableResultException(hlog, "empty file, not an HdrHistogram log (rerun, or delete it to use result.json's summary only)");
            }
        } catch (IOException e) {
            throw new UnreadableResultException(hlog, "cannot be read: " + e.getMessage(), e);
        }
        var intervals = new ArrayList<IntervalHistogram>();
        var byRequest = new java.util.LinkedHashMap<String, List<IntervalHistogram>>();
        var completedByStart = new java.util.HashMap<Long, Long>();
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
                } else if (next.getTag() != null && next.getTag().startsWith(ResultFiles.REQUEST_TAG_PREFIX) && next instanceof Histogram histogram) {
                    double seconds = (histogram.getEndTimeStamp() - histogram.getStartTimeStamp()) / 1000.0;
                    byRequest.computeIfAbsent(next.getTag().substring(ResultFiles.REQUEST_TAG_PREFIX.length()), name -> new ArrayList<>())
                            .add(new IntervalHistogram(seconds, histogram));
                }
            }
            if (!completedByStart.isEmpty()) {
                // Paired by start: the window's intervals carry the throughput, the drain's none.
                intervals.replaceAll(interval -> new IntervalHistogram(interval.seconds(), interval.latencyNanos(),
                        completedByStart.get(interval.latencyNanos().getStartTimeStamp())));
                // A name's throughput is its successes completing in the window's intervals, as the run's is, never the drain's;
                // its warm-up requests completing in the window's first second are not counted apart, and are left out.
                byRequest.values().forEach(named -> named.replaceAll(interval -> new IntervalHistogram(interval.seconds(), interval.latencyNanos(),
                        completedByStart.containsKey(interval.latencyNanos().getStartTimeStamp()) ? interval.ok() : null)));
            }
        } catch (IOException | RuntimeException e) {
            throw new UnreadableResultException(hlog, "not a readable HdrHistogram log (" + e + ")", e);
        }
        if (!anyHistogram) {
            throw new UnreadableResultException(hlog, "holds no interval histograms: truncated, or not an HdrHistogram log"
                    + " (rerun, or delete it to use result.json's summary only)");
        }
        if (expectedCount >= 0 && total != expectedCount) {
            throw new UnreadableResultException(hlog, "holds " + total + " latencies in " + intervals.size() + " '" + LATENCY_TAG
                    + "' intervals, but result.json counts " + expectedCount + ": truncated, or from another run");
        }
        return new HlogIntervals(intervals, byRequest);
    }

    /** One run per fork of each benchmark; the label is approach/workload, with the parameters that tell entries apart. */
    private static List<RecordedRun> jmh(Path file, JsonNode root) {
        if (root.isEmpty()) {
            throw new UnreadableResultException(file, "a JMH result with no benchmarks");
        }
        var entries = new ArrayList<JsonNode>();
        root.forEach(entries::add);
        var baseLabels = entries.stream().map(ResultReader::jmhBaseLabel).toList();
        var runs = new ArrayList<RecordedRun>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode entry = entries.get(i);
            String name = text(entry, "benchmark");
            JsonNode primary = entry.path("primaryMetric");
            if (name == null || primary.isMissingNode()) {
                throw new UnreadableResultException(file, "entry " + (i + 1) + " is not a JMH result (no benchmark or primaryMetric)");
            }
            if (!JMH_THROUGHPUT_UNIT.equals(text(primary, "scoreUnit"))) {
                throw new UnreadableResultException(file, name + " is scored in " + text(primary, "scoreUnit") + ", not " + JMH_THROUGHPUT_UNIT
                        + "; a gate compares stackbench's ServerLoadBenchmark results (throughput mode)");
            }
            JsonNode secondary = entry.path("secondaryMetrics");
            if (!secondary.has("p50") || !secondary.has("p99")) {
                throw new UnreadableResultException(file, name + " has no latency percentiles; run JMH with -prof dev.stackbench.jmh.LatencyProfiler"
                        + " (bench-jmh.jar adds it itself)");
            }
            String label = baseLabels.get(i);
            if (baseLabels.stream().filter(label::equals).count() > 1) {
                label += " " + distinguishingParams(entries, baseLabels, label, entry);
            }
            Setup setup = jmhSetup(entry);
            JsonNode forks = primary.path("rawData");
            for (int fork = 0; fork < forks.size(); fork++) {
                JsonNode scores = forks.get(fork);
                var reported = new EnumMap<Metric, Double>(Metric.class);
                reported.put(Metric.RPS, mean(scores));
                var perIteration = new EnumMap<Metric, double[]>(Metric.class);
                perIteration.put(Metric.RPS, values(scores));
                for (var secondaryName : JMH_SECONDARIES.entrySet()) {
                    JsonNode metric = secondary.path(secondaryName.getValue());
                    double forkValue = forkValue(metric, fork, false);
                    if (!Double.isNaN(forkValue)) {
                        reported.put(secondaryName.getKey(), forkValue);
                        JsonNode raw = metric.path("rawData").path(fork);
                        // Per iteration where JMH kept it for every iteration; else the fork's value for each (no spread within the fork).
                        double[] iterationValues = raw.size() == scores.size() ? values(raw) : filled(scores.size(), forkValue);
                        perIteration.put(secondaryName.getKey(), iterationValues);
                    }
                }
                var iterations = new ArrayList<IterationScores>();
                for (int k = 0; k < scores.size(); k++) {
                    var values = new EnumMap<Metric, Double>(Metric.class);
                    for (var metric : perIteration.entrySet()) {
                        values.put(metric.getKey(), metric.getValue()[k]);
                    }
                    iterations.add(new IterationScores(values));
                }
                long errors = Math.round(forkValue(secondary.path("errors"), fork, true));
                reported.put(Metric.ERRORS, (double) errors);
                runs.add(new RecordedRun(file, file + " (" + name + ", fork " + (fork + 1) + ")", label, setup, null, List.of(),
                        iterations, reported, errors, 0));
            }
        }
        return runs;
    }

    private static Setup jmhSetup(JsonNode entry) {
        var facts = new TreeMap<String, String>();
        facts.put("benchmark", text(entry, "benchmark"));
        for (String field : List.of("mode", "measurementTime", "threads")) {
            if (entry.hasNonNull(field)) {
                facts.put(field, entry.get(field).asString());
            }
        }
        entry.path("params").properties().forEach(param -> facts.put("params." + param.getKey(), param.getValue().asString()));
        return new Setup(facts);
    }

    /** A fork's value of a secondary metric: the mean (or sum) of its iterations, or the overall score if JMH kept no per-fork data. */
    private static double forkValue(JsonNode metric, int fork, boolean sum) {
        if (metric.isMissingNode()) {
            return Double.NaN;
        }
        JsonNode raw = metric.path("rawData");
        if (raw.size() > fork && !raw.get(fork).isEmpty()) {
            return sum ? sum(raw.get(fork)) : mean(raw.get(fork));
        }
        return metric.path("score").asDouble(Double.NaN);
    }

    private static String jmhBaseLabel(JsonNode entry) {
        JsonNode params = entry.path("params");
        if (params.has("approach") && params.has("workload")) {
            return params.get("approach").asString() + "/" + params.get("workload").asString();
        }
        String benchmark = entry.path("benchmark").asString();
        return benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
    }

    private static String distinguishingParams(List<JsonNode> entries, List<String> baseLabels, String base, JsonNode entry) {
        var differing = new TreeMap<String, String>();
        for (int i = 0; i < entries.size(); i++) {
            if (!baseLabels.get(i).equals(base)) {
                continue;
            }
            for (var field : entries.get(i).path("params").properties()) {
                String mine = entry.path("params").path(field.getKey()).asString();
                if (!field.getValue().asString().equals(mine)) {
                    differing.put(field.getKey(), mine);
                }
            }
        }
        return differing.toString();
    }

    private static double[] values(JsonNode array) {
        double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = array.get(i).asDouble();
        }
        return values;
    }

    private static double[] filled(int n, double value) {
        double[] values = new double[n];
        java.util.Arrays.fill(values, value);
        return values;
    }

    private static double mean(JsonNode values) {
        return values.isEmpty() ? Double.NaN : sum(values) / values.size();
    }

    private static double sum(JsonNode values) {
        double sum = 0;
        for (JsonNode value : values) {
            sum += value.asDouble();
        }
        return sum;
    }

    private static void required(Path file, JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new UnreadableResultException(file, "field '" + field + "' is missing");
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
