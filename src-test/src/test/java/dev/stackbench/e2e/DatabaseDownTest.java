package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * PostgreSQL going away under a running server, on every approach: each request answers 503
 * {@code database unavailable: ...} (never 500, never a hang: connections are waited for at most
 * {@code Database.CONNECTION_TIMEOUT_MILLIS}, 2 s), and the server serves again once the database is
 * back. The database goes away through a {@link TcpProxy} the test cuts, not by stopping the
 * PostgreSQL other tests share. (A database unreachable at start: {@link DatabaseUnreachableAtStartTest}.)
 */
@ChecksBehaviour
@ResourceLock(SharedResources.POSTGRES)
class DatabaseDownTest {

    static final String CONTACT = "{\"firstName\":\"Ada\",\"lastName\":\"Lovelace\",\"email\":\"ada@example.org\"}";
    static final String MOVIE =
            "[{\"title\":\"T\",\"year\":2000,\"genre\":\"Drama\",\"rating\":5,\"directors\":[{\"lastName\":\"Kubrick\"}]}]";
    /** Attempts, 250 ms apart, for the server to serve again once the database is back. */
    static final int RECOVERY_ATTEMPTS = 40;

    @ParameterizedTest
    @EnumSource(Approach.class)
    @Postgres.Needed
    void contactsAnswer503WhileTheDatabaseIsDownAndRecover(Approach approach) throws Exception {
        try (var proxy = new TcpProxy(Postgres.address());
                var servers = new Servers();
                var http = new Http()) {
            // One connection: the first request after the cut finds it broken, the second finds none (JDBC waits the 2
            // s timeout).
            RunningServer server = servers.start(Postgres.on(ServerSpec.of(approach, Workload.CRUD), proxied(proxy))
                    .withServerProperty("stackbench.db.pool-size", "1"));
            URI contacts = server.baseUri().resolve("contacts");
            Http.Response created = http.send("POST", contacts, CONTACT);
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            URI one = contacts.resolve("contacts/"
                    + MoviesAndCrudOnEveryApproachTest.json(created).get("id").asLong());

            proxy.cut();
            assertUnavailable(approach, List.of(http.send("POST", contacts, CONTACT), http.get(one)));

            proxy.restore();
            assertServesAgain(() -> http.send("POST", contacts, CONTACT));
        }
    }

    /** Writes in a transaction (TransactionTemplate, TransactionalOperator) and reads past the cache. */
    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"PLATFORM_TOMCAT", "WEBFLUX_NETTY"}) // JDBC and R2DBC
    @Postgres.Needed
    void moviesAnswer503WhileTheDatabaseIsDownAndRecover(Approach approach) throws Exception {
        try (var proxy = new TcpProxy(Postgres.address());
                var servers = new Servers();
                var http = new Http()) {
            RunningServer server = servers.start(Postgres.on(ServerSpec.of(approach, Workload.MOVIES), proxied(proxy))
                    .withServerProperty("stackbench.movies.cache", "false")
                    .withServerProperty("stackbench.db.pool-size", "1"));
            URI movies = server.baseUri().resolve("movies");
            URI kubrick = server.baseUri().resolve("movies?director=Kubrick");
            assertThat(http.get(kubrick).status()).isEqualTo(200);

            proxy.cut();
            assertUnavailable(approach, List.of(http.send("POST", movies, MOVIE), http.get(kubrick)));

            proxy.restore();
            assertServesAgain(() -> http.send("POST", movies, MOVIE));
        }
    }

    static String proxied(TcpProxy proxy) {
        return "postgresql://127.0.0.1:" + proxy.port() + "/" + Postgres.database();
    }

    static void assertUnavailable(Approach approach, List<Http.Response> answers) {
        for (Http.Response answer : answers) {
            assertThat(answer.status()).as(answer.body()).isEqualTo(503);
            ErrorBodies.assertClean(answer);
            assertThat(answer.message()).startsWith("database unavailable: ");
        }
        // Measured, not asserted (absolute times flake on a shared machine): the connection timeout is 2 s.
        System.out.println(approach + ", database down: "
                + answers.stream()
                        .map(answer -> answer.elapsed().toMillis() + " ms (" + answer.message() + ")")
                        .toList());
    }

    interface Request {
        Http.Response send() throws Exception;
    }

    static void assertServesAgain(Request request) throws Exception {
        Http.Response last = null;
        for (int attempt = 0; attempt < RECOVERY_ATTEMPTS; attempt++) {
            last = request.send();
            if (last.status() / 100 == 2) {
                return;
            }
            assertThat(last.status()).as(last.body()).isEqualTo(503);
            Thread.sleep(Duration.ofMillis(250));
        }
        assertThat(last.status())
                .as("still not serving after the database came back: %s", last.body())
                .isBetween(200, 299);
    }
}
