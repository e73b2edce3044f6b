package dev.stackbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each bound's arithmetic and wording, and which one binds. */
class ThroughputBoundTest {

    private static final Map<String, String> ASYNC_POOL = Map.of("spring.task.execution.pool.core-size", "100",
            "spring.task.execution.pool.max-size", "200", "spring.task.execution.pool.queue-capacity", "1000");

    @Test
    void twoHundredTomcatThreadsAndAOneSecondSleep() {
        var result = TestResults.closed("platform-tomcat", Map.of("server.tomcat.threads.max", "200"), Map.of("delayMillis", "1000"),
                1000, "0s", 199.2);

        var bound = ThroughputBound.binding(result).orElseThrow();

        assertThat(bound.against(result.rps())).isEqualTo("200 threads / 1000 ms = 200 req/s; measured 199 (99.6%)");
        assertThat(bound.source()).isEqualTo("server.tomcat.threads.max=200, delayMillis=1000");
        assertThat(Summary.of(result)).contains("Bound:        200 threads / 1000 ms = 200 req/s; measured 199 (99.6%)");
    }

    @Test
    void fewerUsersThanThreadsMakeTheClosedModelTheBound() {
        var result = TestResults.closed("platform-tomcat", Map.of("server.tomcat.threads.max", "200"), Map.of("delayMillis", "100"),
                8, "0s", 78.2);

        assertThat(ThroughputBound.all(result)).hasSize(2);
        assertThat(ThroughputBound.binding(result).orElseThrow().against(78.2)).isEqualTo("8 users / 100 ms = 80 req/s; measured 78.2 (98%)");
    }

    @Test
    void thinkTimeAddsToTheCycleOfEachUser() {
        var result = TestResults.closed("loom-netty", Map.of(), Map.of("delayMillis", "100"), 50, "400ms..600ms", 99);

        var bound = ThroughputBound.binding(result).orElseThrow();

        assertThat(bound.describe()).isEqualTo("50 users / (100 ms + 500 ms think) = 83.3 req/s");
        assertThat(ThroughputBound.all(result)).as("virtual threads: no pool bound").hasSize(1);
    }

    /** A ThreadPoolExecutor starts threads beyond core-size only when its queue is full. */
    @Test
    void theAsyncPoolRunsCoreSizeThreadsUntilItsQueueIsFull() {
        var queueNotFull = TestResults.closed("async-tomcat", ASYNC_POOL, Map.of("delayMillis", "100"), 400, "0s", 990);
        var queueFull = TestResults.closed("async-tomcat", ASYNC_POOL, Map.of("delayMillis", "100"), 1500, "0s", 1900);

        assertThat(ThroughputBound.binding(queueNotFull).orElseThrow().describe()).isEqualTo("100 threads / 100 ms = 1000 req/s");
        assertThat(ThroughputBound.binding(queueNotFull).orElseThrow().source()).contains("never fill the queue");
        assertThat(ThroughputBound.binding(queueFull).orElseThrow().describe()).isEqualTo("200 threads / 100 ms = 2000 req/s");
    }

    @Test
    void nestedCallsHoldAThreadAtEachLevel() {
        var result = TestResults.open("elastic-tomcat", Map.of("stackbench.elastic.max-threads", "20"),
                Map.of("delayMillis", "50", "callDepth", "1"), 1000, 500, 190);

        var bound = ThroughputBound.binding(result).orElseThrow();

        assertThat(bound.describe()).isEqualTo("20 threads / (2 × 50 ms) = 200 req/s");
        assertThat(bound.source()).endsWith("callDepth=1 holds 2 threads per request");
    }

    @Test
    void theCommonPoolIsBoundByTheJvmsParallelism() {
        var result = TestResults.closed("commonpool-tomcat", Map.of(), Map.of("delayMillis", "100"), 50, "0s", 9.9);

        assertThat(ThroughputBound.binding(result).orElseThrow().against(9.9))
                .isEqualTo("1 thread / 100 ms = 10 req/s; measured 9.9 (99%)");
    }

    @Test
    void anOpenModelIsBoundByItsRateAndNoDelayMeansNoPoolBound() {
        var result = TestResults.open("platform-tomcat", Map.of("server.tomcat.threads.max", "200"), Map.of("delayMillis", "0"), 500, 100, 499);

        assertThat(ThroughputBound.all(result)).singleElement().satisfies(bound -> assertThat(bound.describe()).isEqualTo("offered rate = 500 req/s"));
    }
}
