package dev.stackbench.core.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ThroughputBound;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the results a gate compares: a load run's result.json (with the latency.hlog beside it,
 * whose intervals the bootstrap resamples), a run directory or a directory of run directories, or
 * a JMH JSON file ({@code -rf json}) with stackbench's latency secondaries. Anything else is a
 * {@link GateInputException} that names the file and what is wrong with it.
 */
public final class ResultReader {

    private static final String JMH_THROUGHPUT_UNIT = "ops/s";

    private ResultReader() {
    }

    public static Results read(List<Path> paths) {
        var files = new ArrayList<Path>();
        for (Path path : paths) {
            files.addAll(expand(path));
        }
        var runsByLabel = new LinkedHashMap<String, List<Run>>();
        var measurementByLabel = new LinkedHashMap<String, String>();
        var sourceByLabel = new LinkedHashMap<String, Path>();
        for (Path file : files) {
            for (var labelled : readFile(file)) {
                String known = measurementByLabel.putIfAbsent(labelled.label(), labelled.measurement());
                if (known != null && !known.equals(labelled.measurement())) {
                    throw new GateInputException(file + " and " + sourceByLabel.get(labelled.label()) + " both measure '" + labelled.label()
                            + "' but differently (" + labelled.measurement() + " vs " + known + "); repeats must be the same measurement: give them different labels (load --label)");
                }
                sourceByLabel.putIfAbsent(labelled.label(), file);
                runsByLabel.computeIfAbsent(labelled.label(), l -> new ArrayList<>()).add(labelled.run());
            }
        }
        var targets = new LinkedHashMap<String, TargetRuns>();
        runsByLabel.forEach((label, runs) -> targets.put(label, new TargetRuns(label, measurementByLabel.get(label), List.copyOf(runs))));
        return new Results(List.copyOf(files), targets);
    }

    private record LabelledRun(String label, String measurement, Run run) {
    }

