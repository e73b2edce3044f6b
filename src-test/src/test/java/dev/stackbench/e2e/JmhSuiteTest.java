package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineFile;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.server.Approach;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/** The JMH suite through the real jar, as `-Pjmh` and users run it, cut to one short iteration. */
@ChecksBehaviour
@ResourceLock(SharedResources.JMH)
class JmhSuiteTest {

    @TempDir
    Path temp;

    @Test
    void everyApproachReportsRequestsPerSecondAndLatencyPercentiles() throws Exception {
        Path json = temp.resolve("jmh.json");
        var args = new ArrayList<>(List.of(
                "-p",
                "workload=date",
                "-p",
                "concurrency=16",
                "-p",
                "warmup=0s",
                "-f",
                "1",
                "-wi",
                "0", // its fork's server is measured cold: what is checked is that every approach reports, not how fast
                "-i",
                "3",
                "-r",
                "500ms",
                "-rf",
                "json",
                "-rff",
                json.toString()));
        if (!Cli.aotCache().isEmpty()) { // its forks too: they run the same jar
            args.addAll(List.of("-jvmArgsAppend", String.join(" ", Cli.aotCache())));
        }
        String out = run(Cli.javaJar(args.toArray(String[]::new)));

        JsonNode results = ResultFiles.json().readTree(json.toFile());
        List<String> approaches = new ArrayList<>();
        for (JsonNode result : results) {
            approaches.add(result.get("params").get("approach").asString());
            JsonNode primary = result.get("primaryMetric");
            assertThat(primary.get("scoreUnit").asString()).isEqualTo("ops/s");
            assertThat(primary.get("score").asDouble()).as(out).isPositive();
            JsonNode secondary = result.get("secondaryMetrics");
            for (String name : List.of("p50", "p90", "p99", "p99.9", "max")) {
                assertThat(secondary.get(name).get("scoreUnit").asString()).isEqualTo("ms");
            }
            double p50 = secondary.get("p50").get("score").asDouble();
            double p99 = secondary.get("p99").get("score").asDouble();
            double max = secondary.get("max").get("score").asDouble();
            assertThat(p50).isPositive().isLessThanOrEqualTo(p99);
            assertThat(p99).isLessThanOrEqualTo(max);
            assertThat(secondary.get("errors").get("score").asDouble()).isZero();
        }
        assertThat(approaches)
                .containsExactlyInAnyOrder(java.util.Arrays.stream(Approach.values())
                        .map(Approach::id)
                        .toArray(String[]::new));
        assertThat(out).contains("ServerLoadBenchmark.response:p99");

        // The machine beside JMH's JSON (JMH's format has no place for it), written before the run, in the table too.
        Path machineFile = MachineFile.beside(json);
        assertThat(machineFile).isRegularFile();
        Machine machine = MachineFile.read(machineFile).orElseThrow();
        assertThat(machine.calibration()).isNotNull();
        String table =
                run(List.of(Cli.java(), "-cp", Cli.JAR.toString(), "dev.stackbench.jmh.JmhTable", json.toString()));
        assertThat(table).contains("Machine: " + machine.words());
        assertThat(table.lines().findFirst().orElseThrow()).contains("approach", "requests/s", "p99 ms", "errors");
        for (Approach approach : Approach.values()) {
            assertThat(table).contains(approach.id());
        }
        // Scores measured one after another are no ranking, and the table says so, with the command that gives one.
        assertThat(table)
                .contains(
                        "Not a ranking: JMH measured these one after another",
                        "compare --variant "
                                + results.get(0).get("params").get("approach").asString());

        // The gate reads JMH's JSON as it is: every approach is a target, the fork's three iterations its spread. In
        // this
        // JVM, as the gate below: the jar's gate command runs in QuickStartTest.
        Cli.Run same = Cli.run("gate", "--baseline", json.toString(), "--current", json.toString());
        assertThat(same.exitCode()).as(same.out() + same.err()).isZero();
        for (Approach approach : Approach.values()) {
            assertThat(same.out())
                    .containsPattern(
                            "(?m)^" + approach.id() + "/date +rps \\(req/s\\) +[\\d.]+ \\[[\\d.]+, [\\d.]+\\] ");
        }
        assertThat(same.out()).contains("0 failed.");

        // A server SLOWDOWN times slower and slower to answer, though one fork is all there is. Whatever the resampling
        // draws,
        // the baseline is at least its slowest iteration and the copy at most its fastest / SLOWDOWN: an approach whose
        // iterations spread less than 0.85 x SLOWDOWN (the default rule allows -15%) must fail on rps, for certain. On
        // a busy
        // machine a 1 s iteration can be several times another, so the spread decides which approaches are held to it.
        Path slower = temp.resolve("slower.json");
        ResultFiles.json().writeValue(slower.toFile(), altered(results, 1.0 / SLOWDOWN, SLOWDOWN));
        Cli.Run gate = Cli.run("gate", "--baseline", json.toString(), "--current", slower.toString());
        var resolvable = new ArrayList<String>();
        for (JsonNode result : results) {
            double[] iterations = java.util.stream.StreamSupport.stream(
                            result.get("primaryMetric").get("rawData").get(0).spliterator(), false)
                    .mapToDouble(JsonNode::asDouble)
                    .toArray();
            double max = java.util.Arrays.stream(iterations).max().orElseThrow();
            double min = java.util.Arrays.stream(iterations).min().orElseThrow();
            if (max / min < (1 - 0.15) * SLOWDOWN) {
                resolvable.add(result.get("params").get("approach").asString());
            }
        }
        System.out.printf(
                "JMH gate against a copy %.0f times slower: %d of %d approaches' iterations spread little enough to be sure%n%s",
                SLOWDOWN, resolvable.size(), results.size(), gate.out());
        assertThat(resolvable)
                .as("approaches whose iterations are within a factor %.1f of each other", (1 - 0.15) * SLOWDOWN)
                .isNotEmpty();
        assertThat(gate.exitCode()).as(gate.out() + gate.err()).isEqualTo(1);
        for (String approach : resolvable) {
            assertThat(gate.out()).containsPattern("(?m)^" + approach + "/date +rps \\(req/s\\) .* FAIL$");
        }
    }

    /** How much slower the altered copy of the JMH result is: its throughput divided by it, its latencies multiplied. */
    static final double SLOWDOWN = 10;

    /** A copy of a JMH result whose scores (and every iteration's) are multiplied by {@code scoreFactor}, latencies by {@code latencyFactor}. */
    private static JsonNode altered(JsonNode results, double scoreFactor, double latencyFactor) {
        JsonNode copy = results.deepCopy();
        for (JsonNode result : copy) {
            scale(result.get("primaryMetric"), scoreFactor);
            for (String name : List.of("p50", "p90", "p99", "p99.9", "max")) {
                scale(result.get("secondaryMetrics").get(name), latencyFactor);
            }
        }
        return copy;
    }

    private static void scale(JsonNode metric, double factor) {
        var object = (tools.jackson.databind.node.ObjectNode) metric;
        object.put("score", metric.get("score").asDouble() * factor);
        for (JsonNode fork : metric.get("rawData")) {
            var iterations = (tools.jackson.databind.node.ArrayNode) fork;
            for (int i = 0; i < iterations.size(); i++) {
                iterations.set(i, iterations.get(i).asDouble() * factor);
            }
        }
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }
}
