package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The in-process server logs on stderr, one line per kind of event with a count, so that {@code load}'s
 * stdout carries its summary and nothing else (it can be piped), however many requests fail. Through
 * the real jar, as a user runs it.
 */
@ChecksBehaviour
@ResourceLock(SharedResources.POSTGRES)
class ServerLogsTest {

    /** What a log line or a stack trace looks like, in Boot's default format and in ours. */
    static final List<Pattern> NOT_THE_SUMMARY = List.of(
            Pattern.compile("^\\s+at [\\w$.]+\\("),
            Pattern.compile("Exception"),
            Pattern.compile("\\b(WARN|ERROR|INFO|DEBUG)\\s+(\\d+ ---|\\[)"),
            Pattern.compile("HikariPool|org\\.postgresql|springframework|dev\\.stackbench"));

    record Run(int exitCode, List<String> out, List<String> err) {}

    /** The issue's case: PostgreSQL gone under platform-tomcat mid-run (through a proxy the test cuts; nobody else's database stops). */
    @Test
    @Postgres.Needed
    void aDatabaseGoneMidRunLeavesStdoutToTheSummary() throws Exception {
        try (var proxy = new TcpProxy(Postgres.address())) {
            Run run = load(
                    line -> line.matches("^\\[\\s*1\\.\\ds\\].*"),
                    () -> {
                        try {
                            proxy.cut();
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    "load",
                    "--approach",
                    "platform-tomcat",
                    "--workload",
                    "crud",
                    "-c",
                    "32",
                    "--duration",
                    "4s",
                    "--warmup",
                    "0s",
                    "--server-property",
                    "stackbench.db.url=postgresql://127.0.0.1:" + proxy.port() + "/" + Postgres.database(),
                    "--server-property",
                    "stackbench.db.username=" + Postgres.user(),
                    "--server-property",
                    "stackbench.db.password=" + Postgres.password());

            assertOnlyTheSummaryOnStdout(run, "http_503");
            assertCondensedOnStderr(run, "database unavailable", errorCount(run, "http_503"));
        }
    }

    /** Without PostgreSQL too: every nested call fails (502), and each failure is logged as a warning. */
    @Test
    void failingNestedCallsLeaveStdoutToTheSummary() throws Exception {
        int deadPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = socket.getLocalPort();
        }
        Run run = load(
                line -> false,
                () -> {},
                "load",
                "--approach",
                "platform-tomcat",
                "--workload",
                "date",
                "--workload-param",
                "callDepth=1",
                "-c",
                "4",
                "--duration",
                "2s",
                "--warmup",
                "0s",
                "--server-property",
                "stackbench.upstream.uri=http://127.0.0.1:" + deadPort + "/");

        assertOnlyTheSummaryOnStdout(run, "http_502");
        assertCondensedOnStderr(run, "answered 502", errorCount(run, "http_502"));
    }

    static void assertOnlyTheSummaryOnStdout(Run run, String errorClass) {
        assertThat(run.exitCode()).as("stderr: %s", run.err()).isZero();
        assertThat(String.join("\n", run.out())).contains("Requests:", errorClass);
        for (String line : run.out()) {
            for (Pattern notSummary : NOT_THE_SUMMARY) {
                assertThat(notSummary.matcher(line).find())
                        .as("a server log on stdout: %s", line)
                        .isFalse();
            }
        }
    }

    /** The events are on stderr, one line per kind, not one per failed request, and none is a stack trace. */
    static void assertCondensedOnStderr(Run run, String event, long failedRequests) {
        List<String> lines =
                run.err().stream().filter(line -> line.contains(event)).toList();
        assertThat(failedRequests).as("failed requests").isGreaterThan(20);
        assertThat(lines).as("stderr").isNotEmpty().hasSizeLessThanOrEqualTo(3);
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("repeated", "in all"));
        assertThat(run.err()).noneMatch(line -> line.matches("^\\s+at [\\w$.]+\\(.*"));
    }

    static long errorCount(Run run, String errorClass) {
        Matcher count = Pattern.compile(errorClass + "=(\\d+)").matcher(String.join("\n", run.out()));
        assertThat(count.find()).as("%s in %s", errorClass, run.out()).isTrue();
        return Long.parseLong(count.group(1));
    }

    /** Runs the jar; when a line of stderr matches {@code trigger}, runs {@code action} (once). */
    static Run load(Predicate<String> trigger, Runnable action, String... args) throws Exception {
        Path jar = Path.of(System.getProperty("stackbench.jar", "../bench-jmh/target/bench-jmh.jar"));
        assertThat(jar)
                .as("built by the bench-jmh module: run the tests with ./mvnw verify")
                .exists();
        var command = new ArrayList<>(Cli.javaJar());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        var out = new CopyOnWriteArrayList<String>();
        var err = new CopyOnWriteArrayList<String>();
        var triggered = new CountDownLatch(1);
        Thread outReader =
                Thread.ofPlatform().daemon().start(() -> drain(process.getInputStream(), out, line -> false, () -> {}));
        Thread errReader = Thread.ofPlatform()
                .daemon()
                .start(() -> drain(process.getErrorStream(), err, trigger, () -> {
                    if (triggered.getCount() > 0) {
                        triggered.countDown();
                        action.run();
                    }
                }));
        try {
            assertThat(process.waitFor(120, TimeUnit.SECONDS))
                    .as("the run ends; stderr so far: %s", err)
                    .isTrue();
            outReader.join(10_000);
            errReader.join(10_000);
            var run = new Run(process.exitValue(), List.copyOf(out), List.copyOf(err));
            System.out.println("stdout of " + String.join(" ", args) + ":\n  " + String.join("\n  ", run.out())
                    + "\nstderr:\n  " + String.join("\n  ", run.err()));
            return run;
        } finally {
            process.destroyForcibly();
        }
    }

    private static void drain(
            java.io.InputStream stream, List<String> lines, Predicate<String> trigger, Runnable action) {
        try (var reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
                if (trigger.test(line)) {
                    action.run();
                }
            }
        } catch (IOException e) {
            lines.add("(reading failed: " + e + ")");
        }
    }
}
