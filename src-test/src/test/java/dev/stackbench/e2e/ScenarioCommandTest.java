package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** load --scenario as users type it: the bundled seeds through the real jar, a k6 CSV as written, bad files. */
@ChecksBehaviour
class ScenarioCommandTest {

    @TempDir
    Path temp;

    @Test
    void listScenariosShowsEverySeedWithItsSourceAndScale() {
        Cli.Run run = Cli.run("load", "--list-scenarios");

        assertThat(run.exitCode()).as(run.err()).isZero();
        for (String name : Scenarios.bundledNames()) {
            var scenario = Scenarios.bundled(name);
            assertThat(run.out()).contains(name + " ", scenario.source(), "scale: " + scenario.scale());
        }
    }

    /** seed-002, every run shortened from the command line, as a user runs it: java -jar bench-jmh.jar. */
    @Test
    void aShortenedSeedRunsEndToEndThroughTheJarWritingAResultPerLabel() throws Exception {
        Path out = temp.resolve("seed-002");
        Path stdout = temp.resolve("stdout");
        Path stderr = temp.resolve("stderr");
        Process process = new ProcessBuilder(Cli.javaJar(
                        "load",
                        "--scenario",
                        "seed-002",
                        "--duration",
                        "1s",
                        "--warmup",
                        "1s",
                        "--out",
                        out.toString()))
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("finished").isTrue();

        String printed = Files.readString(stdout);
        assertThat(process.exitValue()).as(printed + Files.readString(stderr)).isZero();
        var scenario = Scenarios.bundled("seed-002");
        assertThat(printed)
                .contains(
                        "Scenario:     seed-002 (from 002_e1fff1900da395c2.txt)",
                        "Scale:        " + scenario.scale(),
                        "Overrides:    --duration 1s --warmup 1s",
                        "== run " + scenario.runs().size() + " of "
                                + scenario.runs().size());
        String table = printed.substring(printed.indexOf("== seed-002: comparison"));
        for (var run : scenario.runs()) {
            JsonNode result = ResultFiles.json()
                    .readTree(out.resolve(run.label())
                            .resolve(ResultFiles.RESULT_JSON)
                            .toFile());
            assertThat(result.path("target").path("label").asString()).isEqualTo(run.label());
            assertThat(result.path("target").path("approach").asString())
                    .isEqualTo(run.approach().id());
            assertThat(result.path("profile").path("durationSeconds").asDouble())
                    .isEqualTo(1.0);
            assertThat(result.path("profile").path("keepAlive").asBoolean())
                    .as("ab without -k")
                    .isFalse();
            assertThat(result.path("requests").path("ok").asLong())
                    .as(run.label())
                    .isPositive();
            assertThat(out.resolve(run.label()))
                    .isDirectoryContaining("glob:**/timeline.csv")
                    .isDirectoryContaining("glob:**/latency.hlog")
                    .isDirectoryContaining("glob:**/latency.hgrm");
            assertThat(table.lines().filter(line -> line.startsWith(run.label() + " ")))
                    .as(run.label() + " in the table")
                    .hasSize(1);
        }
        assertThat(Files.readString(stderr))
                .contains("[webflux-netty] started webflux-netty (date)")
                .containsPattern("\\[\\s*\\d+\\.\\ds\\] measured");
    }

