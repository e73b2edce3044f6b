package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Approach;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The serve command: in-process for its error handling, and as the real jar, as a user runs it. */
@ChecksBehaviour
class ServeCommandTest {

    private static Cli.Run run(String... args) {
        return Cli.run(args);
    }

    @Test
    void anUnknownApproachIsAOneLineErrorNamingItWithExitCode2() {
        Cli.Run run = run("serve", "--approach", "loom-jetty");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: ")
                .contains("unknown approach 'loom-jetty'", "loom-netty", "platform-tomcat");
    }

    @Test
    void aTakenPortIsAOneLineErrorNamingItWithExitCode2() throws IOException {
        try (var taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Cli.Run run = run("serve", "--approach", "webflux-netty", "--port", String.valueOf(taken.getLocalPort()));

            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err().lines())
                    .singleElement()
                    .asString()
                    .isEqualTo("error: port " + taken.getLocalPort() + " is already in use");
        }
    }

    @Test
    void anUpstreamThatCannotBeToldApartIsRefusedBeforeAnyServerStarts() {
        Cli.Run run = run("serve", "--approach", "loom-tomcat", "--upstream", "elastic-netty");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: upstream approach elastic-netty is not supported: only [webflux-netty]");
    }

    @Test
    void aPortOutOfRangeIsRefused() {
        Cli.Run run = run("serve", "--approach", "loom-tomcat", "--port", "70000");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines())
                .singleElement()
                .asString()
                .isEqualTo("error: --port must be from 0 to 65535, got 70000");
    }

    /** One parser for NAME=VALUE options: a bare name is refused by serve as by load, not taken as NAME=. */
    @Test
    void aServerPropertyWithoutAValueIsRefusedAsLoadRefusesIt() {
        Cli.Run serve = run("serve", "--approach", "loom-tomcat", "--server-property", "foo");
        Cli.Run load = run("load", "--approach", "loom-tomcat", "--server-property", "foo");

        assertThat(serve.exitCode()).isEqualTo(2);
        assertThat(serve.err().lines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "error: Value for option '--server-property' (NAME=VALUE) should be in KEY=VALUE format but was foo");
        assertThat(load.exitCode()).isEqualTo(2);
        assertThat(load.err()).isEqualTo(serve.err());
    }

    /** On every interface: the first line says so (and where to reach it from here), stderr warns that other machines can. */
    @Test
    void servingOnEveryAddressSaysSoAndWarns() throws Exception {
        Process process = new ProcessBuilder(
                        Cli.javaJar("serve", "--approach", "webflux-netty", "--port", "0", "--address", "0.0.0.0"))
                .start();
        try (var out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                var err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
                var http = new Http()) {
            String firstLine = out.readLine();
            Matcher started = Pattern.compile(
                            "webflux-netty serving date at http://0\\.0\\.0\\.0:(\\d+)/ "
                                    + "\\(every address of this machine; here: http://127\\.0\\.0\\.1:(\\d+)/\\) \\(started in \\d+ ms\\).*")
                    .matcher(String.valueOf(firstLine));
            assertThat(started.matches()).as("first line: %s", firstLine).isTrue();
            assertThat(started.group(2)).isEqualTo(started.group(1));
            assertThat(err.readLine())
                    .isEqualTo("warning: listening on 0.0.0.0, every network interface: "
                            + "other machines can reach this server (--address 127.0.0.1 keeps it to this one)");
            assertThat(http.get(URI.create("http://127.0.0.1:" + started.group(1) + "/date"))
                            .status())
                    .isEqualTo(200);
        } finally {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void helpListsEveryApproachAndWorkload() {
        for (Cli.Run run : List.of(run("--help"), run("serve", "--help"))) {
            assertThat(run.exitCode()).isZero();
            for (Approach approach : Approach.values()) {
                assertThat(run.out()).contains(approach.id());
            }
            assertThat(run.out()).contains("Workloads:", "date");
        }
    }

    /**
     * The shaded jar, started with plain `java -jar`: serves, prints no JVM warnings, stops on SIGTERM. One approach per
     * stack and per kind of thread that loads classes of its own (request threads, a pool, virtual threads, the event
     * loop); every approach also runs from the jar in JmhSuiteTest, and in-process in DateOnEveryApproachTest.
     */
    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"PLATFORM_TOMCAT", "ELASTIC_TOMCAT", "LOOM_NETTY", "WEBFLUX_NETTY"})
    void theJarServesEveryApproachUntilStopped(Approach approach) throws Exception {
        Path stderr = Files.createTempFile("serve-", ".err");
        Process process = new ProcessBuilder(Cli.javaJar("serve", "--approach", approach.id(), "--port", "0"))
                .redirectError(stderr.toFile())
                .start();
        // Drained from the start on its own thread: the JDK closes a child's pipe once the child is reaped.
        var lines = new java.util.concurrent.LinkedBlockingQueue<String>();
        var reader = Thread.ofPlatform().daemon().start(() -> {
            try (var out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                out.lines().forEach(lines::add);
            } catch (IOException | java.io.UncheckedIOException e) {
                lines.add("(stdout failed: " + e + ")");
            }
        });
        try (var http = new Http()) {
            String firstLine = lines.poll(60, TimeUnit.SECONDS);
            Matcher started = Pattern.compile(Pattern.quote(approach.id())
                            + " serving date at (http://127\\.0\\.0\\.1:\\d+/) \\(started in \\d+ ms\\).*")
                    .matcher(String.valueOf(firstLine));
            assertThat(started.matches())
                    .as("first line: %s; stderr: %s", firstLine, Files.readString(stderr))
                    .isTrue();

            Http.Response response = http.get(URI.create(started.group(1)).resolve("date?callDepth=1"));
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.servedBy()).isNotEmpty();

            // SIGTERM, as Ctrl-C or a process manager would; Process.destroy() would also close our end of stdout.
            process.toHandle().destroy();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            reader.join(Duration.ofSeconds(10));
            assertThat(new ArrayList<>(lines)).contains("stopped " + approach.id());
            assertThat(Files.readString(stderr)).as("stderr of the jar").isEmpty();
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(stderr);
        }
    }
}
