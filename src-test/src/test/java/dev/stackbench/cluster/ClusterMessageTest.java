package dev.stackbench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestTemplate;
import dev.stackbench.core.load.Warmup;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** An agent is sent the coordinator's run itself, as a typed message: what it decodes is the run that was validated. */
@ChecksBehaviour
class ClusterMessageTest {

    private static final URI TARGET = URI.create("http://10.0.0.1:8080/date?delayMillis=5");

    static Stream<LoadRun> runs() {
        var mix = new RequestMix(List.of(
                new RequestMix.Entry(RequestTemplate.get("get-by-director", "/movies?director=Allen"), 3),
                new RequestMix.Entry(
                        RequestTemplate.postJson("post-movies", "/movies", "[{\"title\":\"Zelig\"}]")
                                .withHeadersUnder(Map.of("X-Tenant", "a"))
                                .expectingBodyToContain("ok"),
                        1)));
        return Stream.of(
                LoadRun.of(
                                TARGET,
                                new LoadProfile.Open(1500.5, Duration.ofSeconds(20)),
                                new Warmup.Fixed(Duration.ofSeconds(3)))
                        .withConnections(64)
                        .withThreads(3)
                        .withHttp2(true)
                        .withMix(mix),
                LoadRun.of(
                                TARGET,
                                new LoadProfile.Closed(
                                        40, ThinkTime.parse("1s..3s"), Duration.ofMillis(2500), OptionalLong.empty()),
                                Duration.ofSeconds(1))
                        .withKeepAlive(false)
                        .withTimeouts(Duration.ofMillis(750), Duration.ofSeconds(9)),
                LoadRun.of(
                        TARGET,
                        new LoadProfile.RampingUsers(
                                Stages.parse("10s:50,20s:50,5s:0").stages(), ThinkTime.NONE),
                        Duration.ZERO),
                LoadRun.of(
                                URI.create("https://example.test:8443/"),
                                new LoadProfile.RampingRate(Stages.parse("5s:100/s,0s:400/s,5s:400/s")
                                        .stages()),
                                Duration.ofSeconds(2))
                        .withInsecure(true));
    }

    @ParameterizedTest
    @MethodSource("runs")
    void anOrderCarriesTheRunItself(LoadRun run) {
        var order = new ClusterMessage.Order("run-1", run, 1, 3, 123_456_789L);

        ClusterMessage decoded = ClusterMessage.decode(ClusterMessage.encode(order));

        assertThat(decoded).isEqualTo(order);
        assertThat(((ClusterMessage.Order) decoded).run().profile().describe())
                .isEqualTo(run.profile().describe());
    }
}