    /** Every kind of option that replaces the runs' own (text, number, flag, NAME=VALUE) reaches the run and the header. */
    @Test
    void theCommandLinesOverridesReachEveryRunAndAreListed() throws Exception {
        Path file = Files.writeString(temp.resolve("one.yaml"), """
                name: one
                runs:
                  - label: tomcat
                    approach: platform-tomcat
                    load: {concurrency: 2, duration: 30s, threads: 1}
                """);
        Path out = temp.resolve("one");

        Cli.Run run = Cli.run(
                "load",
                "--scenario",
                file.toString(),
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--threads",
                "2",
                "--no-keep-alive",
                "--workload-param",
                "delayMillis=3",
                "--server-property",
                "server.tomcat.threads.max=7",
                "--quiet",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains(
                        "Overrides:    --duration 1s --warmup 0s --threads 2 --no-keep-alive --workload-param delayMillis=3 "
                                + "--server-property server.tomcat.threads.max=7 (command line, on every run)");
        JsonNode result = ResultFiles.json()
                .readTree(out.resolve("tomcat").resolve(ResultFiles.RESULT_JSON).toFile());
        assertThat(result.path("profile").path("durationSeconds").asDouble()).isEqualTo(1.0);
        assertThat(result.path("profile").path("threads").asInt()).isEqualTo(2);
        assertThat(result.path("profile").path("keepAlive").asBoolean()).isFalse();
        assertThat(result.path("target")
                        .path("workloadParams")
                        .path("delayMillis")
                        .asString())
                .isEqualTo("3");
    }

    /** A k6 scenario CSV in the style of 004's, read as written: one run per row on each of benchmark.sh's default approaches. */
    @Test
    void aK6ScenarioCsvRunsAsWritten() throws Exception {
        Path out = temp.resolve("csv");

        Cli.Run run = Cli.run(
                "load",
                "--scenario",
                Path.of("src/test/resources/k6/smoketest.csv").toString(),
                "--duration",
                "1s",
                "--out",
                out.toString(),
                "--quiet",
                "--threshold",
                "errors==0");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("Thresholds:   all 1 held on every run");
        for (String approach : List.of("loom-tomcat", "loom-netty", "webflux-netty")) {
            JsonNode result = ResultFiles.json()
                    .readTree(out.resolve("smoketest." + approach)
                            .resolve(ResultFiles.RESULT_JSON)
                            .toFile());
            assertThat(result.path("target").path("approach").asString()).isEqualTo(approach);
            assertThat(result.path("target")
                            .path("workloadParams")
                            .path("delayMillis")
                            .asString())
                    .isEqualTo("100");
            assertThat(result.path("profile").path("model").asString()).isEqualTo("open");
            assertThat(result.path("profile").path("ratePerSecond").asDouble()).isEqualTo(5.0);
            assertThat(result.path("profile").path("connections").asInt()).isEqualTo(5);
            assertThat(result.path("profile").path("responseTimeoutSeconds").asDouble())
                    .isEqualTo(60.0);
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "load --scenario nope                              | error: no scenario 'nope': no such file, and not one of the bundled: seed-000, seed-001, seed-002, seed-003, seed-004",
                "load --scenario seed-000 --concurrency 5          | error: --concurrency does not apply with --scenario: each run of the scenario sets its own; --duration, --warmup, --timeout, --connect-timeout, --threads, --no-keep-alive, --http2, --tls, --insecure, --header, --workload-param, --server-property, --upstream, --start-times, --profile and --profile-keep-jfr override each run's own",
                "load --scenario seed-000 --only nope              | error: seed-000: no run labelled 'nope'; runs: 01-async-tomcat, 02-elastic-tomcat, 03-elastic-tomcat-no-sleep, 04-platform-tomcat-no-sleep, 05-platform-tomcat, 06-commonpool-tomcat, 05-platform-tomcat-open-600rps, 01-async-tomcat-open-600rps",
                "load --scenario seed-000 --duration soon          | error: seed-000 with the command line's options: run '01-async-tomcat': load.duration: 'soon' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h",
                "load --scenario seed-001 --workload-param depth=1 | error: seed-001: no run's workload has the parameter 'depth'; its workloads have: pageSize",
                "load --url http://127.0.0.1:1/ --only a           | error: --only chooses runs of a --scenario"
            })
    void badScenarioInputIsOneLineWithExitCode2(String commandLine, String message) {
        Cli.Run run = Cli.run(commandLine.trim().split("\\s+"));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err().lines()).singleElement().asString().isEqualTo(message);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aBadScenarioFileNamesTheFileTheRunAndTheField() throws Exception {
        Path file = Files.writeString(temp.resolve("mine.yaml"), """
                name: mine
                runs:
                  - label: fast
                    approach: loom-netty
                    load: {concurrency: 10, duration: soon}
                """);

        Cli.Run run = Cli.run("load", "--scenario", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines())
                .singleElement()
                .asString()
                .isEqualTo("error: " + file
                        + ": run 'fast': load.duration: 'soon' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h");
    }

    /** The seed's own example rows, verbatim: the second names a k6 script that cannot be mapped. */
    @Test
    void theSeedsVerbatimCsvExampleIsRefusedNamingLineAndColumn() {
        Path file = Path.of("src/test/resources/k6/seed-example.csv");

        Cli.Run run = Cli.run("load", "--scenario", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines())
                .singleElement()
                .asString()
                .startsWith(
                        "error: " + file + ": line 3 (scenario '20k-vus-smooth-spike-get-movies]'): k6Config: "
                                + "'k6-20k-vus-smooth-spike-get-movies].js' cannot be mapped: stackbench does not run k6 scripts, it knows these: get-time.js");
    }
}