    private static List<Path> expand(Path path) {
        if (!Files.exists(path)) {
            throw new GateInputException(path + ": no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            List<Path> found = walk.filter(p -> p.getFileName().toString().equals(ResultFiles.RESULT_JSON)).sorted().toList();
            if (found.isEmpty()) {
                throw new GateInputException(path + ": no " + ResultFiles.RESULT_JSON + " in this directory or below it");
            }
            return found;
        } catch (IOException e) {
            throw new GateInputException(path + ": cannot be read: " + e.getMessage(), e);
        }
    }

    private static List<LabelledRun> readFile(Path file) {
        JsonNode root;
        try {
            root = ResultFiles.json().readTree(file.toFile());
        } catch (JacksonException e) {
            throw new GateInputException(file + ": not JSON (" + e.getOriginalMessage() + ")", e);
        }
        if (root == null || root.isMissingNode()) {
            throw new GateInputException(file + ": empty file");
        }
        if (root.isArray()) {
            return jmh(file, root);
        }
        if (root.isObject() && root.has("schema")) {
            String schema = root.get("schema").asString();
            if (!RunResult.SCHEMA.equals(schema)) {
                throw new GateInputException(file + ": schema '" + schema + "' is not one a gate reads (" + RunResult.SCHEMA + ", or JMH's -rf json)");
            }
            return List.of(load(file, root));
        }
        throw new GateInputException(file + ": neither a stackbench result (no \"schema\") nor JMH JSON (not an array)");
    }

    private static LabelledRun load(Path file, JsonNode root) {
        JsonNode target = required(file, root, "target");
        String label = text(target, "label");
        if (label == null) { // results written before targets had labels
            label = text(target, "approach") != null ? text(target, "approach") + "/" + text(target, "workload") : text(target, "url");
        }
        JsonNode profile = required(file, root, "profile");
        String measurement = text(profile, "description") + (target.has("workloadParams") ? " " + target.get("workloadParams") : "");
        JsonNode requests = required(file, root, "requests");
        long errors = requests.path("errors").asLong();
        long finished = requests.path("ok").asLong() + errors;
        JsonNode latency = required(file, root, "latencyMs");
        var reported = new EnumMap<GateMetric, Double>(GateMetric.class);
        reported.put(GateMetric.RPS, required(file, root, "rps").asDouble());
        for (GateMetric metric : GateMetric.values()) {
            if (metric.isLatency()) {
                JsonNode value = latency.get(metric.id());
                reported.put(metric, value == null || value.isNull() ? Double.NaN : value.asDouble());
            }
        }
        Path hlog = file.resolveSibling(ResultFiles.LATENCY_HLOG);
        List<Interval> intervals = Files.isRegularFile(hlog) ? intervals(hlog) : List.of();
        return new LabelledRun(label, measurement, new Run(file.toString(), intervals, reported, errors, finished, bound(root)));
    }

    /** The bound ThroughputBound derives from the result's own settings; null when none applies or the result is too old to say. */
    private static ThroughputBound bound(JsonNode root) {
        try {
            return ThroughputBound.binding(ResultFiles.json().treeToValue(root, RunResult.class)).orElse(null);
        } catch (RuntimeException e) { // JacksonException included: a result this build cannot map has no bound to offer
            return null;
        }
    }

    private static List<Interval> intervals(Path hlog) {
        var intervals = new ArrayList<Interval>();
        try {
            var reader = new HistogramLogReader(hlog.toFile());
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if ("latency".equals(next.getTag()) && next instanceof Histogram histogram) {
                    double seconds = (histogram.getEndTimeStamp() - histogram.getStartTimeStamp()) / 1000.0;
                    intervals.add(new Interval(seconds, LatencyCounts.of(histogram)));
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new GateInputException(hlog + ": not a readable HdrHistogram log (" + e.getMessage() + ")", e);
        }
        return intervals;
    }

    /** One run per fork of each benchmark; the label is approach/workload, with the parameters that tell entries apart. */
    private static List<LabelledRun> jmh(Path file, JsonNode root) {
        if (root.isEmpty()) {
            throw new GateInputException(file + ": a JMH result with no benchmarks");
        }
        var entries = new ArrayList<JsonNode>();
        root.forEach(entries::add);
        var baseLabels = entries.stream().map(ResultReader::jmhBaseLabel).toList();
        var runs = new ArrayList<LabelledRun>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode entry = entries.get(i);
            String name = text(entry, "benchmark");
            JsonNode primary = entry.path("primaryMetric");
            if (name == null || primary.isMissingNode()) {
                throw new GateInputException(file + ": entry " + (i + 1) + " is not a JMH result (no benchmark or primaryMetric)");
            }
            if (!JMH_THROUGHPUT_UNIT.equals(text(primary, "scoreUnit"))) {
                throw new GateInputException(file + ": " + name + " is scored in " + text(primary, "scoreUnit") + ", not " + JMH_THROUGHPUT_UNIT
                        + "; a gate compares stackbench's ServerLoadBenchmark results (throughput mode)");
            }
            JsonNode secondary = entry.path("secondaryMetrics");
            if (!secondary.has("p50") || !secondary.has("p99")) {
                throw new GateInputException(file + ": " + name + " has no latency percentiles; run JMH with -prof dev.stackbench.jmh.LatencyProfiler (bench-jmh.jar adds it itself)");
            }
            String label = baseLabels.get(i);
            if (baseLabels.stream().filter(label::equals).count() > 1) {
                label += " " + distinguishingParams(entries, baseLabels, label, entry);
            }
            String measurement = name + " " + entry.path("params") + " " + text(entry, "measurementTime");
            JsonNode forks = primary.path("rawData");
            for (int fork = 0; fork < forks.size(); fork++) {
                var reported = new EnumMap<GateMetric, Double>(GateMetric.class);
                reported.put(GateMetric.RPS, mean(forks.get(fork)));
                for (GateMetric metric : GateMetric.values()) {
                    if (metric.isLatency()) {
                        reported.put(metric, forkValue(secondary.path(jmhName(metric)), fork, false));
                    }
                }
                long errors = Math.round(forkValue(secondary.path("errors"), fork, true));
                runs.add(new LabelledRun(label, measurement, new Run(file + " (" + name + ", fork " + (fork + 1) + ")",
                        List.of(), reported, errors, 0, null)));
            }
        }
        return runs;
    }

    private static String jmhName(GateMetric metric) {
        return metric == GateMetric.P999 ? "p99.9" : metric.id();
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

    private static JsonNode required(Path file, JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new GateInputException(file + ": field '" + field + "' is missing");
        }
        return value;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
