package dev.stackbench.jmh;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.ResultReader;
import dev.stackbench.core.result.read.UnreadableResultException;
import dev.stackbench.core.vocabulary.Numbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Prints a JMH JSON result (-rf json) of {@link ServerLoadBenchmark} as one row per approach and
 * workload: requests/s with its error, then the latency percentiles and failed requests.
 * {@code java -cp bench-jmh/target/bench-jmh.jar dev.stackbench.jmh.JmhTable results/jmh/FILE.json}
 */
public final class JmhTable {

    static final List<String> SECONDARY = List.of("p50", "p90", "p99", "p99.9", "max", "errors");

    private JmhTable() {}

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: JmhTable JMH_RESULT.json");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        try {
            // The one reader of results checks the file first, so a wrong one gets the message gate and report give.
            if (ResultReader.readFile(file).stream().anyMatch(RecordedRun::isLoadRun)) {
                throw new UnreadableResultException(
                        file,
                        "a load result: JmhTable prints JMH results (-rf json); compare load results with report or gate");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
        // A suite run in rounds (InterleavedSuite) wrote its ranking beside the result: that, instead of "not a
        // ranking".
        Path ranking = InterleavedSuite.rankingBeside(file);
        boolean ranked = Files.isRegularFile(ranking);
        System.out.print(table(ResultFiles.json().readTree(file.toFile()), !ranked));
        if (ranked) {
            try {
                System.out.print(Files.readString(ranking));
            } catch (IOException e) {
                System.err.println("error: cannot read " + ranking + ": " + e.getMessage());
                System.exit(1);
            }
        }
        // The machine the scores hold on, from the fingerprint written beside the result (JmhMachine).
        System.out.println("Machine: "
                + Machine.words(ResultReader.readFile(file).getFirst().machine()));
    }

    static String table(JsonNode results) {
        return table(results, true);
    }

    /** @param notARanking whether to say under it that it is no ranking (the benchmarks were run one after another) */
    static String table(JsonNode results, boolean notARanking) {
        var text = new StringBuilder(
                String.format(Locale.ROOT, "%-18s %-8s %12s %10s", "approach", "workload", "requests/s", "± error"));
        SECONDARY.forEach(name ->
                text.append(String.format(Locale.ROOT, " %9s", name.equals("errors") ? "errors" : name + " ms")));
        text.append('\n');
        for (JsonNode result : results) {
            JsonNode params = result.get("params");
            JsonNode primary = result.get("primaryMetric");
            text.append(String.format(
                    Locale.ROOT,
                    "%-18s %-8s %12.1f %10s",
                    params.get("approach").asString(),
                    params.get("workload").asString(),
                    primary.get("score").asDouble(),
                    number(primary.get("scoreError"))));
            Map<String, JsonNode> secondary = new LinkedHashMap<>();
            result.get("secondaryMetrics")
                    .properties()
                    .forEach(entry -> secondary.put(entry.getKey(), entry.getValue()));
            for (String name : SECONDARY) {
                JsonNode metric = secondary.get(name);
                text.append(String.format(Locale.ROOT, " %9s", metric == null ? "-" : number(metric.get("score"))));
            }
            text.append('\n');
        }
        if (notARanking && results.size() > 1) {
            text.append(notARanking(results));
        }
        return text.toString();
    }

    /**
     * Why the rows above cannot be read as a ranking, with the command that gives one: JMH runs its benchmarks one after
     * another, each in its own forks (separate JVMs, so no JIT is shared), but the machine's speed moves between them, and
     * a few iterations per fork give errors as large as the differences.
     */
    static String notARanking(JsonNode results) {
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        var approaches = new LinkedHashSet<String>();
        for (JsonNode result : results) {
            approaches.add(result.get("params").get("approach").asString());
            JsonNode primary = result.get("primaryMetric");
            if (primary.get("scoreError").isNumber() && primary.get("score").asDouble() > 0) {
                double share = primary.get("scoreError").asDouble()
                        / primary.get("score").asDouble();
                lowest = Math.min(lowest, share);
                highest = Math.max(highest, share);
            }
        }
        String errors = highest == 0
                ? ""
                : String.format(
                        Locale.ROOT,
                        ", and their errors are %.0f%% to %.0f%% of their scores",
                        100 * lowest,
                        100 * highest);
        return "\nNot a ranking: JMH measured these one after another, each in its own forks, so the machine's speed moved between "
                + "them" + errors + ". For a ranking that reproduces, compare them interleaved, each in its own JVM:\n"
                + "  java -jar bench-jmh/target/bench-jmh.jar compare"
                + approaches.stream().map(id -> " --variant " + id).collect(Collectors.joining()) + "\n";
    }

    /** JMH writes "NaN" when an error cannot be computed (a single iteration). */
    private static String number(JsonNode value) {
        if (value == null || !value.isNumber()) {
            return "-";
        }
        return Numbers.wholeOrTwoDecimals(value.asDouble());
    }
}
