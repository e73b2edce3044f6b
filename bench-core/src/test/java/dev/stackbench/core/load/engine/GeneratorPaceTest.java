package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.MeasuresSpeed;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the generator does on time, with the machine to itself: a stall shows in an open model's percentiles and hides
 * in a closed one's, a warm-up's cap ends on its boundary, thinking users send close to their bound, and an absurd
 * rate keeps the generator's threads' allocation flat (read by thread name, so no other class's generator may run).
 * Every other account of the generator's runs is {@link AccountingTest}'s and {@link LoadGeneratorTest}'s.
 */
@MeasuresSpeed
class GeneratorPaceTest {

    /**
     * wrk2's point: the server stalls once for 1 s. Measured from the intended start, the stall
     * shows in the high percentiles; measured from the actual send (service time), and in a closed
     * model, it nearly disappears, because the requests that would have been sent during the stall
     * were simply not sent.
     */
    /**
     * Well past the 1 s stall. About one closed run in 16 against this test server's /stall (none of 16 against /ok)
     * ends with a request that never had an answer: it is counted as a timeout, and with the default 30 s response
     * timeout its wait was most of this test's time.
     */
    private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(5);

    @Test
    void anOpenModelRunShowsAStallThatServiceTimeAndAClosedModelHide() throws Exception {
        Duration stall = Duration.ofSeconds(1);
        RunResult open;
        try (var server = new MisbehavingServer(false, Duration.ofMillis(1500), stall)) {
            open = EngineRuns.measure(LoadRun.of(
                                    server.uri("/stall"),
                                    new LoadProfile.Open(200, Duration.ofSeconds(4)),
                                    Duration.ZERO)
                            .withConnections(4)
                            .withTimeouts(Duration.ofSeconds(5), RESPONSE_TIMEOUT))
                    .result();
        }
        RunResult closed;
        try (var server = new MisbehavingServer(false, Duration.ofMillis(1500), stall)) {
            closed = EngineRuns.measure(LoadRun.of(
                                    server.uri("/stall"),
                                    LoadGeneratorTest.closed(4, Duration.ofSeconds(4)),
                                    Duration.ZERO)
                            .withTimeouts(Duration.ofSeconds(5), RESPONSE_TIMEOUT))
                    .result();
        }

        // About a quarter of the intended starts fall into the stall and wait up to 1 s for it.
        assertThat(open.latencyMs().p99()).isGreaterThan(0.5 * stall.toMillis());
        assertThat(open.latencyMs().p90()).isGreaterThan(0.1 * stall.toMillis());
        assertThat(open.requests().late()).isPositive();
        // Only the 4 requests in flight when the stall began were sent into it: under 1% of all.
        assertThat(open.serviceTimeMs().p99()).isLessThan(0.25 * stall.toMillis());
        assertThat(open.serviceTimeMs().max()).isGreaterThan(0.5 * stall.toMillis());
        // The closed model records one slow sample per user, and its p99 hides the stall (coordinated omission).
        assertThat(closed.latencyMs().max()).isGreaterThan(0.5 * stall.toMillis());
        assertThat(closed.latencyMs().p99()).isLessThan(open.latencyMs().p99() / 2);
    }

    /**
     * The open model at the highest rate accepted, against a server that cannot keep up: the waiting
     * requests are a range of numbers, not a list, so the generator's threads allocate far less than a
     * long (8 bytes) per scheduled request. A rate above the highest is refused before the run.
     */
    @Test
    @Timeout(120)
    void anAbsurdRateKeepsMemoryFlatAndAnImpossibleOneIsRefused() throws Exception {
        assertThatThrownBy(() -> EngineRuns.result(LoadRun.of(
                        URI.create("http://127.0.0.1:1/"),
                        new LoadProfile.Open(1e9, Duration.ofSeconds(1)),
                        Duration.ZERO)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rate of 1000000000 requests/s");

        var allocated = new GeneratorAllocation();
        RunResult result;
        try (var server = new PoolBoundServer(2, Duration.ofMillis(10))) {
            LoadRun absurd = LoadRun.of(
                            server.uri("/"),
                            new LoadProfile.Open(LoadLimits.MAX_RATE_PER_SECOND, Duration.ofSeconds(1)),
                            Duration.ZERO)
                    .withConnections(20)
                    .withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(500));
            // Once unmeasured first: what is counted is the generator's code compiled as in a long run (the JIT's
            // escape analysis removes allocations a cold run makes), whichever test of this JVM ran before.
            EngineRuns.result(absurd);
            allocated.start();
            result = EngineRuns.result(absurd);
        } finally {
            allocated.stop();
        }

        AccountingTest.assertEveryScheduledRequestHasAnOutcome(result);
        assertThat(result.requests().scheduled()).isEqualTo((long) LoadLimits.MAX_RATE_PER_SECOND);
        assertThat(allocated.bytes())
                .as("bytes allocated by the generator's loops")
                .isLessThan(result.requests().scheduled());
        assertThat(result.warnings()).anySatisfy(warning -> assertThat(warning).contains("no free connection"));
    }

    /**
     * A warm-up until steady that reaches a cap of no whole second ends at the cap; the window starts at the
     * next interval's boundary, one second later, and lasts the duration asked.
     */
    @Test
    @Timeout(60)
    void aWarmupCapIsABoundaryOfItsOwn() throws Exception {
        RunResult result;
        try (var server = new MisbehavingServer()) {
            result = EngineRuns.result(LoadRun.of(
                    server.uri("/ok"),
                    new LoadProfile.Closed(2, ThinkTime.NONE, Duration.ofSeconds(3), OptionalLong.empty()),
                    new dev.stackbench.core.load.Warmup.UntilSteady(Duration.ofMillis(2500))));
        }
        assertThat(result.window().warmupVerdict()).startsWith("not steady after the warm-up's cap of 2.5 s");
        assertThat(result.window().warmupSeconds()).isBetween(3.5, 3.6);
        assertThat(result.window().measuredSeconds()).isBetween(2.9, 3.0);
        assertThat(result.timeline().getLast().rps()).isPositive();
    }

    /**
     * Think time is honoured: U users each waiting Z between a response and their next request, against a
     * server that answers at once, send at most U / Z requests per second (Little's law), and not far less.
     */
    @Test
    @Timeout(60)
    void usersThinkBetweenRequests() throws Exception {
        int users = 4;
        Duration think = Duration.ofMillis(200);
        RunResult result;
        try (var server = new MisbehavingServer()) {
            result = EngineRuns.result(LoadRun.of(
                    server.uri("/ok"),
                    new LoadProfile.Closed(
                            users, ThinkTime.parse("200ms"), Duration.ofSeconds(3), OptionalLong.empty()),
                    Duration.ofMillis(500)));
        }
        double bound = users / (think.toNanos() / 1e9);
        AccountingTest.assertEveryScheduledRequestHasAnOutcome(result);
        assertThat(result.rps()).isLessThanOrEqualTo(1.05 * bound).isGreaterThan(0.7 * bound);
        assertThat(result.requests().scheduled()).isLessThanOrEqualTo((long) (bound * 3.3) + users);
    }

    /** Samples the bytes allocated by the generator's event-loop threads (by name) while a run goes. */
    private static final class GeneratorAllocation {
        private final Map<Long, Long> byThread = new ConcurrentHashMap<>();
        private final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        private volatile boolean running;
        private Thread sampler;

        void start() {
            // A thread's count is since it started: one still alive from an earlier run counts from here.
            Map<Long, Long> before = new ConcurrentHashMap<>();
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (thread.getName().startsWith("stackbench-load")) {
                    before.put(thread.threadId(), threads.getThreadAllocatedBytes(thread.threadId()));
                }
            }
            running = true;
            sampler = Thread.ofPlatform().daemon().start(() -> {
                while (running) {
                    for (Thread thread : Thread.getAllStackTraces().keySet()) {
                        if (thread.getName().startsWith("stackbench-load")) {
                            long bytes = threads.getThreadAllocatedBytes(thread.threadId())
                                    - before.getOrDefault(thread.threadId(), 0L);
                            byThread.merge(thread.threadId(), bytes, Math::max);
                        }
                    }
                    try {
                        TimeUnit.MILLISECONDS.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }

        void stop() throws InterruptedException {
            running = false;
            sampler.join();
        }

        long bytes() {
            return byThread.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
