package dev.stackbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Execution;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code target.limits} in result.json: written as numbers, read back whole, and absent in older files without harm. */
@ChecksBehaviour
class TargetLimitsTest {

    /** Written before servers reported their limits (seed-000 as first committed): an @Async pool of core 100, 1000 users, 250 ms. */
    private static final Path OLD_RESULT =
            Path.of("src", "test", "resources", "old-results", "seed-000-01-async-tomcat", "result.json");

    @Test
    void limitsRoundTripThroughResultJson() {
        var result = TestResults.closed(
                "async-tomcat", TestResults.async(4, 8, 1000), Map.of("delayMillis", "50"), 3, "0s", 30);

        String json = ResultFiles.json().writeValueAsString(result);
        RunResult read = ResultFiles.json().readValue(json, RunResult.class);

        assertThat(read.target().limits()).isEqualTo(result.target().limits());
        var limits = ResultFiles.json().readTree(json).path("target").path("limits");
        assertThat(limits.path("execution").asString()).isEqualTo(Execution.TASK_POOL.name());
        assertThat(limits.path("blockingPool").path("coreThreads").asInt()).isEqualTo(4);
        assertThat(limits.path("blockingPool").path("maxThreads").asInt()).isEqualTo(8);
        assertThat(limits.path("blockingPool").path("queueCapacity").asInt()).isEqualTo(1000);
    }

    @Test
    void anOldResultReadsWithoutLimitsAndGetsNoPoolBound() {
        RunResult old = ResultFiles.json().readValue(OLD_RESULT.toFile(), RunResult.class);

        assertThat(old.target().approach()).isEqualTo("async-tomcat");
        assertThat(old.target().serverSettings())
                .as("its settings are still there, as text")
                .isNotEmpty();
        assertThat(old.target().limits()).isNull();
        assertThat(ThroughputBound.all(old))
                .extracting(ThroughputBound::describe)
                .containsExactly("1000 users / 250 ms = 4000 req/s");
        assertThat(ThroughputBound.notDerived(old))
                .containsExactly("pool: the result was written before servers recorded their limits");
        assertThat(Summary.of(old))
                .contains("Not derived:  pool: the result was written before servers recorded their limits");
    }
}
