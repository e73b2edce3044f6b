package dev.stackbench.core.result;

import static dev.stackbench.core.result.TestResults.async;
import static dev.stackbench.core.result.TestResults.commonPool;
import static dev.stackbench.core.result.TestResults.elastic;
import static dev.stackbench.core.result.TestResults.tomcat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each bound's arithmetic and wording, which one binds, and which cannot be derived and why. */
@ChecksBehaviour
class ThroughputBoundTest {

    private static final Map<String, String> DELAY_100 = Map.of("delayMillis", "100");
    private static final Map<String, String> DELAY_50_ONE_NESTED_CALL = Map.of("delayMillis", "50", "callDepth", "1");

    @Test
    void twoHundredTomcatThreadsAndAOneSecondSleep() {
        var result =
                TestResults.closed("platform-tomcat", tomcat(200), Map.of("delayMillis", "1000"), 1000, "0s", 199.2);

        var bound = ThroughputBound.binding(result).orElseThrow();

        assertThat(bound.against(result.rps())).isEqualTo("200 threads / 1000 ms = 200 req/s; measured 199 (99.6%)");
        assertThat(bound.source()).isEqualTo("Tomcat request threads: 200 threads, delayMillis=1000");
        assertThat(ThroughputBound.notDerived(result)).isEmpty();
        assertThat(Summary.of(result))
                .contains("Bound:        200 threads / 1000 ms = 200 req/s; measured 199 (99.6%)")
                .doesNotContain("Not derived");
    }

    @Test
    void fewerUsersThanThreadsMakeTheClosedModelTheBound() {
        var result = TestResults.closed("platform-tomcat", tomcat(200), DELAY_100, 8, "0s", 78.2);

        assertThat(ThroughputBound.all(result)).hasSize(2);
        assertThat(ThroughputBound.binding(result).orElseThrow().against(78.2))
                .isEqualTo("8 users / 100 ms = 80 req/s; measured 78.2 (98%)");
    }

    @Test
    void thinkTimeAddsToTheCycleOfEachUser() {
        var result = TestResults.closed("loom-netty", TestResults.virtualThreads(), DELAY_100, 50, "400ms..600ms", 99);

        var bound = ThroughputBound.binding(result).orElseThrow();

        assertThat(bound.describe()).isEqualTo("50 users / (100 ms + 500 ms think) = 83.3 req/s");
        assertThat(ThroughputBound.all(result))
                .as("virtual threads: no pool bound")
                .hasSize(1);
        assertThat(ThroughputBound.notDerived(result))
                .as("nothing is missing: there is no pool")
                .isEmpty();
    }

    /** result.json's think time reads back through the one parser the load generator uses, and the bound takes its mean. */
    @ParameterizedTest
    @ValueSource(strings = {"0s", "1s", "1s..3s", "250ms", "1m30s", "1.5s..2500ms", "100us..300us", "2h"})
    void theThinkTimeIsReadAsTheLoadGeneratorParsesIt(String text) {
        ThinkTime think = ThinkTime.parse(text);
        double expectedMillis = (think.min().toNanos() + think.max().toNanos()) / 2.0 / 1e6;

        ThinkTime read = ResultFiles.json().readValue("\"" + text + "\"", ThinkTime.class);
        assertThat(read).isEqualTo(think);
        assertThat(read.meanMillis()).isCloseTo(expectedMillis, org.assertj.core.data.Offset.offset(1e-9));
    }

    /** A think time is a type now: a result.json whose think time is not a duration cannot be read, and says why. */
    @Test
    void anUnreadableThinkTimeIsRefusedWhenReadSayingWhy() {
        assertThatThrownBy(() -> ResultFiles.json().readValue("\"a while\"", ThinkTime.class))
                .hasMessageContaining("'a while' is not a duration");
    }

    /** A ThreadPoolExecutor starts threads beyond core-size only when its queue is full. */
    @Test
    void theAsyncPoolRunsCoreSizeThreadsUntilItsQueueIsFull() {
        var queueNotFull = TestResults.closed("async-tomcat", async(100, 200, 1000), DELAY_100, 400, "0s", 990);
        var queueFull = TestResults.closed("async-tomcat", async(100, 200, 1000), DELAY_100, 1500, "0s", 1900);

        assertThat(ThroughputBound.binding(queueNotFull).orElseThrow().describe())
                .isEqualTo("100 threads / 100 ms = 1000 req/s");
        assertThat(ThroughputBound.binding(queueNotFull).orElseThrow().source())
                .isEqualTo(
                        "@Async ThreadPoolTaskExecutor: core 100, max 200, queue 1000: 400 requests in flight never fill the queue,"
                                + " so at most 100 threads run, delayMillis=100");
        assertThat(ThroughputBound.binding(queueFull).orElseThrow().describe())
                .isEqualTo("200 threads / 100 ms = 2000 req/s");
    }

