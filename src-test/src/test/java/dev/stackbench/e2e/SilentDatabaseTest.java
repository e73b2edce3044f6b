package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A database that stops answering without closing its connections (a partition: a {@link TcpProxy} frozen, not cut),
 * on every store: the request that finds it silent answers 503 {@code database unavailable} within the stated answer
 * timeout ({@code stackbench.db.answer-timeout-millis}, 1 s here) plus the connection timeout, never a hang. The request
 * comes right after a served one, so that its pooled connection is handed out without a check and its query is sent
 * into the silence. The bound allows 2 s more than the timeouts add up to, for a machine shared with other classes.
 */
@ChecksBehaviour
@ResourceLock(SharedResources.POSTGRES)
@ResourceLock(SharedResources.REDIS)
class SilentDatabaseTest {

    private static final long ANSWER_MILLIS = 1_000;
    /** The answer timeout, the connection wait (2 s) a new connection may add, and a margin for a shared machine. */
    private static final Duration BOUND = Duration.ofMillis(ANSWER_MILLIS + 2_000 + 2_000);
    /** Far above the bound: a hang shows as a client timeout, not as a test stuck for TCP's minutes. */
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(15);

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(CLIENT_TIMEOUT).build();

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({
        "platform-tomcat, jdbc",
        "webflux-netty, r2dbc",
        "platform-tomcat, redis",
        "webflux-netty, redis",
        "platform-tomcat, mongo",
        "webflux-netty, mongo"
    })
    void aSilentDatabaseAnswers503WithinTheAnswerTimeout(String approach, String store) throws Exception {
        MongoServer mongo = null;
        InetSocketAddress database;
        switch (store) {
            case "jdbc", "r2dbc" -> {
                Needs.require("PostgreSQL", Postgres.unavailable());
                database = Postgres.address();
            }
            case "redis" -> {
                Redis.Required.check();
                database = Redis.address();
            }
            default -> {
                mongo = new MongoServer(new MemoryBackend());
                database = mongo.bind();
            }
        }
        try (var proxy = new TcpProxy(database);
                var servers = new Servers()) {
            RunningServer server = servers.start(spec(approach, store, proxy));
            URI read = server.baseUri()
                    .resolve(
                            store.equals("jdbc") || store.equals("r2dbc")
                                    ? "contacts?page=0&size=5"
                                    : "movies?director=Kubrick");
            assertThat(get(read).statusCode()).isEqualTo(200);

            proxy.freeze();
            long start = System.nanoTime();
            HttpResponse<String> silent = get(read);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            proxy.thaw();

            System.out.printf(
                    "SilentDatabaseTest: %s on %s: %d in %d ms: %s%n",
                    approach, store, silent.statusCode(), took.toMillis(), silent.body());
            assertThat(silent.statusCode()).as(silent.body()).isEqualTo(503);
            assertThat(silent.body()).contains("database unavailable: ");
            assertThat(took).as("answered within the timeouts").isLessThan(BOUND);
        } finally {
            if (mongo != null) {
                mongo.shutdownNow();
            }
        }
    }

    private static ServerSpec spec(String approach, String store, TcpProxy proxy) {
        var answer = String.valueOf(ANSWER_MILLIS);
        var on = dev.stackbench.core.server.Approach.fromId(approach);
        return switch (store) {
            case "jdbc", "r2dbc" ->
                Postgres.on(ServerSpec.of(on, Workload.CRUD), DatabaseDownTest.proxied(proxy))
                        .withServerProperty("stackbench.db.answer-timeout-millis", answer)
                        .withServerProperty("stackbench.db.pool-size", "1");
            case "redis" ->
                ServerSpec.of(on, Workload.MOVIES)
                        .withServerProperty("stackbench.movies.store", "redis")
                        .withServerProperty("stackbench.movies.cache", "false")
                        .withServerProperty("stackbench.redis.url", "redis://127.0.0.1:" + proxy.port())
                        .withServerProperty("stackbench.db.answer-timeout-millis", answer);
            default ->
                ServerSpec.of(on, Workload.MOVIES)
                        .withServerProperty("stackbench.movies.store", "mongo")
                        .withServerProperty("stackbench.movies.cache", "false")
                        .withServerProperty("stackbench.mongo.uri", "mongodb://127.0.0.1:" + proxy.port() + "/movies")
                        .withServerProperty("stackbench.db.answer-timeout-millis", answer);
        };
    }

    private HttpResponse<String> get(URI uri) throws Exception {
        return client.send(
                HttpRequest.newBuilder(uri).timeout(CLIENT_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }
}
