package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.BoundByWaits;
import dev.stackbench.testing.SharedResources;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Physical bounds, measured through the real load generator against every approach: C users
 * each waiting D per request. A pool of N threads serves at most N/D requests/s, and a user then
 * waits C/(N/D); an approach without a pool serves about C/D. Whatever the machine's speed,
 * throughput cannot beat those bounds, and throughput × mean latency = C (Little's law for a closed
 * system without think time). A pool-bound approach's mean latency is then at least C/(N/D).
 *
 * <p>Tolerances: at most 10% above a bound (window edges: requests started before the window may
 * finish in it), which is physics. Below, at least 75% of a pool bound (33 ms of overhead per 100 ms
 * request, for a noisy 2-core machine running client and server) and 50% of C/D: typically 90-96%
 * is measured here, and half of C/D is still twice what the largest pool tested could serve, which
 * is the point: the approach is not pool-bound.
 *
 * <p>The runs of the approaches with pools of their own and without pools run at once: each is bound by its waits, not
 * by the CPU (all of them together serve about 1,300 requests/s of 100 ms waits, a fraction of these 2 cores), so their
 * bounds hold side by side as alone. commonpool-tomcat runs after them, alone: its pool is the JVM's common pool, which
 * the others' code may also use.
 */
@BoundByWaits
@ResourceLock(SharedResources.COMMON_POOL)
class LittlesLawTest {

    /** Users per pool thread, so that every pool-bound run waits about 4 D: long enough to queue, short against the window. */
    static final int USERS_PER_THREAD = 4;

    static final int USERS_WITHOUT_POOL = 32;
    static final Duration DELAY = Duration.ofMillis(100);
    static final Duration WINDOW = Duration.ofSeconds(2);

    /** An approach and its pool's size: 0 the JVM's common pool, -1 no pool (the users are the bound). */
    record Case(String approach, int poolSize) {
        @Override
        public String toString() {
            return approach + " with a pool of " + poolSize;
        }
    }

    static final List<Case> OWN_POOLS_OR_NONE = List.of(
            new Case("platform-tomcat", 8),
            new Case("async-tomcat", 8),
            new Case("async-tomcat", 4),
            new Case("elastic-tomcat", 8),
            new Case("elastic-netty", 4),
            new Case("loom-tomcat", -1),
            new Case("loom-netty", -1),
            new Case("webflux-netty", -1));

    static final Case COMMON_POOL = new Case("commonpool-tomcat", 0);

    @Test
    void throughputAndLatencyFollowThePoolOrTheUsers() throws Exception {
        var failures = new ArrayList<String>();
        try (ExecutorService atOnce = Executors.newFixedThreadPool(OWN_POOLS_OR_NONE.size())) {
            var runs = new LinkedHashMap<Case, Future<?>>();
            for (Case each : OWN_POOLS_OR_NONE) {
                runs.put(each, atOnce.submit(() -> {
                    measureAndCheck(each);
                    return null;
                }));
            }
            for (var run : runs.entrySet()) {
                try {
                    run.getValue().get(2, TimeUnit.MINUTES);
                } catch (ExecutionException e) {
                    failures.add(run.getKey() + ": " + e.getCause());
                }
            }
        }
        try {
            measureAndCheck(COMMON_POOL);
        } catch (AssertionError e) {
            failures.add(COMMON_POOL + ": " + e.getMessage());
        }
        assertThat(failures).as("approaches whose run broke a bound").isEmpty();
    }

    private static void measureAndCheck(Case each) throws Exception {
        String approachId = each.approach();
        int poolSize = each.poolSize();
        Approach approach = Approach.fromId(approachId);
        // commonpool-tomcat: the JVM-wide common pool, whose size this JVM decided (cores - 1).
        int threads = poolSize == 0 ? ForkJoinPool.commonPool().getParallelism() : poolSize;
        boolean poolBound = threads > 0;
        int users = poolBound ? USERS_PER_THREAD * threads : USERS_WITHOUT_POOL;
        double seconds = DELAY.toNanos() / 1e9;
        double bound = poolBound ? threads / seconds : users / seconds;

        RunResult result;
        try (var servers = new Servers()) {
            RunningServer server = servers.start(
                    ServerSpec.of(approach, Workload.DATE).withServerProperties(poolProperties(approach, threads)));
            var mix = WorkloadMixes.of(Workload.DATE, Map.of("delayMillis", String.valueOf(DELAY.toMillis())));
            var profile = new LoadProfile.Closed(users, ThinkTime.NONE, WINDOW, OptionalLong.empty());
            // 600 ms: the queue of a pool-bound run fills in about 4 D = 400 ms, and nothing here is CPU-bound.
            var run = LoadRun.of(server.baseUri(), profile, Duration.ofMillis(600))
                    .withMix(mix);
            result = LoadGenerator.run(run, RunResult.Target.url(server.baseUri()), ProgressListener.NONE)
                    .result();
        }

        assertThat(result.requests().errors())
                .as("errors %s", result.requests().errorsByClass())
                .isZero();
        assertThat(result.rps())
                .as("rps against the bound %.1f", bound)
                .isLessThanOrEqualTo(1.10 * bound)
                .isGreaterThanOrEqualTo((poolBound ? 0.75 : 0.50) * bound);
        // The mean, not the median: Tomcat's and the common pool's queues are not first-in first-out,
        // so some requests overtake others and the median sits below C/rps while the mean cannot.
        double boundLatencyMs = users / bound * 1000;
        // A window keeps the requests that ended in it: near its end the short ones, so the mean sits low by up to
        // about mean/window (CI once measured 345 ms against a bound of 400 ms in a 2 s window, rps within 10%).
        double latencyEdge = result.latencyMs().mean() / WINDOW.toMillis();
        assertThat(result.latencyMs().mean())
                .as("mean latency against C/bound = %.0f ms", boundLatencyMs)
                .isGreaterThanOrEqualTo((0.9 - latencyEdge) * boundLatencyMs)
                .isLessThanOrEqualTo((poolBound ? 1.4 : 2.0) * boundLatencyMs);
        assertThat(result.latencyMs().p50()).as("p50").isGreaterThanOrEqualTo(DELAY.toMillis());
        // In a finite window, requests that began before it end in it (and the reverse): an edge error of about
        // mean/window.
        double edge = result.latencyMs().mean() / WINDOW.toMillis();
        assertThat(result.rps() * result.latencyMs().mean() / 1000)
                .as("Little's law: rps x mean latency, for %d users", users)
                .isBetween((0.90 - edge) * users, (1.05 + edge) * users);
    }

    private static Map<String, String> poolProperties(Approach approach, int threads) {
        return switch (approach) {
            case PLATFORM_TOMCAT ->
                Map.of(
                        "server.tomcat.threads.max",
                        String.valueOf(threads),
                        "server.tomcat.threads.min-spare",
                        String.valueOf(threads));
            case ASYNC_TOMCAT ->
                Map.of(
                        "spring.task.execution.pool.core-size",
                        String.valueOf(threads),
                        "spring.task.execution.pool.max-size",
                        String.valueOf(threads));
            case ELASTIC_TOMCAT, ELASTIC_NETTY -> Map.of("stackbench.elastic.max-threads", String.valueOf(threads));
            default -> Map.of();
        };
    }
}