    /** A server setting adds to every date request's wait (at the bottom of its chain): the bound counts it. */
    @Test
    void theDelayTheServerAddsCountsInTheWait() {
        var result = TestResults.closed(
                "platform-tomcat",
                TestResults.withAddedDelay(tomcat(4), 50),
                Map.of("delayMillis", "50"),
                16,
                "0s",
                39);

        var bound = ThroughputBound.binding(result).orElseThrow();

        assertThat(bound.describe()).isEqualTo("4 threads / 100 ms = 40 req/s");
        assertThat(bound.source())
                .isEqualTo("Tomcat request threads: 4 threads, delayMillis=50 + 50 ms added by the server");
        assertThat(ThroughputBound.all(result))
                .extracting(ThroughputBound::describe)
                .contains("16 users / 100 ms = 160 req/s");
    }

    /** Nested calls that go to another server reach its bottom, not ours: our added delay is not in their wait. */
    @Test
    void nestedCallsToAnotherServerGiveNoPoolBound() {
        var limits = TestResults.withNestedCallsElsewhere(TestResults.withAddedDelay(tomcat(4), 50));
        var result = TestResults.closed("platform-tomcat", limits, DELAY_50_ONE_NESTED_CALL, 2, "0s", 30);

        assertThat(ThroughputBound.all(result))
                .extracting(ThroughputBound::describe)
                .containsExactly("2 users / 50 ms = 40 req/s");
        assertThat(ThroughputBound.notDerived(result))
                .containsExactly("pool: nested calls go to another server, whose time per call is not known here");
    }

    @Test
    void nestedCallsHoldAThreadAtEachLevel() {
        // 15 chains hold at most 15 outer-level threads of 20, so the bottoms always find one: no starvation.
        var result = TestResults.closed("elastic-tomcat", elastic(20), DELAY_50_ONE_NESTED_CALL, 15, "0s", 190);

        var bound = ThroughputBound.binding(result).orElseThrow();

        assertThat(bound.describe()).isEqualTo("20 threads / (2 × 50 ms) = 200 req/s");
        assertThat(bound.source()).endsWith("callDepth=1 holds 2 threads per request");
    }

    /**
     * async-tomcat with callDepth K: U requests give the @Async pool (K + 1) U tasks, not U. With core 4 and K = 1,
     * 2 users fill the 4 threads (the old reading, 2 threads for 2 users, said 20 req/s where 2 users get about 33).
     */
    @Test
    void theAsyncPoolReceivesATaskPerLevelOfEachChain() {
        var twoUsers = TestResults.closed("async-tomcat", async(4, 4, 1000), DELAY_50_ONE_NESTED_CALL, 2, "0s", 33);
        var threeUsers = TestResults.closed("async-tomcat", async(4, 4, 1000), DELAY_50_ONE_NESTED_CALL, 3, "0s", 33);
        var defaults =
                TestResults.closed("async-tomcat", async(100, 200, 1000), DELAY_50_ONE_NESTED_CALL, 60, "0s", 700);

        assertThat(ThroughputBound.all(twoUsers))
                .extracting(ThroughputBound::describe)
                .containsExactly("4 threads / (2 × 50 ms) = 40 req/s", "2 users / 50 ms = 40 req/s");
        assertThat(ThroughputBound.binding(threeUsers).orElseThrow().describe())
                .isEqualTo("4 threads / (2 × 50 ms) = 40 req/s");
        assertThat(ThroughputBound.binding(defaults).orElseThrow().describe())
                .isEqualTo("100 threads / (2 × 50 ms) = 1000 req/s");
        assertThat(ThroughputBound.notDerived(threeUsers)).isEmpty();
    }

