package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.gate.Gate;
import dev.stackbench.core.gate.GateOptions;
import dev.stackbench.core.gate.GateRule;
import dev.stackbench.core.gate.Verdict;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.result.read.ResultReader;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.MeasuresSpeed;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Statistics per request name, and headers, against a real server: a delay added to POSTs alone shows in the
 * POSTs' numbers only, fails a threshold and a gate rule that name them and passes those that name the GETs.
 * Assertions are physical: the server holds every POST for its delay.
 */
@MeasuresSpeed
class ByRequestTest {

    private static final Duration POST_DELAY = Duration.ofMillis(40);

    @TempDir
    Path out;

    private static final List<String> MIX = List.of("get-items=3:GET:/items", "post-items=1:POST:/items:@body.json");

    private Measurement run(NamedRequestsServer server, Duration duration) throws Exception {
        var body = out.resolve("body.json");
        java.nio.file.Files.writeString(body, "{\"name\":\"x\"}");
        var run = LoadRun.of(
                        server.uri("/"),
                        new LoadProfile.Closed(8, ThinkTime.NONE, duration, OptionalLong.empty()),
                        Duration.ZERO)
                .withMix(RequestSpecs.parse(MIX, out));
        // One label for both servers' runs (their ports differ), so that a gate compares them.
        return LoadGenerator.run(run, RunResult.Target.url(run.target()).withLabel("items"), ProgressListener.NONE);
    }

    @Test
    void perNameStatisticsAddUpToTheTotalsAndShowWhereTheDelayIs() throws Exception {
        RunResult result;
        try (var server = NamedRequestsServer.http1(POST_DELAY)) {
            result = run(server, Duration.ofSeconds(1)).result();
        }
        assertThat(result.byRequest())
                .extracting(RunResult.RequestStats::name)
                .containsExactly("get-items", "post-items");
        var gets = result.request("get-items").orElseThrow();
        var posts = result.request("post-items").orElseThrow();
        assertThat(gets.ok() + posts.ok()).isEqualTo(result.requests().ok());
        assertThat(gets.errors() + posts.errors()).isEqualTo(result.requests().errors());
        assertThat(result.requests().errors())
                .as(dev.stackbench.core.result.Summary.of(result))
                .isZero();
        assertThat(gets.latencyMs().count() + posts.latencyMs().count())
                .isEqualTo(result.latencyMs().count());
        assertThat(result.unnamedOutcomes()).isZero();
        // Every POST waited for the server's delay; GETs need not.
        assertThat(posts.latencyMs().min()).isGreaterThanOrEqualTo(POST_DELAY.toMillis() * 0.99);
        assertThat(gets.latencyMs().min()).isLessThan(POST_DELAY.toMillis());
        assertThat(gets.rps() + posts.rps())
                .isCloseTo(result.rps(), org.assertj.core.data.Offset.offset(1e-6 * result.rps() + 1e-9));

        assertThat(Threshold.parse("p99{name=post-items}<20ms").crossedBy(result))
                .hasValueSatisfying(message -> assertThat(message).contains("of the requests named 'post-items'"));
        assertThat(Threshold.parse("errors{name=get-items}==0").crossedBy(result))
                .isEmpty();
        assertThat(Threshold.parse("min{name=get-items}<" + POST_DELAY.toMillis() + "ms")
                        .crossedBy(result))
                .isEmpty();
        assertThat(Threshold.parse("p99{name=no-such}<1s").crossedBy(result))
                .hasValueSatisfying(message -> assertThat(message)
                        .contains("no requests named 'no-such'")
                        .contains("get-items, post-items"));
    }

