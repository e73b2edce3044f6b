package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestTemplate;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.RequestFailure;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.FileInputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * The generator against real sockets. Assertions are physical (a stall of S seconds, a request
 * budget, a connection count), never absolute speeds of this machine. (A stall's percentiles, which need the machine
 * to itself: {@link GeneratorPaceTest}.)
 */
@ChecksBehaviour
class LoadGeneratorTest {

    @TempDir
    Path out;

    static LoadProfile closed(int users, Duration duration) {
        return new LoadProfile.Closed(users, ThinkTime.NONE, duration, OptionalLong.empty());
    }

    @ParameterizedTest
    @CsvSource({"/status/503, http_503, 30s", "/close, closed, 30s", "/reset, reset, 30s", "/hang, timeout, 300ms"})
    void aMisbehavingServerEndsOnTimeWithEachFailureCountedAndResultsWritten(
            String path, String errorClass, String timeoutText) throws Exception {
        Duration duration = Duration.ofMillis(1500);
        Duration timeout = Durations.parse(timeoutText);
        try (var server = new MisbehavingServer()) {
            long start = System.nanoTime();
            Measurement measurement =
                    EngineRuns.measure(LoadRun.of(server.uri(path), closed(4, duration), Duration.ZERO)
                            .withTimeouts(Duration.ofSeconds(1), timeout));
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            ResultFiles.write(out, measurement);

            RunResult result = measurement.result();
            // Setup and JFR's last flush take seconds on a busy machine; waiting for a 30 s timeout
            // that a failed request never needed, or a drain that ignored 300 ms, would take longer.
            assertThat(elapsed).isLessThan(duration.plusSeconds(10));
            assertThat(result.requests().errorsByClass()).as("errors").isNotEmpty();
            assertThat(result.requests().ok()).isZero();
            assertThat(result.requests().errorsByClass()).containsOnlyKeys(ErrorClass.fromKey(errorClass));
            assertThat(result.requests().errors())
                    .isEqualTo(result.requests().errorsByClass().get(ErrorClass.fromKey(errorClass)))
                    .isPositive();
            assertThat(result.latencyMs().p50()).isNull();
            assertThat(result.warnings())
                    .anySatisfy(warning -> assertThat(warning).contains("requests failed", errorClass));
            JsonNode json =
                    ResultFiles.json().readTree(out.resolve("result.json").toFile());
            assertThat(json.get("requests").get("errorsByClass").get(errorClass).asLong())
                    .isEqualTo(result.requests().errors());
            assertThat(json.get("latencyMs").get("p99").isNull()).isTrue();
        }
    }

    @Test
    void aBodyCheckCountsWrongBodiesAsBodyErrors() throws Exception {
        try (var server = new MisbehavingServer()) {
            var right = RequestMix.of(RequestTemplate.get("ok", "/ok").expectingBodyToContain("hello"));
            var wrong = RequestMix.of(RequestTemplate.get("ok", "/ok").expectingBodyToContain("goodbye"));

            RunResult passed = EngineRuns.measure(
                            LoadRun.of(server.uri("/ok"), closed(2, Duration.ofMillis(500)), Duration.ZERO)
                                    .withMix(right))
                    .result();
            RunResult failed = EngineRuns.measure(
                            LoadRun.of(server.uri("/ok"), closed(2, Duration.ofMillis(500)), Duration.ZERO)
                                    .withMix(wrong))
                    .result();

            assertThat(passed.requests().errors()).isZero();
            assertThat(passed.requests().ok()).isPositive();
            assertThat(failed.requests().ok()).isZero();
            assertThat(failed.requests().errorsByClass()).containsOnlyKeys(RequestFailure.BODY);
        }
    }

    @Test
    void aRefusedConnectionIsAConnectError() throws Exception {
        int port;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        RunResult result = EngineRuns.measure(LoadRun.of(
                        URI.create("http://127.0.0.1:" + port + "/"), closed(2, Duration.ofMillis(500)), Duration.ZERO))
                .result();

        assertThat(result.requests().errorsByClass()).containsOnlyKeys(RequestFailure.CONNECT);
        assertThat(result.requests().ok()).isZero();
    }

    @Test
    void resultFilesHoldTheRunAndHdrHistogramReadsTheLog() throws Exception {
        try (var server = new MisbehavingServer()) {
            Measurement measurement = EngineRuns.measure(LoadRun.of(
                    server.uri("/ok"), new LoadProfile.Open(300, Duration.ofSeconds(2)), Duration.ofSeconds(1)));
            ResultFiles.write(out, measurement);
            RunResult result = measurement.result();

            JsonNode json =
                    ResultFiles.json().readTree(out.resolve("result.json").toFile());
            assertThat(json.get("schema").asString()).isEqualTo("stackbench.load/1");
            assertThat(json.get("rps").asDouble()).isPositive();
            assertThat(json.get("requests").get("ok").asLong())
                    .isEqualTo(result.requests().ok())
                    .isPositive();
            JsonNode latency = json.get("latencyMs");
            for (String field :
                    new String[] {"min", "mean", "p50", "p75", "p90", "p95", "p99", "p999", "p9999", "max"}) {
                assertThat(latency.get(field).isNumber()).as(field).isTrue();
            }
            assertThat(latency.get("p50").asDouble())
                    .isLessThanOrEqualTo(latency.get("p99").asDouble());
            assertThat(latency.get("p99").asDouble())
                    .isLessThanOrEqualTo(latency.get("max").asDouble());
            assertThat(json.get("serviceTimeMs").get("p99").isNumber()).isTrue();
            assertThat(json.get("requests").has("late")).isTrue();
            assertThat(json.get("window").get("warmupSeconds").asDouble()).isEqualTo(1.0);

            // One CSV row per second, the first marked as warm-up; a drain row after them when a response was still on
            // its
            // way at the window's end (on a loaded machine it can be).
            var csv = Files.readAllLines(out.resolve("timeline.csv"));
            assertThat(csv.getFirst()).startsWith("end_second,phase,rps");
            assertThat(csv.subList(1, csv.size()).stream().filter(row -> !row.contains(",drain,")))
                    .hasSize(3);
            assertThat(csv).hasSizeBetween(1 + 3, 1 + 4);
            assertThat(csv.get(1)).contains(",warmup,");

            // The .hlog: HdrHistogram's own reader, measured window only, latency tag sums to the ok count.
            long logged = 0;
            try (var input = new FileInputStream(out.resolve("latency.hlog").toFile())) {
                var reader = new HistogramLogReader(input);
                for (var histogram = reader.nextIntervalHistogram();
                        histogram != null;
                        histogram = reader.nextIntervalHistogram()) {
                    if ("latency".equals(histogram.getTag())) {
                        logged += ((Histogram) histogram).getTotalCount();
                    }
                }
            }
            assertThat(logged).isEqualTo(result.requests().ok());
            assertThat(Files.readString(out.resolve("latency.hgrm"))).contains("Value", "Percentile", "#[Mean");
            assertThat(Files.list(out).map(path -> path.getFileName().toString()))
                    .containsExactlyInAnyOrder("result.json", "timeline.csv", "latency.hlog", "latency.hgrm");
        }
    }

