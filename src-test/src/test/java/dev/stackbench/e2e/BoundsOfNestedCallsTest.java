package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ThroughputBound;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.server.WorkloadParams;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.BoundByWaits;
import dev.stackbench.testing.SharedResources;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The bounds {@link ThroughputBound} derives from what real servers report ({@code RunningServer.limits()}),
 * held against the load generator's measurement: a derived bound is never beaten (Little's law, 10% for the
 * window's edges) and is approached when the pool is the limit; where the rules say "not derivable", the
 * formula they refuse is shown to be wrong. Ratios of the same run only, no absolute times.
 *
 * <p>The runs on pools of their own are measured at once, before the tests read them: each is bound by its waits (at most
 * 160 requests/s of 50-200 ms waits, a small part of these 2 cores), so their bounds hold side by side as alone, as
 * LittlesLawTest's do. The common pool's run is measured in its own test, alone: that pool is the JVM's.
 */
@BoundByWaits
@ResourceLock(SharedResources.COMMON_POOL)
class BoundsOfNestedCallsTest {

    /** The runs measured at once, by test; each test waits for its own. */
    private static final Map<String, Future<RunResult>> MEASURED_AT_ONCE = new ConcurrentHashMap<>();

    private static ExecutorService atOnce;

    /**
     * Long against what a nested HTTP call costs on a busy 2-core machine (up to about 40 ms measured while other builds
     * ran), so that a bound the pool sets is approached; the starvation test needs no such margin.
     */
    private static final int DELAY_MILLIS = 100;

    private static final int STARVED_DELAY_MILLIS = 50;
    /**
     * A second covers the nested client's first connections; code still interpreted only lowers the rate, which the lower
     * bounds allow for (a run with a cold JVM measured within them).
     */
    private static final Duration WARMUP = Duration.ofSeconds(1);

    private static final Duration WINDOW = Duration.ofSeconds(4);
    private static final Map<String, String> ADDED_DELAY = Map.of(
            "server.tomcat.threads.max",
            "4",
            "server.tomcat.threads.min-spare",
            "4",
            "stackbench.date.added-delay-millis",
            String.valueOf(DELAY_MILLIS));
    private static final Map<String, String> ASYNC_POOL_OF_4 =
            Map.of("spring.task.execution.pool.core-size", "4", "spring.task.execution.pool.max-size", "4");

    @BeforeAll
    static void measureTheRunsOnPoolsOfTheirOwnAtOnce(@TempDir Path temp) {
        atOnce = Executors.newFixedThreadPool(4);
        measure("asyncPool", () -> run(Approach.ASYNC_TOMCAT, ASYNC_POOL_OF_4, 2 * DELAY_MILLIS, 1, 2));
        measure("moreTasks", () -> run(Approach.ASYNC_TOMCAT, ASYNC_POOL_OF_4, DELAY_MILLIS, 1, 3));
        measure("addedDelay", () -> run(Approach.PLATFORM_TOMCAT, ADDED_DELAY, DELAY_MILLIS, 0, 16));
        measure("starved", () -> starvedLoad(temp.resolve("starved")));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        atOnce.shutdownNow();
        // Before the temporary directory goes: a run still going writes into it.
        atOnce.awaitTermination(1, TimeUnit.MINUTES);
    }

    private static void measure(String test, Callable<RunResult> run) {
        MEASURED_AT_ONCE.put(test, atOnce.submit(run));
    }

    private static RunResult measured(String test) throws Exception {
        try {
            return MEASURED_AT_ONCE.get(test).get(2, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case Error error -> throw error;
                case Exception exception -> throw exception;
                default -> throw e;
            }
        }
    }

    /** Until every run measured at once has ended, however it ended. */
    private static void awaitTheRunsMeasuredAtOnce() throws InterruptedException {
        for (var run : MEASURED_AT_ONCE.values()) {
            try {
                run.get(2, TimeUnit.MINUTES);
            } catch (ExecutionException | TimeoutException e) {
                // its own test reports it
            }
        }
    }

    /**
     * async-tomcat, @Async pool of 4, one nested call: 2 users put 2 x 2 tasks in the pool, so all 4 threads work,
     * 10 req/s at 200 ms. The old rule counted 2 threads for 2 users (5 req/s), which the server beats. The long
     * delay leaves the nested call's own cost (up to 40 ms seen on a busy machine) a small part of each request.
     */
    @Test
    void theAsyncPoolServesEveryLevelOfANestedCall() throws Exception {
        RunResult result = measured("asyncPool");

        assertThat(ThroughputBound.all(result))
                .extracting(ThroughputBound::describe)
                .contains("4 threads / (2 × 200 ms) = 10 req/s");
        assertThat(ThroughputBound.notDerived(result)).isEmpty();
        double bound = ThroughputBound.binding(result).orElseThrow().requestsPerSecond();
        assertThat(result.requests().errors())
                .as("errors %s", result.requests().errorsByClass())
                .isZero();
        assertThat(result.rps())
                .as("rps against the bound %.1f", bound)
                .isLessThanOrEqualTo(1.10 * bound)
                .as("rps against the bound %.1f: above 0.6 of it, so above the old reading's half of it", bound)
                .isGreaterThan(0.60 * bound);
    }

