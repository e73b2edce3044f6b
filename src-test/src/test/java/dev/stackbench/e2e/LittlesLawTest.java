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
import dev.stackbench.testing.MeasuresSpeed;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
 */
@MeasuresSpeed
class LittlesLawTest {

    /** Users per pool thread, so that every pool-bound run waits about 4 D: long enough to queue, short against the window. */
    static final int USERS_PER_THREAD = 4;

    static final int USERS_WITHOUT_POOL = 32;
    static final Duration DELAY = Duration.ofMillis(100);
    static final Duration WINDOW = Duration.ofSeconds(2);

    @ParameterizedTest(name = "{0} with a pool of {1}")
    @CsvSource({
        "platform-tomcat, 8",
        "async-tomcat, 8",
        "async-tomcat, 4",
        "elastic-tomcat, 8",
        "elastic-netty, 4",
        "commonpool-tomcat, 0",
        "loom-tomcat, -1",
        "loom-netty, -1",
        "webflux-netty, -1"
    })
    void throughputAndLatencyFollowThePoolOrTheUsers(String approachId, int poolSize) throws Exception {
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
        assertThat(result.latencyMs().mean())
                .as("mean latency against C/bound = %.0f ms", boundLatencyMs)
                .isGreaterThanOrEqualTo(0.9 * boundLatencyMs)
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
