package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Data is stored for real: written through one approach it reads back equal through others, and concurrent load loses nothing. */
@ChecksBehaviour
class PersistenceTest {

    /** JDBC (blocking, on three kinds of threads) and R2DBC approaches over one database. */
    @Test
    void whatOneApproachWritesTheOthersReadBackEqual() throws Exception {
        String database = "h2:mem:shared-" + UUID.randomUUID();
        try (var servers = new Servers();
                var http = new Http()) {
            // All started first: each start loads the known data set again.
            var writers = servers.start(spec(Approach.PLATFORM_TOMCAT, Workload.CRUD, database))
                    .baseUri();
            var readers = List.of(
                    servers.start(spec(Approach.WEBFLUX_NETTY, Workload.CRUD, database))
                            .baseUri(),
                    servers.start(spec(Approach.LOOM_NETTY, Workload.CRUD, database))
                            .baseUri(),
                    servers.start(spec(Approach.ASYNC_TOMCAT, Workload.CRUD, database))
                            .baseUri());
            var movieWriter = servers.start(spec(Approach.WEBFLUX_NETTY, Workload.MOVIES, database))
                    .baseUri();
            var movieReader = servers.start(spec(Approach.ELASTIC_TOMCAT, Workload.MOVIES, database))
                    .baseUri();

            Http.Response created = http.send(
                    "POST",
                    writers.resolve("contacts"),
                    "{\"firstName\":\"Grace\",\"lastName\":\"Hopper\",\"email\":\"grace@example.org\",\"phone\":\"+1 555 0100\"}");
            long id = MoviesAndCrudOnEveryApproachTest.json(created).get("id").asLong();
            for (URI reader : readers) {
                Http.Response read = http.get(reader.resolve("contacts/" + id));
                assertThat(read.status()).isEqualTo(200);
                assertThat(read.body()).isEqualTo(created.body());
            }

            Http.Response savedMovie =
                    http.send("POST", movieWriter.resolve("movies"), MoviesAndCrudOnEveryApproachTest.BARRY_LYNDON);
            assertThat(savedMovie.status()).isEqualTo(201);
            String saved =
                    MoviesAndCrudOnEveryApproachTest.json(savedMovie).get(0).toString();
            var kubrick =
                    MoviesAndCrudOnEveryApproachTest.json(http.get(movieReader.resolve("movies?director=Kubrick")));
            assertThat(kubrick.valueStream().map(Object::toString)).contains(saved);
        }
    }

    /**
     * 16 clients at once create, update and delete contacts. At the end the rows equal creates minus
     * deletes, every acknowledged update reads back, every deleted id answers 404.
     */
    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"PLATFORM_TOMCAT", "ASYNC_TOMCAT", "LOOM_NETTY", "ELASTIC_NETTY", "WEBFLUX_NETTY"})
    void concurrentWritesAreAllThere(Approach approach) throws Exception {
        checkConcurrentWrites(ServerSpec.of(approach, Workload.CRUD));
    }

    static void checkConcurrentWrites(ServerSpec spec) throws Exception {
        int contacts = 240;
        try (var servers = new Servers();
                var http = new Http()) {
            URI base = servers.start(spec).baseUri();
            var inFlight = new Semaphore(16);
            var updated = new ConcurrentHashMap<Long, String>();
            var deleted = ConcurrentHashMap.<Long>newKeySet();
            var done = new ArrayList<CompletableFuture<Void>>();
            for (int i = 0; i < contacts; i++) {
                int n = i;
                inFlight.acquire();
                done.add(http.sendAsync(
                                "POST",
                                base.resolve("contacts"),
                                "{\"firstName\":\"User\",\"lastName\":\"N" + n + "\",\"email\":\"user" + n
                                        + "@example.org\"}")
                        .thenCompose(created -> {
                            assertThat(created.status()).as(created.body()).isEqualTo(201);
                            long id = MoviesAndCrudOnEveryApproachTest.json(created)
                                    .get("id")
                                    .asLong();
                            URI one = base.resolve("contacts/" + id);
                            String lastName = "Updated" + n;
                            return http.sendAsync(
                                            "PUT",
                                            one,
                                            "{\"firstName\":\"User\",\"lastName\":\"" + lastName + "\",\"email\":\"user"
                                                    + n + "@example.org\"}")
                                    .thenCompose(put -> {
                                        assertThat(put.status()).as(put.body()).isEqualTo(200);
                                        updated.put(id, lastName);
                                        if (n % 3 != 0) {
                                            return CompletableFuture.completedFuture(null);
                                        }
                                        return http.sendAsync("DELETE", one, null)
                                                .thenAccept(delete -> {
                                                    assertThat(delete.status()).isEqualTo(204);
                                                    deleted.add(id);
                                                });
                                    });
                        })
                        .whenComplete((ignored, failure) -> inFlight.release()));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).join();

            var page = MoviesAndCrudOnEveryApproachTest.json(http.get(base.resolve("contacts?page=0&size=1000")));
            assertThat(page.get("total").asLong()).isEqualTo(contacts - deleted.size());
            assertThat(deleted).hasSize(contacts / 3);
            Map<Long, String> stored = new java.util.HashMap<>();
            page.get("items")
                    .valueStream()
                    .forEach(item -> stored.put(
                            item.get("id").asLong(), item.get("lastName").asString()));
            updated.forEach((id, lastName) -> {
                if (deleted.contains(id)) {
                    assertThat(stored).doesNotContainKey(id);
                } else {
                    assertThat(stored).containsEntry(id, lastName);
                }
            });
        }
    }

    /**
     * The crud mix drives the server with no script: it reads, updates and deletes only ids its own
     * creates answered, never two requests on one id at once, so nothing answers 404.
     */
    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"ELASTIC_TOMCAT", "LOOM_NETTY", "WEBFLUX_NETTY"})
    void theCrudMixUsesOnlyIdsItCreated(Approach approach) throws Exception {
        try (var servers = new Servers();
                var http = new Http()) {
            URI base = servers.start(ServerSpec.of(approach, Workload.CRUD)).baseUri();
            var run = LoadRun.of(
                            base,
                            new LoadProfile.Closed(8, ThinkTime.NONE, Duration.ofSeconds(2), OptionalLong.empty()),
                            Duration.ZERO)
                    .withMix(WorkloadMixes.of(Workload.CRUD, Map.of()));
            RunResult result = LoadGenerator.run(run, RunResult.Target.url(base), ProgressListener.NONE)
                    .result();

            assertThat(result.requests().errors())
                    .as("%s", result.requests().errorsByClass())
                    .isZero();
            assertThat(result.requests().ok()).isPositive();
            // The next id tells how many were created; fewer rows remain: some were deleted.
            long nextId = MoviesAndCrudOnEveryApproachTest.json(http.send(
                            "POST",
                            base.resolve("contacts"),
                            "{\"firstName\":\"Last\",\"lastName\":\"One\",\"email\":\"last@example.org\"}"))
                    .get("id")
                    .asLong();
            var page = MoviesAndCrudOnEveryApproachTest.json(http.get(base.resolve("contacts?page=0&size=1000")));
            assertThat(page.get("total").asLong()).isLessThan(nextId);
            assertThat(page.get("items")
                            .valueStream()
                            .filter(item -> item.get("lastName").asString().equals("Byron")))
                    .isNotEmpty();
        }
    }

    private static ServerSpec spec(Approach approach, Workload workload, String database) {
        return ServerSpec.of(approach, workload).withServerProperty("stackbench.db.url", database);
    }
}
