package dev.stackbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code startup}, {@code target.upstream} and the memory fields of {@code jvm} in result.json: round trip, summary, older files. */
@ChecksBehaviour
class StartupAndUpstreamTest {

    private static final Path OLD_RESULT =
            Path.of("src", "test", "resources", "old-results", "seed-002-webflux-netty", "result.json");

    @Test
    void theyRoundTripThroughResultJsonAndShowInTheSummary() {
        var plain = TestResults.closed("loom-netty", null, Map.of("callDepth", "1"), 3, "0s", 30);
        var upstream = new RunResult.Upstream("webflux-netty", "http://127.0.0.1:4321/", 20, "upstream-webflux-netty-");
        var jvm = new Jvm(
                2.0,
                40.0,
                1.0,
                0.1,
                4.5,
                0.3,
                100_000_000L,
                1L << 30,
                3,
                12,
                40,
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                0.2,
                1.25,
                400_000_000L,
                150_000_000L,
                null);
        var result = SampleResults.from(plain)
                .target(plain.target().withUpstream(upstream))
                .jvm(jvm)
                .startup(new RunResult.Startup(2345.6, 12000L, 456.7, 150L))
                .build();

        String json = ResultFiles.json().writeValueAsString(result);
        RunResult read = ResultFiles.json().readValue(json, RunResult.class);

        assertThat(read.startup()).isEqualTo(result.startup());
        assertThat(read.target().upstream()).isEqualTo(upstream);
        assertThat(read.jvm()).isEqualTo(jvm);
        var tree = ResultFiles.json().readTree(json);
        assertThat(tree.path("startup").path("warmMillis").asDouble()).isEqualTo(456.7);
        assertThat(tree.path("jvm").path("upstreamCpuSeconds").asDouble()).isEqualTo(1.25);
        assertThat(tree.path("jvm").path("processResidentMaxBytes").asLong()).isEqualTo(400_000_000L);
        assertThat(Summary.of(read))
                .contains(
                        "Upstream:     webflux-netty at http://127.0.0.1:4321/, 20 ms added; CPU 1.25 s (not in the server's)")
                .contains("server 2.00, upstream 1.25, client 1.00")
                .contains(
                        "Memory:       process resident up to 400 MB (server, upstream service and load generator together), heap peak 150 MB")
                .contains(
                        "Start:        2346 ms, 12000 classes loaded; again in this JVM (warm) 457 ms, 150 classes loaded");
        // Without --start-times the upstream service started first: the start is not a cold one, and says so.
        assertThat(Summary.of(read.withStartup(new RunResult.Startup(345.6, 400L, null, null))))
                .contains("Start:        346 ms, 400 classes loaded (after the upstream service's start)");
    }

    @Test
    void anOldResultReadsWithoutThemAndItsSummarySaysNothingOfThem() {
        RunResult old = ResultFiles.json().readValue(OLD_RESULT.toFile(), RunResult.class);

        assertThat(old.startup()).isNull();
        assertThat(old.target().upstream()).isNull();
        assertThat(Summary.of(old)).doesNotContain("Upstream:", "Memory:", "Start:");
    }
}
