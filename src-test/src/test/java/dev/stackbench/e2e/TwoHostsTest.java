package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * Server and generator on separate hosts, as the README's "Past one machine" tells: {@code serve} in one network
 * namespace, {@code load --url} in another, joined by a veth pair, both through the real jar. Needs root and
 * {@code ip} (skipped loudly without them, failed with CI=true).
 */
@ChecksBehaviour
@ResourceLock(SharedResources.NETWORK_NAMESPACES)
class TwoHostsTest {

    private static final int PORT = 8080; // the server's namespace is its own: no other build's port to collide with
    private static final long SERVER_START_SECONDS = 90;
    private static final long LOAD_SECONDS = 180;

    @TempDir
    Path temp;

    @Test
    void loadInOneNamespaceDrivesServeInAnotherOverTheLink() throws Exception {
        String url = "http://" + TwoHosts.SERVER_ADDRESS + ":" + PORT + "/date";
        Path out = temp.resolve("two-hosts");
        try (TwoHosts hosts = TwoHosts.create()) {
            Process server = hosts.in(
                            hosts.server,
                            Cli.javaJar(
                                    "serve",
                                    "--approach",
                                    "webflux-netty",
                                    "--address",
                                    TwoHosts.SERVER_ADDRESS,
                                    "--port",
                                    String.valueOf(PORT)))
                    .redirectError(temp.resolve("serve.err").toFile())
                    .start();
            try {
                String started = firstLine(server);
                assertThat(started)
                        .as("serve's first line (stderr: %s)", Files.readString(temp.resolve("serve.err")))
                        .startsWith(
                                "webflux-netty serving date at http://" + TwoHosts.SERVER_ADDRESS + ":" + PORT + "/");

                Process load = hosts.in(
                                hosts.generator,
                                Cli.javaJar(
                                        "load",
                                        "--url",
                                        url,
                                        "--concurrency",
                                        "20",
                                        "--warmup",
                                        "1s",
                                        "--duration",
                                        "3s",
                                        "--quiet",
                                        "--out",
                                        out.toString()))
                        .redirectOutput(temp.resolve("load.out").toFile())
                        .redirectError(temp.resolve("load.err").toFile())
                        .start();
                boolean finished = load.waitFor(LOAD_SECONDS, TimeUnit.SECONDS);
                if (!finished) {
                    load.destroyForcibly();
                }
                String printed =
                        Files.readString(temp.resolve("load.out")) + Files.readString(temp.resolve("load.err"));
                assertThat(finished)
                        .as("load finished within %d s: %s", LOAD_SECONDS, printed)
                        .isTrue();
                assertThat(load.exitValue()).as(printed).isZero();

                JsonNode result = ResultFiles.json()
                        .readTree(out.resolve(ResultFiles.RESULT_JSON).toFile());
                JsonNode requests = result.path("requests");
                System.out.printf(
                        "Two hosts (network namespaces, veth): %.0f requests/s, p50 %.2f ms, p99 %.2f ms, %d ok of %d scheduled%n",
                        result.path("rps").asDouble(),
                        result.path("latencyMs").path("p50").asDouble(),
                        result.path("latencyMs").path("p99").asDouble(),
                        requests.path("ok").asLong(),
                        requests.path("scheduled").asLong());
                assertThat(result.path("target").path("url").asString()).isEqualTo(url);
                assertThat(requests.path("scheduled").asLong()).isPositive();
                assertThat(requests.path("ok").asLong())
                        .as(printed)
                        .isEqualTo(requests.path("scheduled").asLong());
                assertThat(requests.path("errors").asLong()).isZero();
                // A --url server's CPU is another machine's: unknown (null), never 0.
                JsonNode serverCpu = result.path("jvm").path("serverCpuSeconds");
                assertThat(serverCpu.isNull() || serverCpu.isMissingNode())
                        .as("jvm.serverCpuSeconds: %s", serverCpu)
                        .isTrue();
                assertThat(result.path("jvm").path("clientCpuSeconds").asDouble())
                        .isPositive();
            } finally {
                server.destroy(); // SIGTERM: serve stops its server
                if (!server.waitFor(30, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                }
            }
        }
        assertThat(TwoHosts.namespaces())
                .as("namespaces left")
                .noneMatch(name -> name.startsWith(
                        TwoHosts.PREFIX + ProcessHandle.current().pid()));
    }

    /** serve's first line, which it prints once it listens; bounded, so a server that never starts fails the test. */
    static String firstLine(Process server) throws Exception {
        var reader = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        var line = CompletableFuture.supplyAsync(() -> {
            try {
                return reader.readLine();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            return String.valueOf(line.get(SERVER_START_SECONDS, TimeUnit.SECONDS));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("serve printed nothing within " + SERVER_START_SECONDS + " s");
        }
    }
}
