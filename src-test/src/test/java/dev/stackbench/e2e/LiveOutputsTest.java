package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.stackbench.cli.StackbenchMain;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.ChecksBehaviour;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.prometheus.metrics.expositionformats.generated.Metrics;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code load --output}: a Prometheus endpoint scraped mid-run by Prometheus' own protobuf parser, an OTLP receiver
 * decoding with OpenTelemetry's own protobuf classes, and a JSON-lines file, each ending on result.json's counters; an
 * unreachable receiver is one warning line and changes nothing else. The target is a JDK server answering 200 on /ok
 * and 503 on /fail, so that errors by class and request names have something to count.
 */
@ChecksBehaviour
class LiveOutputsTest {

    private static final Pattern PROMETHEUS_URL = Pattern.compile("live output prometheus: (http://\\S+/metrics)");
    /** What Prometheus itself asks for when it prefers protobuf: length-delimited MetricFamily messages. */
    private static final String PROTOBUF =
            "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited";

    @TempDir
    Path temp;

    private HttpServer target;
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeEach
    void startTarget() throws IOException {
        target = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        target.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        target.createContext("/", exchange -> {
            int status = exchange.getRequestURI().getPath().equals("/fail") ? 503 : 200;
            exchange.sendResponseHeaders(status, 2);
            try (var body = exchange.getResponseBody()) {
                body.write("ok".getBytes());
            }
        });
        target.start();
    }

    @AfterEach
    void stopTarget() {
        target.stop(0);
        client.close();
    }

