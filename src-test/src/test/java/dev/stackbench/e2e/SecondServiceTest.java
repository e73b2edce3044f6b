package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.Jvm;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.MeasuresSpeed;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nested calls to a second service ({@code --upstream}), as experiment 003's HTTP app made them: they reach it (the
 * delay only it adds bounds the throughput), its CPU is reported apart from the server's, and when it is down the server
 * answers 502. And what the same run records of the server's start and the process's memory. Physical bounds only.
 */
@MeasuresSpeed
class SecondServiceTest {

    /** Added by the upstream alone: the server under test's own requests have no delay, so without the upstream they take far less. */
    private static final int UPSTREAM_DELAY_MILLIS = 100;

    private static final int USERS = 8;

    /**
     * Through {@code load}, as a user runs it: 8 users, one nested call each to an upstream that adds 100 ms, so at most
     * 8 / 100 ms = 80 requests/s (Little's law); calls to the server itself would be served at thousands per second.
     */
    @Test
    void theNestedCallsGoToTheSecondServiceWhoseCpuIsItsOwn(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("upstream");
        Cli.Run load = Cli.run(
                "load",
                "--approach",
                "loom-tomcat",
                "--workload-param",
                "callDepth=1",
                "--upstream",
                "webflux-netty:" + UPSTREAM_DELAY_MILLIS,
                "--start-times",
                "--concurrency",
                String.valueOf(USERS),
                "--warmup",
                "1s",
                "--duration",
                "2s",
                "--quiet",
                "--out",
                out.toString());

        assertThat(load.exitCode()).as(load.err()).isZero();
        assertThat(load.out())
                .contains(
                        "Upstream:     webflux-netty at http://127.0.0.1:",
                        "Memory:       process resident up to",
                        "Start:");
        RunResult result = Results.run(out);
        assertThat(result.requests().errors())
                .as("errors %s", result.requests().errorsByClass())
                .isZero();
        double bound = USERS * 1000.0 / UPSTREAM_DELAY_MILLIS;
        assertThat(result.rps())
                .as("rps against users / upstream delay = %.0f/s", bound)
                .isLessThanOrEqualTo(1.10 * bound)
                .isGreaterThan(0.5 * bound);

        RunResult.Upstream upstream = result.target().upstream();
        assertThat(upstream.approach()).isEqualTo("webflux-netty");
        assertThat(upstream.delayMillis()).isEqualTo(UPSTREAM_DELAY_MILLIS);
        assertThat(upstream.url()).isNotEqualTo(result.target().url());
        assertThat(result.target().serverSettings()).containsEntry("stackbench.upstream.uri", upstream.url());
        assertThat(result.target().limits().nestedCallsToSelf()).isFalse();
        // Its threads serve every nested call (HTTP parsing, routing, a timer): CPU of its own, not the server's.
        Jvm jvm = result.jvm();
        assertThat(jvm.upstreamCpuSeconds()).as("upstream CPU").isPositive();
        assertThat(jvm.serverCpuSeconds()).as("server CPU").isPositive();
        assertThat(jvm.serverCpuSeconds()
                        + jvm.upstreamCpuSeconds()
                        + jvm.clientCpuSeconds()
                        + jvm.measurementCpuSeconds())
                .as("thread groups are disjoint: together within the process's CPU")
                .isLessThanOrEqualTo(jvm.processCpuSeconds() * 1.01);

        // Start-up: two starts of loom-tomcat, both timed; classes loaded are not comparable in a JVM other tests
        // warmed.
        RunResult.Startup startup = result.startup();
        assertThat(startup.millis()).isPositive();
        assertThat(startup.warmMillis()).isPositive();
        assertThat(startup.warmClassesLoaded()).isNotNull();

        // Memory: the process holds at least the heap it uses, the machine holds the process.
        assertThat(jvm.heapUsedMaxBytes()).isPositive();
        assertThat(jvm.processResidentMaxBytes())
                .isGreaterThanOrEqualTo(jvm.heapUsedMaxBytes())
                .isLessThanOrEqualTo(memTotalBytes());
        assertThat(jvm.heapPeakBytes())
                .isPositive()
                .isLessThanOrEqualTo(Runtime.getRuntime().maxMemory());
    }

    /**
     * The upstream's own threads carry its prefix; the server makes exactly one call to it per request of call depth 1,
     * counted on the wire in between; once it is down the server answers 502.
     */
    @Test
    void everyNestedCallReachesTheSecondServiceOnceAndADownOneIsA502() throws Exception {
        var variants = ServerVariants.load();
        RunningServer upstream =
                variants.startUpstream(new UpstreamService(Approach.WEBFLUX_NETTY, UPSTREAM_DELAY_MILLIS));
        try (var http = new Http();
                var counting = new TcpProxy(
                        new InetSocketAddress(
                                upstream.baseUri().getHost(), upstream.baseUri().getPort()),
                        "GET /date?");
                RunningServer server = variants.start(ServerSpec.of(Approach.PLATFORM_TOMCAT, Workload.DATE)
                        .withUpstream(URI.create("http://127.0.0.1:" + counting.port() + "/")))) {
            Http.Response direct = http.get(upstream.baseUri().resolve("date"));
            assertThat(direct.status()).isEqualTo(200);
            assertThat(direct.threadName())
                    .startsWith(upstream.threadNamePrefix().orElseThrow())
                    .startsWith("upstream-webflux-netty-");
            assertThat(direct.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(UPSTREAM_DELAY_MILLIS));

            var nested = new ArrayList<CompletableFuture<Http.Response>>();
            for (int i = 0; i < NESTED_REQUESTS; i++) {
                nested.add(http.getAsync(server.baseUri().resolve("date?callDepth=1")));
            }
            for (var response : nested) {
                assertThat(response.join().status()).isEqualTo(200);
                assertThat(response.join().elapsed())
                        .as("the upstream's delay is in it")
                        .isGreaterThanOrEqualTo(Duration.ofMillis(UPSTREAM_DELAY_MILLIS));
            }
            assertThat(counting.sentCount())
                    .as("requests the second service received")
                    .isEqualTo(NESTED_REQUESTS);

            upstream.close();
            Http.Response down = http.get(server.baseUri().resolve("date?callDepth=1"));
            assertThat(down.status()).isEqualTo(502);
            assertThat(down.message())
                    .contains("upstream GET", ":" + counting.port() + "/date?delayMillis=0&callDepth=0");
        } finally {
            upstream.close();
        }
    }

    private static final int NESTED_REQUESTS = 20;

    private static long memTotalBytes() throws java.io.IOException {
        return Files.readAllLines(Path.of("/proc/meminfo")).stream()
                .filter(line -> line.startsWith("MemTotal:"))
                .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024)
                .findFirst()
                .orElseThrow();
    }
}
