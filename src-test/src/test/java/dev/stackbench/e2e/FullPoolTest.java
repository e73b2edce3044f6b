package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A pool sized down with server properties (as 001_611aae89c4a5a15d.txt did with 3/10/100 threads)
 * refuses extra work at once with 503 instead of hanging the request. Its bounds are physical (a refusal answered sooner
 * than the 2 s delay was never queued behind it) and its counts exact, so it shares the machine.
 */
@ChecksBehaviour
class FullPoolTest {

    static final Duration DELAY = Duration.ofSeconds(2);
    static final int REQUESTS = 6;

    /** One thread and room for one waiting task: at most 2 of the requests can be accepted. */
    static final Map<Approach, Map<String, String>> ONE_THREAD_ONE_QUEUED = Map.of(
            Approach.ASYNC_TOMCAT,
                    Map.of(
                            "spring.task.execution.pool.core-size", "1",
                            "spring.task.execution.pool.max-size", "1",
                            "spring.task.execution.pool.queue-capacity", "1"),
            Approach.ELASTIC_TOMCAT,
                    Map.of("stackbench.elastic.max-threads", "1", "stackbench.elastic.queued-task-cap", "1"),
            Approach.ELASTIC_NETTY,
                    Map.of("stackbench.elastic.max-threads", "1", "stackbench.elastic.queued-task-cap", "1"));

    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"ASYNC_TOMCAT", "ELASTIC_TOMCAT", "ELASTIC_NETTY"})
    void aFullPoolAnswers503AtOnce(Approach approach) {
        try (var servers = new Servers();
                var http = new Http()) {
            RunningServer server = servers.start(
                    ServerSpec.of(approach, Workload.DATE).withServerProperties(ONE_THREAD_ONE_QUEUED.get(approach)));
            var uri = server.baseUri().resolve("date?delayMillis=" + DELAY.toMillis());
            // The first request pays the lazy setup (DispatcherServlet, connection); the burst should not.
            assertThat(http.getAsync(server.baseUri().resolve("date")).join().status())
                    .isEqualTo(200);

            List<Http.Response> responses =
                    IntStream.range(0, REQUESTS).mapToObj(i -> http.getAsync(uri)).toList().stream()
                            .map(CompletableFuture::join)
                            .toList();

            List<Http.Response> refused =
                    responses.stream().filter(r -> r.status() == 503).toList();
            List<Http.Response> served =
                    responses.stream().filter(r -> r.status() == 200).toList();
            assertThat(served.size() + refused.size()).isEqualTo(REQUESTS);
            assertThat(served).hasSizeBetween(1, 2);
            assertThat(refused).hasSizeGreaterThanOrEqualTo(REQUESTS - 2);
            // Physical bound, not a timing guess: an answer sooner than the delay was never queued behind it.
            assertThat(refused).allSatisfy(r -> {
                assertThat(r.elapsed()).isLessThan(DELAY);
                assertThat(r.message()).startsWith("pool full, request refused: ");
                ErrorBodies.assertClean(r);
            });
        }
    }
}
