package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * Faults on the generator's side, through the real jar in a process of its own: interrupted runs keep
 * what they measured, a full disk keeps the summary and leaves no partial files, absurd sizes are
 * refused before anything runs.
 */
@ChecksBehaviour
class GeneratorFaultsTest {

    @TempDir
    Path temp;

    private record Finished(int exitCode, String stdout, String stderr) {}

    /**
     * Starts the jar with SIGINT and SIGTERM at their defaults (a process started in the background
     * by a shell inherits SIGINT ignored; perl resets it before exec), waits until {@code ready}
     * appears on stderr, then sends {@code signal}.
     */
    private Finished interrupted(String signal, String ready, String... arguments) throws Exception {
        var command = new ArrayList<>(
                List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; $SIG{TERM} = 'DEFAULT'; exec @ARGV or die"));
        command.addAll(Cli.javaJar());
        command.addAll(List.of(arguments));
        Path stdout = temp.resolve("stdout");
        Path stderr = temp.resolve("stderr");
        Process process = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(stderr).contains(ready) && System.nanoTime() < deadline && process.isAlive()) {
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertThat(Files.readString(stderr)).as("the run got under way").contains(ready);
        new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid()))
                .start()
                .waitFor(10, TimeUnit.SECONDS);
        assertThat(process.waitFor(30, TimeUnit.SECONDS))
                .as("it stops soon after the signal")
                .isTrue();
        return new Finished(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
    }

    @ParameterizedTest(name = "SIG{0} exits {1}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void anInterruptedRunPrintsItsSummaryAndWritesWhatItMeasuredMarkedInterrupted(String signal, int exitCode)
            throws Exception {
        Path out = temp.resolve("run");
        Finished run = interrupted(
                signal,
                "[    3.0s] measured",
                "load",
                "--approach",
                "loom-tomcat",
                "--workload-param",
                "delayMillis=20",
                "--concurrency",
                "8",
                "--warmup",
                "1s",
                "--duration",
                "60s",
                "--out",
                out.toString());

        assertThat(run.exitCode()).isEqualTo(exitCode);
        assertThat(run.stderr())
                .contains("stopping (SIG" + signal + "): keeping what was measured so far; again to abort at once");
        assertThat(run.stdout()).contains("INTERRUPTED before its end", "Requests:", "Latency (ms)");
        JsonNode result =
                ResultFiles.json().readTree(out.resolve(ResultFiles.RESULT_JSON).toFile());
        assertThat(result.get("window").get("interrupted").asBoolean()).isTrue();
        assertThat(result.get("window").get("measuredSeconds").asDouble()).isBetween(1.0, 30.0);
        JsonNode requests = result.get("requests");
        assertThat(requests.get("ok").asLong() + requests.get("errors").asLong())
                .isEqualTo(requests.get("scheduled").asLong())
                .isPositive();
        assertThat(result.get("warnings").toString()).contains("interrupted (SIG" + signal + ")");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(path -> path.getFileName().toString()))
                    .containsExactlyInAnyOrder("result.json", "timeline.csv", "latency.hlog", "latency.hgrm");
        }
    }

    /** A scenario stopped in its second run keeps the first run's results and the second's measured part, and runs no third. */
    @Test
    void anInterruptedScenarioKeepsItsFinishedRunsAndStopsThere() throws Exception {
        Path scenario = temp.resolve("three.yaml");
        Files.writeString(scenario, """
                name: three
                defaults:
                  workload-params: {delayMillis: 10}
                  load: {concurrency: 4, duration: 2s, warmup: 0s}
                runs:
                  - {label: first, approach: loom-tomcat}
                  - {label: second, approach: loom-netty, load: {duration: 60s}}
                  - {label: third, approach: webflux-netty}
                """);
        Path out = temp.resolve("scenario");
        Finished run = interrupted(
                "INT", "[second] started", "load", "--scenario", scenario.toString(), "--out", out.toString());

        assertThat(run.exitCode()).isEqualTo(130);
        JsonNode first = ResultFiles.json()
                .readTree(out.resolve("first").resolve(ResultFiles.RESULT_JSON).toFile());
        assertThat(first.get("window").get("interrupted").asBoolean()).isFalse();
        JsonNode second = ResultFiles.json()
                .readTree(out.resolve("second").resolve(ResultFiles.RESULT_JSON).toFile());
        assertThat(second.get("window").get("interrupted").asBoolean()).isTrue();
        assertThat(out.resolve("third")).doesNotExist();
        assertThat(run.stdout()).contains("== three: comparison").doesNotContain("== run 3 of 3");
    }

    /**
     * A disk with room for almost nothing (a tmpfs of 64 KB filled up to its last few KB): the run's
     * summary is on stdout all the same, the failure is one line naming the reason, and the results
     * directory holds no file at all, not even a temporary one.
     */
    @Test
    void aFullDiskKeepsTheSummaryAndLeavesNoPartialFiles() throws Exception {
        Path mount = Files.createDirectories(temp.resolve("tiny"));
        boolean mounted = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.toString())
                        .inheritIO()
                        .start()
                        .waitFor()
                == 0;
        if (!mounted) {
            // In CI this must run (it runs as root); elsewhere it needs root to mount a tmpfs.
            assertThat(System.getenv("CI"))
                    .as("mounting a tmpfs failed; CI must run this test as root")
                    .isNotEqualTo("true");
            assumeTrue(false, "needs root to mount a tmpfs of 64 KB; skipped");
        }
        try {
            Files.write(mount.resolve("filler"), new byte[60 * 1024]);
            Path out = mount.resolve("results");
            var process = new ProcessBuilder(Cli.javaJar(
                            "load",
                            "--approach",
                            "loom-netty",
                            "--workload-param",
                            "delayMillis=5",
                            "--concurrency",
                            "4",
                            "--warmup",
                            "0s",
                            "--duration",
                            "3s",
                            "--quiet",
                            "--out",
                            out.toString()))
                    .redirectOutput(temp.resolve("stdout").toFile())
                    .redirectError(temp.resolve("stderr").toFile())
                    .start();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String stdout = Files.readString(temp.resolve("stdout"));
            String stderr = Files.readString(temp.resolve("stderr"));

            assertThat(process.exitValue()).isEqualTo(2);
            assertThat(stdout).contains("Requests:", "ok", "Latency (ms)");
            assertThat(stderr.strip().lines())
                    .singleElement()
                    .asString()
                    .startsWith("error: cannot write results into " + out)
                    .contains("No space left on device");
            try (Stream<Path> files = Files.list(out)) {
                assertThat(files).as("nothing half-written").isEmpty();
            }
        } finally {
            new ProcessBuilder("umount", mount.toString()).inheritIO().start().waitFor();
        }
    }

    /** Loads this process cannot make are refused before anything runs: one line, exit code 2, no output besides. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--concurrency 2147483647 | error: concurrency of 2147483647 users cannot run here",
                "--concurrency 10000000   | error: concurrency of 10000000 users cannot run here",
                "--threads 100000         | error: threads of 100000 is more than the 256 event loops the generator allows",
                "--rate 1e9               | error: rate of 1000000000 requests/s is more than the 10000000/s the generator can schedule"
            })
    void absurdSizesAreRefusedBeforeTheRun(String options, String message) throws IOException {
        var arguments = new ArrayList<>(List.of("load", "--approach", "webflux-netty"));
        arguments.addAll(List.of(options.trim().split("\\s+")));
        Cli.Run run = Cli.run(arguments.toArray(String[]::new));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines()).singleElement().asString().startsWith(message);
        assertThat(run.out()).isEmpty();
    }
}
