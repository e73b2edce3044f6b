package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.machine.MachineFile;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.jmh.InterleavedSuite;
import dev.stackbench.jmh.SuiteShard;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * The JMH suite in rounds ({@code --rounds}, {@code --time-limit}), as {@code ./mvnw verify -Pjmh} runs it, through the
 * real jar, cut to three approaches and one short iteration per fork: what is checked is the rounds, the files and the
 * ranking's form, not how fast anything is (the forks' servers are measured cold).
 */
@ChecksBehaviour
@ResourceLock(SharedResources.JMH)
class InterleavedSuiteTest {

    private static final List<String> APPROACHES = List.of("webflux-netty", "loom-tomcat", "platform-tomcat");

    @TempDir
    Path temp;

    @Test
    void everyRoundRunsOneForkOfEachApproachAndTheSuiteEndsWithARanking() throws Exception {
        Path json = temp.resolve("suite.json");
        Cli.Run run = Cli.jar(
                Duration.ofMinutes(4),
                "--rounds",
                "2",
                "-p",
                "approach=" + String.join(",", APPROACHES),
                "-p",
                "workload=date",
                "-p",
                "concurrency=8",
                "-p",
                "warmup=1s",
                "-wi",
                "0",
                "-i",
                "1",
                "-r",
                "1s", // a cold fork starved for CPU beside other classes answered 19.5 requests/s in 500 ms, no p99
                "-rf",
                "json",
                "-rff",
                json.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();

        // One fork of each approach per round, each round in its own order, with what it scored.
        for (String approach : APPROACHES) {
            for (int round = 1; round <= 2; round++) {
                assertThat(run.out())
                        .containsPattern("(?m)^  round " + round + " of 2, [1-3] of 3: " + approach
                                + "/date [\\d,.]+ ops/s, p99 [\\d.]+ ms \\(");
            }
        }
        // JMH's own result: each approach once, with its two forks (one per round), as JMH writes several forks.
        JsonNode results = ResultFiles.json().readTree(json.toFile());
        var approaches = new ArrayList<String>();
        for (JsonNode result : results) {
            approaches.add(result.get("params").get("approach").asString());
            assertThat(result.get("primaryMetric").get("rawData")).hasSize(2);
            assertThat(result.get("secondaryMetrics").get("p99").get("rawData")).hasSize(2);
        }
        assertThat(approaches).containsExactlyInAnyOrderElementsOf(APPROACHES);
        assertThat(MachineFile.beside(json)).isRegularFile();
        assertThat(temp.resolve("suite.jmh.log"))
                .content()
                .contains("# Parameters: (approach = webflux-netty", "Result \"dev.stackbench.jmh.ServerLoadBenchmark");

        // The table without "not a ranking", then the ranking: both metrics, every approach in a group.
        String out = run.out();
        assertThat(out).doesNotContain("Not a ranking").contains("stackbench: 3 benchmarks, 2 round(s)");
        String rps = out.substring(out.indexOf("Ranking on date, requests/s (higher is better), 2 rounds"));
        // p99 too, unless a cold fork's window held too few responses for one (its round is then left out)
        assertThat(rps)
                .containsPattern("Ranking on date, p99 ms \\(lower is better\\), 2 rounds|No ranking on date, p99 ms");
        String rpsGroups = rps.substring(0, rps.indexOf("on date, p99"));
        for (String approach : APPROACHES) {
            assertThat(rpsGroups).containsPattern("(?m)^  \\d\\. .*" + approach + " \\([\\d,.]+ req/s\\)");
        }
        assertThat(rpsGroups.lines().filter(line -> line.startsWith("     "))).hasSize(3); // every pair
        assertThat(out).contains("the ranking holds on this machine, not on another");

        // The ranking beside the result; JMH's table of that result prints it instead of "not a ranking".
        Path ranking = InterleavedSuite.rankingBeside(json);
        assertThat(ranking)
                .content()
                .isEqualTo(out.substring(out.indexOf("\nRanking on date, requests/s"), out.indexOf("Machine: ")));
        Cli.Run table = Cli.java(
                Duration.ofMinutes(1),
                List.of("-cp", Cli.JAR.toString(), "dev.stackbench.jmh.JmhTable"),
                json.toString());
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out()).doesNotContain("Not a ranking").contains("Ranking on date, requests/s");
        Files.delete(ranking);
        table = Cli.java(
                Duration.ofMinutes(1),
                List.of("-cp", Cli.JAR.toString(), "dev.stackbench.jmh.JmhTable"),
                json.toString());
        assertThat(table.out()).contains("Not a ranking");

        // gate reads it as any JMH result: every approach a target, its two forks' iterations its spread.
        Cli.Run gate = Cli.run("gate", "--baseline", json.toString(), "--current", json.toString());
        assertThat(gate.exitCode()).as(gate.out() + gate.err()).isZero();
        for (String approach : APPROACHES) {
            assertThat(gate.out()).containsPattern("(?m)^" + approach + "/date +rps ");
        }
    }

    @Test
    void badRoundsAreOneLineAndExitCode2BeforeAnyFork() {
        List<List<String>> bad = List.of(
                List.of("--rounds", "1", "-p", "approach=webflux-netty,loom-netty"),
                List.of("--rounds", "two", "-p", "approach=webflux-netty,loom-netty"),
                List.of("--rounds"),
                List.of("--rounds", "2", "--rounds", "3"),
                List.of("--time-limit", "0s", "-p", "approach=webflux-netty,loom-netty"),
                List.of("--rounds", "2", "-f", "3", "-p", "approach=webflux-netty,loom-netty"),
                List.of("--rounds", "2", "-p", "approach=webflux-netty"),
                List.of("--time-limit", "5m", "-p", "approach=webflux-netty"),
                List.of("--time-limit", "soon", "-p", "approach=webflux-netty,loom-netty"),
                List.of("--rounds", "2", "-l"),
                List.of("--rounds", "2", "NoSuchBenchmark"));
        List<String> expected = List.of(
                "error: --rounds must be at least 2: a ranking needs each approach in 2 JVMs of its own, got 1",
                "error: --rounds takes a whole number, got 'two'",
                "error: --rounds needs a value",
                "error: --rounds is given twice",
                "error: --time-limit must be positive, got 0s",
                "error: -f 3: --rounds runs one fork of every benchmark per round; the rounds are the forks",
                "error: --rounds ranks approaches: give at least 2 (-p approach=a,b), got 1",
                "error: --time-limit ranks approaches: give at least 2 (-p approach=a,b), got 1",
                "error: --time-limit: 'soon' is not a duration",
                "error: --rounds runs the suite; list or ask for help without it",
                "error: --rounds runs dev.stackbench.jmh.ServerLoadBenchmark; the benchmark pattern 'NoSuchBenchmark'"
                        + " leaves it out");
        for (int i = 0; i < bad.size(); i++) {
            var out = new ByteArrayOutputStream();
            var err = new ByteArrayOutputStream();
            int exitCode = InterleavedSuite.run(
                    bad.get(i).toArray(String[]::new),
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(exitCode).as(bad.get(i).toString()).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8).lines())
                    .as(bad.get(i).toString())
                    .singleElement()
                    .asString()
                    .startsWith(expected.get(i));
            assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        }

        // A shard is a share of the suite, rounds the whole of it: not both.
        var err = new ByteArrayOutputStream();
        int exitCode = SuiteShard.run(
                new String[] {"--shard", "1/2", "--rounds", "2"},
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(exitCode).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith(
                        "error: --shard runs a share of the suite, --rounds and --time-limit the whole suite in rounds");
    }
}