    @Test
    void anOpenModelSendsEveryScheduledRequest() throws Exception {
        try (var server = new MisbehavingServer()) {
            RunResult result = EngineRuns.measure(LoadRun.of(
                            server.uri("/ok"), new LoadProfile.Open(400, Duration.ofSeconds(2)), Duration.ZERO))
                    .result();

            // 800 intended starts in the window; none skipped, and each has an outcome, whatever the machine's speed.
            assertThat(result.requests().scheduled()).isEqualTo(800);
            assertThat(result.requests().sent()).isEqualTo(800);
            assertThat(result.requests().ok()).isEqualTo(800);
        }
    }

    @Test
    void aRequestBudgetIsSentExactlyLikeAbsMinusN() throws Exception {
        try (var server = new MisbehavingServer()) {
            RunResult result = EngineRuns.measure(LoadRun.of(
                            server.uri("/ok"),
                            new LoadProfile.Closed(8, ThinkTime.NONE, Duration.ofSeconds(30), OptionalLong.of(500)),
                            Duration.ZERO))
                    .result();

            assertThat(result.requests().scheduled()).isEqualTo(500);
            assertThat(result.requests().sent()).isEqualTo(500);
            assertThat(result.requests().ok()).isEqualTo(500);
            assertThat(result.window().measuredSeconds()).isPositive();
        }
    }

    @Test
    void keepAliveUsesOneConnectionPerUserAndWithoutItOnePerRequest() throws Exception {
        try (var server = new MisbehavingServer()) {
            RunResult kept = EngineRuns.measure(
                            LoadRun.of(server.uri("/ok"), closed(4, Duration.ofSeconds(1)), Duration.ZERO))
                    .result();
            assertThat(server.connectionsAccepted()).isEqualTo(4);
            assertThat(kept.requests().ok()).isGreaterThan(4);
        }
        try (var server = new MisbehavingServer()) {
            RunResult closedEach = EngineRuns.measure(
                            LoadRun.of(server.uri("/ok"), closed(4, Duration.ofSeconds(1)), Duration.ZERO)
                                    .withKeepAlive(false))
                    .result();
            assertThat(closedEach.requests().errors()).isZero();
            assertThat((long) server.connectionsAccepted())
                    .isGreaterThanOrEqualTo(closedEach.requests().ok());
        }
    }

    @Test
    void http2IsSpokenWhenAskedAndAnHttp1OnlyServerIsAProtocolError() throws Exception {
        try (var server = new MisbehavingServer(true, Duration.ZERO, Duration.ZERO)) {
            RunResult result = EngineRuns.measure(
                            LoadRun.of(server.uri("/ok"), closed(4, Duration.ofSeconds(1)), Duration.ZERO)
                                    .withHttp2(true))
                    .result();
            assertThat(result.requests().ok()).as("%s", result.requests()).isPositive();
            assertThat(result.requests().errors()).as("%s", result.requests()).isZero();
        }
        try (var server = new MisbehavingServer()) {
            RunResult result = EngineRuns.measure(
                            LoadRun.of(server.uri("/ok"), closed(2, Duration.ofMillis(500)), Duration.ZERO)
                                    .withHttp2(true)
                                    .withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(300)))
                    .result();
            assertThat(result.requests().ok()).isZero();
            assertThat(result.requests().errors()).isPositive();
        }
    }

    @Test
    void usersFollowTheStages() throws Exception {
        try (var server = new MisbehavingServer()) {
            RunResult result = EngineRuns.measure(LoadRun.of(
                            server.uri("/ok"),
                            new LoadProfile.RampingUsers(
                                    Stages.parse("1s:6,1s:6,0s:2,1s:2").stages(), ThinkTime.parse("10ms")),
                            Duration.ZERO))
                    .result();

            assertThat(result.requests().ok()).isPositive();
            assertThat(result.timeline())
                    .allSatisfy(row -> assertThat(row.inFlight()).isLessThanOrEqualTo(6));
            assertThat(result.timeline().getLast().inFlight()).isLessThanOrEqualTo(2);
            assertThat(result.profile().connections()).isEqualTo(6);
            assertThat(result.window().steadiness().steady()).isFalse();
            assertThat(result.window().steadiness().reason())
                    .isEqualTo("not tested: the offered load itself changes in the window (stages)");
        }
    }
}
