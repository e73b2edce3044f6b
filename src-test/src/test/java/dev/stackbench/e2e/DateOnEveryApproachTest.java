package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every approach serves /date with delay and call depth, on the kind of thread it claims. The
 * expected threads are written here independently of bench-servers, from each approach's definition.
 */
@ChecksBehaviour
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DateOnEveryApproachTest {

    /** Where each approach must run its work: thread name and whether the thread is virtual. */
    record Where(Pattern threadName, boolean virtual) {}

    static final Map<Approach, Where> EXPECTED = Map.of(
            Approach.PLATFORM_TOMCAT, new Where(Pattern.compile("http-nio-.*-exec-\\d+"), false),
            Approach.LOOM_TOMCAT, new Where(Pattern.compile("tomcat-handler-\\d+"), true),
            Approach.ASYNC_TOMCAT, new Where(Pattern.compile("async-tomcat-\\d+"), false),
            Approach.COMMONPOOL_TOMCAT, new Where(Pattern.compile("ForkJoinPool\\.commonPool-worker-\\d+"), false),
            Approach.ELASTIC_TOMCAT, new Where(Pattern.compile("elastic-tomcat-boundedElastic-\\d+"), false),
            Approach.LOOM_NETTY, new Where(Pattern.compile("loom-netty-\\d+"), true),
            Approach.WEBFLUX_NETTY,
                    new Where(Pattern.compile("webflux-netty-http-(epoll|nio|io_uring|kqueue)-\\d+"), false),
            Approach.ELASTIC_NETTY, new Where(Pattern.compile("elastic-netty-boundedElastic-\\d+"), false));

    private final Servers servers = new Servers();
    private final Http http = new Http();
    private final Map<Approach, RunningServer> running = new EnumMap<>(Approach.class);
    private final Map<Approach, RunningServer> withStubUpstream = new EnumMap<>(Approach.class);
    private final List<String> upstreamRequests = new CopyOnWriteArrayList<>();
    private HttpServer stubUpstream;

    @BeforeAll
    void startEveryApproach() throws IOException {
        stubUpstream = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stubUpstream.createContext("/", exchange -> {
            upstreamRequests.add(exchange.getRequestURI().toString());
            boolean fail = exchange.getRequestURI().getQuery().contains("delayMillis=13");
            byte[] body = (fail ? "stub failure" : "from the stub upstream").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(fail ? 500 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        stubUpstream.start();
        String stubUri = "http://127.0.0.1:" + stubUpstream.getAddress().getPort();
        for (Approach approach : Approach.values()) {
            running.put(approach, servers.start(ServerSpec.of(approach, Workload.DATE)));
            withStubUpstream.put(
                    approach,
                    servers.start(ServerSpec.of(approach, Workload.DATE)
                            .withServerProperty("stackbench.upstream.uri", stubUri)));
        }
    }

    @AfterAll
    void stopAll() {
        servers.close();
        http.close();
        stubUpstream.stop(0);
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void servesTheDateOnTheThreadItClaims(Approach approach) throws Exception {
        Http.Response response = http.get(uri(approach, "date"));

        assertThat(response.status()).isEqualTo(200);
        assertIsDate(response.body());
        assertRanWhereClaimed(approach, response);
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void waitsAtLeastTheDelay(Approach approach) throws Exception {
        Http.Response response = http.get(uri(approach, "date?delayMillis=150"));

        assertThat(response.status()).isEqualTo(200);
        assertIsDate(response.body());
        // A lower bound only: a wait cannot end early, however fast or slow the machine is.
        assertThat(response.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(150));
        if (approach != Approach.WEBFLUX_NETTY) {
            assertRanWhereClaimed(approach, response);
        } else {
            // Mono.delay completes on a Reactor timer thread: still no thread blocked while waiting.
            assertThat(response.threadName()).matches("parallel-\\d+");
            assertThat(response.virtual()).isFalse();
        }
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void callDepthChainsThroughTheServerItself(Approach approach) throws Exception {
        Http.Response response = http.get(uri(approach, "date?delayMillis=100&callDepth=3"));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertIsDate(response.body());
        assertThat(response.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(100));
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void callDepthCallsTheUpstreamOverHttpWithOneLevelLess(Approach approach) throws Exception {
        upstreamRequests.clear();

        Http.Response response =
                http.get(withStubUpstream.get(approach).baseUri().resolve("date?delayMillis=7&callDepth=3"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("from the stub upstream");
        assertThat(upstreamRequests).containsExactly("/date?delayMillis=7&callDepth=2");
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void aFailedUpstreamCallAnswers502(Approach approach) throws Exception {
        Http.Response response =
                http.get(withStubUpstream.get(approach).baseUri().resolve("date?delayMillis=13&callDepth=1"));

        assertThat(response.status()).isEqualTo(502);
        assertThat(response.message()).contains("upstream GET", "/date?delayMillis=13&callDepth=0");
        ErrorBodies.assertClean(response);
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void badParametersAnswer400NamingTheParameter(Approach approach) throws Exception {
        Http.Response notANumber = http.get(uri(approach, "date?delayMillis=soon"));
        Http.Response tooDeep = http.get(uri(approach, "date?callDepth=-1"));

        assertThat(notANumber.status()).isEqualTo(400);
        assertThat(notANumber.message()).isEqualTo("delayMillis must be an integer from 0 to 600000, got 'soon'");
        assertThat(tooDeep.status()).isEqualTo(400);
        assertThat(tooDeep.message()).isEqualTo("callDepth must be an integer from 0 to 32, got '-1'");
    }

    /**
     * HTTP/1.1 pipelining: requests sent before the previous answer, answered later (a delay) and at once
     * (an error; on webflux-netty also a date without delay), each in order, and the connection then
     * still serves. Reactor Netty 1.3.7 stopped reading such a connection (the next request hung until
     * the client gave up): bench-servers' PipelinedReadResumer works around it.
     */
    @ParameterizedTest
    @EnumSource(Approach.class)
    void pipelinedRequestsAreAnsweredInOrderAndTheConnectionStillServes(Approach approach) throws Exception {
        URI base = running.get(approach).baseUri();
        try (var socket = new java.net.Socket(base.getHost(), base.getPort())) {
            // A hang detector, not a timing claim: every answer here takes 20 ms or less.
            socket.setSoTimeout((int) Http.TIMEOUT.toMillis());
            var out = socket.getOutputStream();
            var in = new java.io.BufferedInputStream(socket.getInputStream());
            out.write(("GET /date?delayMillis=20 HTTP/1.1\r\nHost: x\r\n\r\n"
                            + "GET /date HTTP/1.1\r\nHost: x\r\n\r\n"
                            + "PATCH /date HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            List<Integer> statuses = new java.util.ArrayList<>(List.of(status(in), status(in), status(in)));
            out.write("GET /date?delayMillis=1 HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            statuses.add(status(in));

            assertThat(statuses).containsExactly(200, 200, 405, 200);
        }
    }

    /** Reads one HTTP/1.1 response with a Content-Length or chunked body; answers its status. */
    private static int status(java.io.InputStream in) throws IOException {
        var head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("connection closed after " + head);
            }
            head.append((char) c);
        }
        String headers = head.toString().toLowerCase(Locale.ROOT);
        var length = java.util.regex.Pattern.compile("content-length: *(\\d+)").matcher(headers);
        if (length.find()) {
            in.readNBytes(Integer.parseInt(length.group(1)));
        } else if (headers.contains("transfer-encoding: chunked")) {
            for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
                in.readNBytes(size + 2);
            }
            in.readNBytes(2);
        }
        return Integer.parseInt(head.substring(9, 12));
    }

    private static int chunkSize(java.io.InputStream in) throws IOException {
        var line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed in a chunked body");
            }
            line.append((char) c);
        }
        return Integer.parseInt(line.toString().trim(), 16);
    }

    private URI uri(Approach approach, String pathAndQuery) {
        return running.get(approach).baseUri().resolve(pathAndQuery);
    }

    static void assertRanWhereClaimed(Approach approach, Http.Response response) {
        Where expected = EXPECTED.get(approach);
        assertThat(response.threadName()).as("thread of %s", approach).matches(expected.threadName());
        assertThat(response.virtual()).as("virtual thread for %s", approach).isEqualTo(expected.virtual());
    }

    private static void assertIsDate(String body) throws ParseException {
        // The format of java.util.Date#toString, e.g. "Sun Nov 22 07:48:31 UTC 2026".
        var format = new SimpleDateFormat("EEE MMM dd HH:mm:ss zzz yyyy", Locale.US);
        format.setLenient(false);
        assertThat(format.parse(body)).isNotNull();
    }
}