    /**
     * With K U >= core the chains' outer levels can hold every thread while their nested calls wait in the queue
     * behind them: the server stalls until a timeout, so N / ((K + 1) D) would explain nothing.
     */
    @Test
    void nestedCallsThatCanStarveThePoolGiveNoPoolBound() {
        var async = TestResults.closed("async-tomcat", async(4, 4, 1000), DELAY_50_ONE_NESTED_CALL, 4, "0s", 0);
        var elastic = TestResults.open("elastic-tomcat", elastic(20), DELAY_50_ONE_NESTED_CALL, 1000, 500, 3);

        assertThat(ThroughputBound.all(async))
                .extracting(ThroughputBound::describe)
                .containsExactly("4 users / 50 ms = 80 req/s");
        assertThat(ThroughputBound.notDerived(async))
                .containsExactly(
                        "pool: 4 requests in flight with 1 nested call each can hold all 4"
                                + " threads of @Async ThreadPoolTaskExecutor while their nested calls wait in its queue behind them (thread starvation until a timeout)");
        assertThat(Summary.of(async))
                .contains("Bound:        4 users / 50 ms = 80 req/s; measured 0 (0%)")
                .contains("Not derived:  pool: 4 requests in flight with 1 nested call each can hold all 4 threads");
        assertThat(ThroughputBound.all(elastic))
                .extracting(ThroughputBound::describe)
                .containsExactly("offered rate = 1000 req/s");
        assertThat(ThroughputBound.notDerived(elastic))
                .singleElement()
                .asString()
                .contains("500 requests in flight", "thread starvation");
    }

    /** Starvation stalls a server whatever the wait: said even without delay, where no pool bound would apply anyway. */
    @Test
    void starvationIsNamedEvenWithoutADelay() {
        // seed-003's http-platform-tomcat: 300 users, one nested call, 200 Tomcat threads: 0 requests/s, all timeouts.
        var result = TestResults.closed(
                "platform-tomcat", tomcat(200), Map.of("delayMillis", "0", "callDepth", "1"), 300, "0s", 0);

        assertThat(ThroughputBound.all(result)).isEmpty();
        assertThat(Summary.of(result))
                .contains("Bound:        none derived")
                .contains(
                        "Not derived:  pool: 300 requests in flight with 1 nested call each can hold all 200 threads of Tomcat request threads");
    }

    /** Only each chain's deepest task can wait; once those can overflow the queue, threads beyond core start as timing decides. */
    @Test
    void nestedCallsThatCanFillTheQueueGiveNoPoolBound() {
        var result = TestResults.closed("async-tomcat", async(4, 8, 1), DELAY_50_ONE_NESTED_CALL, 3, "0s", 30);

        assertThat(ThroughputBound.notDerived(result))
                .singleElement()
                .asString()
                .startsWith(
                        "pool: 3 requests in flight with 1 nested call each can fill the queue of 1 of @Async ThreadPoolTaskExecutor");
    }

    @Test
    void theCommonPoolIsBoundByTheJvmsParallelism() {
        var result = TestResults.closed("commonpool-tomcat", commonPool(1), DELAY_100, 50, "0s", 9.9);

        assertThat(ThroughputBound.binding(result).orElseThrow().against(9.9))
                .isEqualTo("1 thread / 100 ms = 10 req/s; measured 9.9 (99%)");
    }

    /** A nested call blocks in CompletableFuture.get, and ForkJoinPool compensates: more threads than its parallelism serve. */
    @Test
    void theCommonPoolWithNestedCallsGivesNoPoolBound() {
        var result = TestResults.closed("commonpool-tomcat", commonPool(1), DELAY_50_ONE_NESTED_CALL, 4, "0s", 19.8);

        assertThat(ThroughputBound.all(result))
                .extracting(ThroughputBound::describe)
                .containsExactly("4 users / 50 ms = 80 req/s");
        assertThat(ThroughputBound.notDerived(result))
                .singleElement()
                .asString()
                .contains(
                        "ForkJoinPool.managedBlock",
                        "compensating threads",
                        "more threads hold requests than its size of 1");
    }

    /** Results from before servers reported their limits: no pool bound, and the summary says why. */
    @Test
    void aResultWithoutLimitsGivesNoPoolBoundAndSaysWhy() {
        var result = TestResults.closed("platform-tomcat", null, DELAY_100, 32, "0s", 79);

        assertThat(ThroughputBound.all(result))
                .extracting(ThroughputBound::describe)
                .containsExactly("32 users / 100 ms = 320 req/s");
        assertThat(ThroughputBound.notDerived(result))
                .containsExactly("pool: the result was written before servers recorded their limits");
    }

    @Test
    void anOpenModelIsBoundByItsRateAndNoDelayMeansNoPoolBound() {
        var result = TestResults.open("platform-tomcat", tomcat(200), Map.of("delayMillis", "0"), 500, 100, 499);

        assertThat(ThroughputBound.all(result))
                .singleElement()
                .satisfies(bound -> assertThat(bound.describe()).isEqualTo("offered rate = 500 req/s"));
        assertThat(ThroughputBound.notDerived(result)).isEmpty();
    }
}
