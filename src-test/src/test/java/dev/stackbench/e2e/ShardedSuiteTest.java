package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.ShardManifest;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.ResultReader;
import dev.stackbench.core.scenario.ScenarioRun;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.core.scenario.Shard;
import dev.stackbench.jmh.SuiteShard;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import tools.jackson.databind.JsonNode;

/**
 * A suite split over CI machines: {@code load --scenario X --shard i/n} and {@code bench-jmh.jar --shard i/n} run a
 * stable, disjoint share each, and report and gate read the shards' directories together as the unsharded run.
 */
@ChecksBehaviour
class ShardedSuiteTest {

    @TempDir
    Path temp;

    private Path scenario() throws Exception {
        return Files.writeString(temp.resolve("three.yaml"), """
                name: three
                defaults:
                  load: {concurrency: 2, think-time: 20ms, duration: 1s, warmup: 0s, threads: 1}
                runs:
                  - {label: webflux, approach: webflux-netty}
                  - {label: loom, approach: loom-netty}
                  - {label: tomcat, approach: platform-tomcat}
                """);
    }

    private Cli.Run load(Path scenario, Path out, String... more) {
        var args =
                new ArrayList<>(List.of("load", "--scenario", scenario.toString(), "--quiet", "--out", out.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void twoShardsOfAScenarioMergeIntoTheUnshardedReportAndGate() throws Exception {
        Path scenario = scenario();
        Path whole = temp.resolve("whole");
        Path first = temp.resolve("shard-1");
        Path second = temp.resolve("shard-2");
        for (var run : List.of(
                load(scenario, whole),
                load(scenario, first, "--shard", "1/2"),
                load(scenario, second, "--shard", "2/2"))) {
            assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        }

        // Disjoint, together the whole, and what the rule gives for the same i/n.
        var manifests = new ArrayList<ShardManifest>();
        for (Path shard : List.of(first, second)) {
            manifests.add(ResultFiles.json()
                    .readValue(shard.resolve(ShardManifest.FILE).toFile(), ShardManifest.class));
        }
        var labels = new ArrayList<String>();
        for (ShardManifest manifest : manifests) {
            labels.addAll(manifest.labels());
            assertThat(manifest.labels())
                    .isEqualTo(Scenarios.read(scenario).runsOf(new Shard(manifest.index(), 2)).stream()
                            .map(ScenarioRun::label)
                            .toList());
            for (String label : manifest.labels()) {
                assertThat(temp.resolve("shard-" + manifest.index())
                                .resolve(label)
                                .resolve(ResultFiles.RESULT_JSON))
                        .exists();
            }
        }
        assertThat(labels).doesNotHaveDuplicates().containsExactlyInAnyOrder("webflux", "loom", "tomcat");
        assertThat(manifests.getFirst().labels())
                .as("equal lengths: dealt in turn")
                .containsExactly("webflux", "tomcat");

        // Read as the unsharded directory: the same labels in the same order, measured alike, one run each.
        RecordedResults unsharded = ResultReader.read(List.of(whole));
        RecordedResults merged = ResultReader.read(
                List.of(first, second)); // shard 1 holds the last label: order must come from the merge
        assertThat(merged.runs().stream().map(RecordedRun::label).toList())
                .isEqualTo(unsharded.runs().stream().map(RecordedRun::label).toList());
        for (String label : unsharded.targets().keySet()) {
            assertThat(merged.target(label).setup())
                    .isEqualTo(unsharded.target(label).setup());
            assertThat(merged.target(label).repeats()).isEqualTo(1);
        }

        // The reports: the same runs, labels and charts, in the same order.
        Cli.Run unshardedReport = Cli.run(
                "report",
                whole.toString(),
                "--out",
                temp.resolve("report-whole").toString());
        Cli.Run mergedReport = Cli.run(
                "report",
                first.toString(),
                second.toString(),
                "--out",
                temp.resolve("report-merged").toString());
        assertThat(mergedReport.exitCode()).as(mergedReport.err()).isZero();
        assertThat(mergedReport.out().replace("report-merged", "report-whole")).isEqualTo(unshardedReport.out());
        assertThat(chartNames(temp.resolve("report-merged"))).isEqualTo(chartNames(temp.resolve("report-whole")));

        // The gate takes them as --current (and as a baseline); one shard alone is refused, naming the missing one.
        Cli.Run gate = Cli.run(
                "gate",
                "--baseline",
                first.toString(),
                "--baseline",
                second.toString(),
                "--current",
                second.toString(),
                "--current",
                first.toString(),
                "--allow-unsteady");
        assertThat(gate.exitCode()).as(gate.out() + gate.err()).isZero();
        for (String label : labels) {
            assertThat(gate.out()).containsPattern("(?m)^" + label + " ");
        }
        Cli.Run partial = Cli.run("gate", "--baseline", whole.toString(), "--current", first.toString());
        assertThat(partial.exitCode()).isEqualTo(2);
        assertThat(partial.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: shard 2/2 of three missing (given: " + first);
    }

    private static List<String> chartNames(Path report) throws Exception {
        try (var files = Files.list(report)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aShardWithoutRunsSaysSoAndWritesOnlyItsManifest() throws Exception {
        Path out = temp.resolve("shard-4");
        Cli.Run run = load(scenario(), out, "--shard", "4/4");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Shard:        4/4 has no runs: 3 runs in 4 shards; nothing to run");
        try (var files = Files.list(out)) {
            assertThat(files.map(file -> file.getFileName().toString())).containsExactly(ShardManifest.FILE);
        }
    }

    @Test
    void aBadShardIsOneLineAndExitCode2BeforeAnythingRuns() throws Exception {
        Path out = temp.resolve("bad");
        for (String bad : List.of("0/2", "3/2", "two")) {
            Cli.Run run = load(scenario(), out, "--shard", bad);
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err().lines())
                    .singleElement()
                    .asString()
                    .startsWith("error: --shard must be i/n with 1 <= i <= n")
                    .contains(bad);

            var err = new ByteArrayOutputStream();
            int exitCode = SuiteShard.run(
                    new String[] {"--shard", bad},
                    new PrintStream(new ByteArrayOutputStream()),
                    new PrintStream(err, true));
            assertThat(exitCode).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8).lines())
                    .singleElement()
                    .asString()
                    .startsWith("error: --shard must be i/n");
        }
        assertThat(out).doesNotExist();
    }

    /** The JMH suite's 24 approach/workload pairs (or those -p chooses): disjoint shards, together the whole, stable. */
    @Test
    void theJmhSuitesShardsAreDisjointWholeAndStable() throws Exception {
        for (String[] args : List.of(
                new String[0], new String[] {"-p", "approach=loom-netty,webflux-netty", "-p", "workload=date"})) {
            var options = new CommandLineOptions(args);
            List<SuiteShard.Pair> all = SuiteShard.pairs(options);
            for (int count = 1; count <= 5; count++) {
                var union = new ArrayList<SuiteShard.Pair>();
                for (int index = 1; index <= count; index++) {
                    List<SuiteShard.Pair> shard = SuiteShard.of(new Shard(index, count), options);
                    assertThat(shard).isEqualTo(SuiteShard.of(new Shard(index, count), new CommandLineOptions(args)));
                    union.addAll(shard);
                }
                assertThat(union).doesNotHaveDuplicates();
                assertThat(new HashSet<>(union)).isEqualTo(new HashSet<>(all));
            }
        }
        assertThat(SuiteShard.pairs(new CommandLineOptions())).hasSize(24);
        assertThat(SuiteShard.of(new Shard(1, 4), new CommandLineOptions())).hasSize(6);
    }

    /** Through the real jar: shard 2 of 2 of two pairs runs one, and writes only it where -rff says. */
    @Test
    @ResourceLock(SharedResources.JMH)
    void aJmhShardRunsItsPairsOnlyAndWritesTheirResults() throws Exception {
        Path json = temp.resolve("jmh-2.json");
        var command = new ArrayList<>(Cli.javaJar(
                "--shard",
                "2/2",
                "-p",
                "approach=webflux-netty,loom-netty",
                "-p",
                "workload=date",
                "-p",
                "warmup=0s",
                "-p",
                "concurrency=4",
                "-f",
                "1",
                "-wi",
                "0",
                "-i",
                "1",
                "-r",
                "1s",
                "-rf",
                "json",
                "-rff",
                json.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();

        assertThat(out)
                .contains("stackbench: shard 2/2 runs 1 of the suite's 2 approach/workload pairs: loom-netty/date");
        JsonNode results = ResultFiles.json().readTree(json.toFile());
        assertThat(results).hasSize(1);
        assertThat(results.get(0).path("params").path("approach").asString()).isEqualTo("loom-netty");
        assertThat(ResultReader.read(List.of(json)).targets()).containsOnlyKeys("loom-netty/date");
    }
}