    /** 3 users, 6 tasks for 4 threads: the pool is the bound, and the server stays within it. */
    @Test
    void moreTasksThanThreadsStayWithinThePoolBound() throws Exception {
        RunResult result = measured("moreTasks");

        ThroughputBound bound = ThroughputBound.binding(result).orElseThrow();
        assertThat(bound.describe()).isEqualTo("4 threads / (2 × 100 ms) = 20 req/s");
        assertThat(result.requests().errors())
                .as("errors %s", result.requests().errorsByClass())
                .isZero();
        // Below the bound by the threads that outer levels hold while their nested call waits for one (3/4 of it
        // in theory, about 0.8 measured on an idle machine), and by the nested call's own cost.
        assertThat(result.rps())
                .as(bound.against(result.rps()))
                .isLessThanOrEqualTo(1.10 * bound.requestsPerSecond())
                .isGreaterThan(0.40 * bound.requestsPerSecond());
    }

    /**
     * 8 users, one nested call each, 4 threads: the outer calls can take every thread while their nested calls wait in
     * the queue behind them. No pool bound is derived, and the formula 4 / (2 x 50 ms) = 40 req/s is far above what runs.
     * Through {@code load}, as a user runs it: the summary says why, and result.json carries the server's limits.
     */
    @Test
    void starvationIsDeclaredAndTheFormulaItRefusesDoesNotHold() throws Exception {
        RunResult result = measured("starved");
        assertThat(result.target().limits().blockingPool())
                .isEqualTo(new ServerLimits.ThreadPool("@Async ThreadPoolTaskExecutor", 4, 4, 1000, false));
        assertThat(ThroughputBound.notDerived(result))
                .singleElement()
                .asString()
                .contains("thread starvation");
        double refusedFormula = 4 * 1000.0 / (2 * STARVED_DELAY_MILLIS);
        assertThat(result.rps()).as("stalled chains: %s", result.requests()).isLessThan(0.5 * refusedFormula);
    }

    /**
     * commonpool-tomcat with a nested call: the outer call blocks in CompletableFuture.get, ForkJoinPool adds a
     * compensating thread, and the server beats parallelism / (2 D), the formula a plain pool would give.
     */
    @Test
    void theCommonPoolCompensatesSoItsBoundIsNotDerived() throws Exception {
        awaitTheRunsMeasuredAtOnce();
        int parallelism = ForkJoinPool.getCommonPoolParallelism();
        int delayMillis =
                2 * DELAY_MILLIS; // about twice the formula is served (1.15 leaves room for a short window's edges): a
        // long wait keeps the nested call's cost out of the way
        RunResult result = run(Approach.COMMONPOOL_TOMCAT, Map.of(), delayMillis, 1, 4 * parallelism);

        assertThat(ThroughputBound.notDerived(result))
                .singleElement()
                .asString()
                .contains("compensating threads");
        double refusedFormula = parallelism * 1000.0 / (2 * delayMillis);
        assertThat(result.requests().errors())
                .as("errors %s", result.requests().errorsByClass())
                .isZero();
        assertThat(result.rps())
                .as("rps against parallelism / (2 D) = %.1f", refusedFormula)
                .isGreaterThan(1.15 * refusedFormula);
    }

    /** A server that adds 100 ms to every date request's 100 ms: 4 threads / 200 ms = 20 req/s, not 40. */
    @Test
    void theDelayTheServerAddsIsInTheBound() throws Exception {
        RunResult result = measured("addedDelay");

        ThroughputBound bound = ThroughputBound.binding(result).orElseThrow();
        assertThat(bound.describe()).isEqualTo("4 threads / 200 ms = 20 req/s");
        assertThat(result.target().limits().addedDelayMillis()).isEqualTo(DELAY_MILLIS);
        assertThat(result.rps())
                .as(bound.against(result.rps()))
                .isLessThanOrEqualTo(1.10 * bound.requestsPerSecond())
                .isGreaterThan(0.75 * bound.requestsPerSecond());
    }

    /** {@code load} of 8 users against @Async with 4 threads, each request nesting one call: the summary is checked here. */
    private static RunResult starvedLoad(Path out) throws Exception {
        Cli.Run load = Cli.run(
                "load",
                "--approach",
                "async-tomcat",
                "--concurrency",
                "8",
                "--warmup",
                "1s",
                "--duration",
                "3s",
                "--quiet",
                "--out",
                out.toString(),
                "--workload-param",
                "delayMillis=" + STARVED_DELAY_MILLIS,
                "--workload-param",
                "callDepth=1",
                "--server-property",
                "spring.task.execution.pool.core-size=4",
                "--server-property",
                "spring.task.execution.pool.max-size=4",
                // A chain stalled by thread starvation then fails within the window, not after the default 30 s.
                "--server-property",
                "stackbench.upstream.timeout=1s");

        assertThat(load.exitCode()).as(load.err()).isZero();
        assertThat(load.out())
                .contains("Bound:        8 users / 50 ms = 160 req/s")
                .contains(
                        "Not derived:  pool: 8 requests in flight with 1 nested call each can hold all 4 threads of @Async ThreadPoolTaskExecutor");
        return Results.run(out);
    }

    /** One closed-model run of {@code users} against a fresh server, recorded with the server's limits as {@code load} records them. */
    private static RunResult run(
            Approach approach, Map<String, String> serverProperties, int delayMillis, int callDepth, int users)
            throws Exception {
        var params = Map.of(
                WorkloadParams.DELAY_MILLIS,
                String.valueOf(delayMillis),
                WorkloadParams.CALL_DEPTH,
                String.valueOf(callDepth));
        try (var servers = new Servers()) {
            RunningServer server =
                    servers.start(ServerSpec.of(approach, Workload.DATE).withServerProperties(serverProperties));
            var profile = new LoadProfile.Closed(users, ThinkTime.NONE, WINDOW, OptionalLong.empty());
            var run = LoadRun.of(server.baseUri(), profile, WARMUP).withMix(WorkloadMixes.of(Workload.DATE, params));
            return Results.measure(run, server, approach, Workload.DATE, params).result();
        }
    }
}
