package dev.stackbench.core.result.read;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineFile;
import dev.stackbench.core.result.Metric;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * JMH's {@code -rf json} of stackbench's ServerLoadBenchmark with the LatencyProfiler's secondaries: each fork is a run,
 * each measured iteration one of its samples; the label is approach/workload, with the parameters that tell entries apart.
 */
final class JmhResultFormat {

    private static final String JMH_THROUGHPUT_UNIT = "ops/s";
    /** The LatencyProfiler's secondary results, by the metric they are. */
    private static final Map<Metric, String> JMH_SECONDARIES =
            Map.of(Metric.P50, "p50", Metric.P90, "p90", Metric.P99, "p99", Metric.P999, "p99.9");

    private JmhResultFormat() {}

    /** One run per fork of each benchmark; the label is approach/workload, with the parameters that tell entries apart. */
    static List<RecordedRun> read(Path file, JsonNode root) {
        if (root.isEmpty()) {
            throw new UnreadableResultException(file, "a JMH result with no benchmarks");
        }
        var entries = new ArrayList<JsonNode>();
        root.forEach(entries::add);
        var baseLabels = entries.stream().map(JmhResultFormat::jmhBaseLabel).toList();
        var runs = new ArrayList<RecordedRun>();
        Machine machine;
        try {
            machine = MachineFile.read(MachineFile.beside(file)).orElse(null);
        } catch (IllegalArgumentException e) {
            throw new UnreadableResultException(file, "its machine file " + e.getMessage(), e);
        }
        for (int i = 0; i < entries.size(); i++) {
            JsonNode entry = entries.get(i);
            String name = text(entry, "benchmark");
            JsonNode primary = entry.path("primaryMetric");
            if (name == null || primary.isMissingNode()) {
                throw new UnreadableResultException(
                        file, "entry " + (i + 1) + " is not a JMH result (no benchmark or primaryMetric)");
            }
            if (!JMH_THROUGHPUT_UNIT.equals(text(primary, "scoreUnit"))) {
                throw new UnreadableResultException(
                        file,
                        name + " is scored in " + text(primary, "scoreUnit") + ", not " + JMH_THROUGHPUT_UNIT
                                + "; a gate compares stackbench's ServerLoadBenchmark results (throughput mode)");
            }
            JsonNode secondary = entry.path("secondaryMetrics");
            if (!secondary.has("p50") || !secondary.has("p99")) {
                throw new UnreadableResultException(
                        file,
                        name + " has no latency percentiles; run JMH with -prof dev.stackbench.jmh.LatencyProfiler"
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
                        // Per iteration where JMH kept it for every iteration; else the fork's value for each (no
                        // spread within the fork).
                        double[] iterationValues =
                                raw.size() == scores.size() ? values(raw) : filled(scores.size(), forkValue);
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
                runs.add(new RecordedRun(
                        file,
                        file + " (" + name + ", fork " + (fork + 1) + ")",
                        label,
                        setup,
                        null,
                        List.of(),
                        iterations,
                        reported,
                        errors,
                        0,
                        Map.of(),
                        null,
                        machine));
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
        entry.path("params")
                .properties()
                .forEach(param ->
                        facts.put("params." + param.getKey(), param.getValue().asString()));
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
            return params.get("approach").asString() + "/"
                    + params.get("workload").asString();
        }
        String benchmark = entry.path("benchmark").asString();
        return benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
    }

    private static String distinguishingParams(
            List<JsonNode> entries, List<String> baseLabels, String base, JsonNode entry) {
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
        Arrays.fill(values, value);
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

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