    /** The baseline's POSTs answered at once, the current ones after the delay: only a rule on the POSTs fails. */
    @Test
    void aGateRuleOnOneRequestNameFailsWhenThatRequestAloneIsSlowed() throws Exception {
        Path baseline = out.resolve("baseline");
        Path current = out.resolve("current");
        try (var server = NamedRequestsServer.http1(Duration.ZERO)) {
            ResultFiles.write(baseline, run(server, Duration.ofSeconds(3)));
        }
        try (var server = NamedRequestsServer.http1(POST_DELAY)) {
            var measured = run(server, Duration.ofSeconds(3));
            assertThat(measured.result().requests().errors())
                    .as(dev.stackbench.core.result.Summary.of(measured.result()))
                    .isZero();
            ResultFiles.write(current, measured);
        }
        var rules = List.<GateRule>of(
                new GateRule.ForRequest(
                        new GateRule.BaselineLimit(GateRule.ALL_TARGETS, Metric.P50, 0.15, 2), "post-items"),
                new GateRule.ForRequest(
                        new GateRule.BaselineLimit(GateRule.ALL_TARGETS, Metric.P50, 0.15, 2), "get-items"),
                new GateRule.ForRequest(new GateRule.MaxErrors(GateRule.ALL_TARGETS, 0), "post-items"));
        // Steadiness is not what this test is about: 3 s on a shared machine may be judged noisy.
        var report = Gate.check(
                rules,
                ResultReader.read(List.of(baseline)),
                ResultReader.read(List.of(current)),
                new GateOptions(false, true));

        assertThat(report.checks()).hasSize(3);
        var posts = report.checks().get(0);
        assertThat(posts.target()).endsWith(" {request=post-items}");
        assertThat(posts.verdict()).as(report.table()).isEqualTo(Verdict.FAIL);
        assertThat(posts.current().point()).isGreaterThanOrEqualTo(POST_DELAY.toMillis() * 0.99);
        assertThat(report.checks().get(1).target()).endsWith(" {request=get-items}");
        assertThat(report.checks().get(1).verdict()).as(report.table()).isNotEqualTo(Verdict.FAIL);
        assertThat(report.checks().get(2).verdict()).isEqualTo(Verdict.OK);

        // A request name the current results lack fails as missing, like a missing target.
        var missing = Gate.check(
                List.of(
                        new GateRule.MaxErrors(GateRule.ALL_TARGETS, 0),
                        new GateRule.ForRequest(
                                new GateRule.BaselineLimit(GateRule.ALL_TARGETS, Metric.P50, 0.15, 2), "get-items")),
                ResultReader.read(List.of(baseline)),
                ResultReader.read(List.of(baseline)).forRequest("post-items"),
                new GateOptions(false, true));
        assertThat(missing.missing()).containsExactly("items {request=get-items}");
        // A name no run of either side has is a typo: refused, naming the names there are, never passed.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Gate.check(
                        List.of(
                                new GateRule.MaxErrors(GateRule.ALL_TARGETS, 0),
                                new GateRule.ForRequest(new GateRule.MaxErrors(GateRule.ALL_TARGETS, 0), "post-itemz")),
                        null,
                        ResultReader.read(List.of(current)),
                        new GateOptions(false, true)))
                .isInstanceOf(dev.stackbench.core.gate.GateInputException.class)
                .hasMessageContaining("names requests 'post-itemz', which no run has (names: get-items, post-items)");
    }

    /** Headers of the run and of each request reach the server, the request's own winning; on HTTP/1.1 and HTTP/2 alike. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void headersReachTheServer(boolean http2) throws Exception {
        try (var server = http2 ? NamedRequestsServer.http2() : NamedRequestsServer.http1(Duration.ZERO)) {
            var options = LoadOptions.builder()
                    .concurrency(2)
                    // A count, not a window: on a slow moment 500 ms held 9 requests (one took 391 ms).
                    .set(LoadOption.REQUESTS, 40L)
                    .parse(LoadOption.DURATION, "60s")
                    .parse(LoadOption.WARMUP, "0s")
                    .set(LoadOption.HTTP2, http2)
                    .set(LoadOption.HEADERS, List.of("X-Run: everywhere", "X-Tenant: run", "User-Agent: my-agent/1.0"))
                    .build();
            var mix = RequestSpecs.parse(
                    List.of("1:GET:/items;X-Tenant: own;Accept: text/html;q=0.9", "1:POST:/items"), out);
            var run = options.toRun(server.uri("/"), mix, LoadOption.Naming.COMMAND_LINE);
            var result = LoadGenerator.run(run, RunResult.Target.url(run.target()), ProgressListener.NONE)
                    .result();

            assertThat(result.requests().errors())
                    .as(dev.stackbench.core.result.Summary.of(result))
                    .isZero();
            // Enough requests that both of the mix's (drawn at random, half each) surely came: 2^-39 that one did not.
            assertThat(result.requests().ok())
                    .as(dev.stackbench.core.result.Summary.of(result))
                    .isEqualTo(40);
            assertThat(server.lastHeaders("GET"))
                    .containsEntry("x-run", "everywhere")
                    .containsEntry("x-tenant", "own")
                    .containsEntry("accept", "text/html;q=0.9")
                    .containsEntry("user-agent", "my-agent/1.0");
            assertThat(server.lastHeaders("POST"))
                    .containsEntry("x-run", "everywhere")
                    .containsEntry("x-tenant", "run")
                    .containsEntry("user-agent", "my-agent/1.0")
                    .doesNotContainEntry("accept", "text/html;q=0.9");
            assertThat(result.byRequest())
                    .extracting(RunResult.RequestStats::name)
                    .containsExactly("get-items", "post-items");
        }
    }

    @Test
    void requestNamesAndHeadersAreCheckedBeforeARun() throws Exception {
        var named = RequestSpecs.parse(
                List.of("reads=75:GET:/movies?director=Allen", "25:POST:/movies", "5:GET:/movies?director=Kubrick"),
                out);
        assertThat(named.names()).containsExactly("reads", "post-movies", "get-movies");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RequestSpecs.parse(List.of("bad name=1:GET:/"), out))
                .hasMessageContaining("request name 'bad name'");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> RequestSpecs.parse(List.of("1:GET:/;Content-Length: 5"), out))
                .hasMessageContaining("Content-Length is set by the generator");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LoadOptions.builder()
                        .set(LoadOption.HEADERS, List.of("X-A: b\r\nX-Injected: c"))
                        .build()
                        .toRun(java.net.URI.create("http://127.0.0.1:1/"), null, LoadOption.Naming.COMMAND_LINE))
                .hasMessageContaining("line break");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LoadOptions.builder()
                        .set(LoadOption.HEADERS, List.of("no colon"))
                        .build()
                        .toRun(java.net.URI.create("http://127.0.0.1:1/"), null, LoadOption.Naming.COMMAND_LINE))
                .hasMessageContaining("is not 'Name: value'");
        assertThat(Optional.of(Threshold.parse("p99{name=post-movies}<250ms")).map(Threshold::request))
                .contains("post-movies");
        // A request's own Content-Type replaces the JSON default, whatever its case: one header, not two.
        java.nio.file.Files.writeString(out.resolve("x.xml"), "<x/>");
        var xml = RequestSpecs.parse(List.of("1:POST:/m:@x.xml;content-type: application/xml"), out)
                .entries()
                .getFirst()
                .template();
        assertThat(xml.headers()).containsExactly(Map.entry("content-type", "application/xml"));
    }
}