    @Test
    void prometheusScrapedMidRunAndJsonLinesEndOnResultJsonsCounters() throws Exception {
        Path out = temp.resolve("run");
        Path lines = temp.resolve("live.jsonl");
        var err = new StringWriter();
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> StackbenchMain.execute(
                load(out, "--output", "prometheus=127.0.0.1:0", "--output", "json=" + lines),
                new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true)));

        URI endpoint = awaitEndpoint(err, run);
        Map<String, Double> midRun = null;
        while (midRun == null && !run.isDone()) {
            var scraped = scrape(endpoint);
            if (scraped != null && scraped.getOrDefault("stackbench_requests_ok{phase=measured}", 0.0) > 0) {
                midRun = scraped;
            }
            TimeUnit.MILLISECONDS.sleep(250);
        }
        // The run has ended and the endpoint waits for a scrape of its final numbers: scraped after the end.
        await(err, "waiting up to", run);
        Map<String, Double> last = scrape(endpoint);
        run.get(30, TimeUnit.SECONDS);

        assertThat(run.get()).as(err.toString()).isZero();
        JsonNode result = ResultFiles.json().readTree(Files.readString(out.resolve("result.json")));
        JsonNode requests = result.path("requests");
        assertThat(midRun)
                .as("a scrape while the window ran saw measured requests")
                .isNotNull();
        assertThat(midRun.get("stackbench_requests_ok{phase=measured}"))
                .isLessThan(requests.path("ok").asDouble());
        assertThat(last)
                .as("the final numbers were scraped before the endpoint closed")
                .isNotNull();
        assertThat(last.get("stackbench_requests_sent{phase=measured}"))
                .isEqualTo(requests.path("sent").asDouble());
        assertThat(last.get("stackbench_requests_ok{phase=measured}"))
                .isEqualTo(requests.path("ok").asDouble());
        assertThat(last.get("stackbench_requests_errors{class=http_503,phase=measured}"))
                .isEqualTo(requests.path("errorsByClass").path("http_503").asDouble())
                .isPositive();
        assertThat(last.get("stackbench_request_latency_seconds_count{phase=measured}"))
                .isEqualTo(requests.path("ok").asDouble());
        for (JsonNode named : result.path("byRequest")) {
            assertThat(last.get("stackbench_named_requests_ok{request="
                            + named.path("name").asString() + "}"))
                    .as(named.path("name").asString())
                    .isEqualTo(named.path("ok").asDouble());
        }
        assertThat(last).containsKeys("stackbench_requests_in_flight{}", "stackbench_generator_loop_busy_ratio{}");

        List<JsonNode> written = Files.readAllLines(lines).stream()
                .map(line -> ResultFiles.json().readTree(line))
                .toList();
        assertThat(written)
                .as("one line per interval of the timeline")
                .hasSize(result.path("timeline").size());
        JsonNode lastLine = written.getLast().path("totals").path("measured");
        for (String field : List.of("scheduled", "sent", "ok", "errors", "errorsByClass", "late")) {
            assertThat(lastLine.path(field)).as(field).isEqualTo(requests.path(field));
        }
    }

    @Test
    void otlpReceiverGetsResultJsonsCountersAndAnUnreachableOneIsOneWarningLine() throws Exception {
        var received = new AtomicReference<ExportMetricsServiceRequest>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
        receiver.createContext("/v1/metrics", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                received.set(ExportMetricsServiceRequest.parseFrom(body.readAllBytes()));
            }
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        Path out = temp.resolve("run");
        Cli.Run run;
        try {
            run = Cli.run(load(
                    out,
                    "--output",
                    "otlp=http://127.0.0.1:" + receiver.getAddress().getPort() + "/v1/metrics",
                    "--output",
                    "otlp=http://127.0.0.1:1/v1/metrics"));
        } finally {
            receiver.stop(0);
        }

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err().lines().filter(line -> line.contains("WARNING")))
                .singleElement()
                .asString()
                .startsWith("WARNING: --output otlp: cannot push to http://127.0.0.1:1/v1/metrics")
                .contains("the run goes on");
        JsonNode requests = ResultFiles.json()
                .readTree(Files.readString(out.resolve("result.json")))
                .path("requests");
        assertThat(requests.path("unfinished").asLong()).isZero();
        Map<String, Double> pushed = otlpPoints(received.get());
        assertThat(pushed.get("stackbench_requests_sent{phase=measured}"))
                .isEqualTo(requests.path("sent").asDouble());
        assertThat(pushed.get("stackbench_requests_ok{phase=measured}"))
                .isEqualTo(requests.path("ok").asDouble());
        assertThat(pushed.get("stackbench_requests_errors{class=http_503,phase=measured}"))
                .isEqualTo(requests.path("errorsByClass").path("http_503").asDouble())
                .isPositive();
    }

    /** An agent's own segment, labelled with its name; agent and coordinator in this JVM, on loopback (no secret). */
    @Test
    void anAgentsOutputIsItsSegmentLabelledWithItsName() throws Exception {
        Path lines = temp.resolve("agent.jsonl");
        int clusterPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            clusterPort = socket.getLocalPort();
        }
        var agentErr = new StringWriter();
        CompletableFuture<Integer> agent = CompletableFuture.supplyAsync(() -> StackbenchMain.execute(
                new String[] {
                    "agent",
                    "--coordinator",
                    "127.0.0.1:" + clusterPort,
                    "--bind",
                    "127.0.0.1",
                    "--name",
                    "agent-7",
                    "--runs",
                    "1",
                    "--idle-timeout",
                    "30s",
                    "--output",
                    "json=" + lines
                },
                new PrintWriter(new StringWriter(), true),
                new PrintWriter(agentErr, true)));
        Path out = temp.resolve("run");
        // A second at once: a few lines of output are enough, and the agent's start is most of this test's time.
        var arguments = new ArrayList<>(List.of(loadFor(out, "1s", "0s")));
        arguments.addAll(
                List.of("--agents", "1", "--cluster-bind", "127.0.0.1:" + clusterPort, "--agents-timeout", "20s"));
        Cli.Run run = Cli.run(arguments.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(agent.get(30, TimeUnit.SECONDS)).as(agentErr.toString()).isZero();
        JsonNode section = ResultFiles.json()
                .readTree(Files.readString(out.resolve("result.json")))
                .path("agents")
                .path("agents")
                .get(0);
        List<JsonNode> written = Files.readAllLines(lines).stream()
                .map(line -> ResultFiles.json().readTree(line))
                .toList();
        assertThat(written)
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line.path("agent").asString()).isEqualTo("agent-7"));
        JsonNode last = written.getLast().path("totals").path("measured");
        assertThat(last.path("scheduled").asLong())
                .isEqualTo(section.path("scheduled").asLong());
        assertThat(last.path("ok").asLong()).isEqualTo(section.path("ok").asLong());
    }

    @Test
    void remoteWriteAndATakenPortAreRefusedBeforeTheRunInOneLine() throws IOException {
        Cli.Run remoteWrite = Cli.run(
                "load", "--url", "http://127.0.0.1:1/", "--output", "prometheus-rw=http://127.0.0.1:9090/api/v1/write");
        assertThat(remoteWrite.exitCode()).isEqualTo(2);
        assertThat(remoteWrite.err().lines())
                .singleElement()
                .asString()
                .startsWith(
                        "error: --output 'prometheus-rw=http://127.0.0.1:9090/api/v1/write': Prometheus remote write"
                                + " is not offered")
                .contains("otlp=");

        try (var taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Cli.Run run = Cli.run(
                    "load", "--url", "http://127.0.0.1:1/", "--output", "prometheus=127.0.0.1:" + taken.getLocalPort());
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err().lines())
                    .singleElement()
                    .asString()
                    .startsWith("error: --output prometheus: cannot listen on 127.0.0.1:" + taken.getLocalPort());
        }
    }

    /** 2 s at 100/s after a 1 s warm-up; one request in ten fails with a 503. */
    private String[] load(Path out, String... outputs) {
        return loadFor(out, "2s", "1s", outputs);
    }

    /** {@code duration} at 100/s after {@code warmup}; one request in ten fails with a 503. */
    private String[] loadFor(Path out, String duration, String warmup, String... outputs) {
        var arguments = new ArrayList<>(List.of(
                "load",
                "--url",
                "http://127.0.0.1:" + target.getAddress().getPort(),
                "--request",
                "ok=9:GET:/ok",
                "--request",
                "fail=1:GET:/fail",
                "--rate",
                "100",
                "--duration",
                duration,
                "--warmup",
                warmup,
                "--quiet",
                "--out",
                out.toString()));
        arguments.addAll(List.of(outputs));
        return arguments.toArray(String[]::new);
    }

    private static URI awaitEndpoint(StringWriter err, CompletableFuture<Integer> run) throws InterruptedException {
        await(err, "live output prometheus", run);
        var matcher = PROMETHEUS_URL.matcher(err.toString());
        assertThat(matcher.find()).as(err.toString()).isTrue();
        return URI.create(matcher.group(1));
    }

    private static void await(StringWriter err, String text, CompletableFuture<Integer> run)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!err.toString().contains(text)) {
            if (System.nanoTime() > deadline || run.isDone()) {
                throw new AssertionError("no '" + text + "' on stderr: " + err);
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
    }

    /** One scrape, parsed by the Prometheus client's own MetricFamily parser; null once the endpoint has gone. */
    private Map<String, Double> scrape(URI endpoint) throws InterruptedException {
        HttpResponse<byte[]> response;
        try {
            response = client.send(
                    HttpRequest.newBuilder(endpoint)
                            .header("Accept", PROTOBUF)
                            .timeout(Duration.ofSeconds(2))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException gone) {
            return null;
        }
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse(""))
                .startsWith("application/vnd.google.protobuf");
        var values = new HashMap<String, Double>();
        try (var in = new ByteArrayInputStream(response.body())) {
            Metrics.MetricFamily family;
            while ((family = Metrics.MetricFamily.parseDelimitedFrom(in)) != null) {
                // The text format's names: a counter's samples end in _total, a histogram's count in _count.
                String name = family.getName().replaceFirst("_total$", "");
                for (Metrics.Metric metric : family.getMetricList()) {
                    String labels = labels(metric);
                    switch (family.getType()) {
                        case COUNTER ->
                            values.put(name + labels, metric.getCounter().getValue());
                        case GAUGE ->
                            values.put(name + labels, metric.getGauge().getValue());
                        case HISTOGRAM ->
                            values.put(name + "_count" + labels, (double)
                                    metric.getHistogram().getSampleCount());
                        default -> {}
                    }
                }
            }
        } catch (IOException e) {
            throw new AssertionError("not Prometheus' protobuf format", e);
        }
        return values;
    }

    /** {@code {a=1,b=2}}: the labels but target (one run here), sorted. */
    private static String labels(Metrics.Metric metric) {
        return metric.getLabelList().stream()
                .filter(label -> !label.getName().equals("target"))
                .map(label -> label.getName() + "=" + label.getValue())
                .sorted()
                .toList()
                .toString()
                .replace('[', '{')
                .replace(']', '}')
                .replace(", ", ",");
    }

    private static Map<String, Double> otlpPoints(ExportMetricsServiceRequest request) {
        assertThat(request).as("the receiver got a push").isNotNull();
        var values = new HashMap<String, Double>();
        request.getResourceMetricsList().stream()
                .flatMap(resource -> resource.getScopeMetricsList().stream())
                .flatMap(scope -> scope.getMetricsList().stream())
                .filter(Metric::hasSum)
                .forEach(metric -> {
                    for (NumberDataPoint point : metric.getSum().getDataPointsList()) {
                        values.put(metric.getName() + attributes(point.getAttributesList()), (double) point.getAsInt());
                    }
                });
        return values;
    }

    private static String attributes(List<KeyValue> attributes) {
        return attributes.stream()
                .filter(attribute -> !attribute.getKey().equals("target"))
                .map(attribute ->
                        attribute.getKey() + "=" + attribute.getValue().getStringValue())
                .sorted()
                .toList()
                .toString()
                .replace('[', '{')
                .replace(']', '}')
                .replace(", ", ",");
    }
}
