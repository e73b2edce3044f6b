package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * Every approach serves movies and crud over its own fresh H2 database, on the thread it claims, and
 * answers every fault in the API's words ({@link FaultChecks}). {@link PostgresTest} runs the same
 * checks against PostgreSQL.
 */
@ChecksBehaviour
class MoviesAndCrudOnEveryApproachTest {

    static final String BARRY_LYNDON = """
            [{"title":"Barry Lyndon","year":1975,"genre":"Drama","rating":8.1,
              "directors":[{"firstName":"Stanley","lastName":"Kubrick"}],"writers":[{"firstName":"Stanley","lastName":"Kubrick"}],
              "characters":["Redmond Barry"],"awards":["Academy Award for Best Cinematography"]}]""";

    /** Then every fault of {@link FaultChecks}, a database error (a table dropped from the named H2 database) included. */
    @ParameterizedTest
    @EnumSource(Approach.class)
    void moviesAreReadByDirectorAndWritesPersistAndFaultsAreAnswered(Approach approach) throws Exception {
        checkMovies(ServerSpec.of(approach, Workload.MOVIES)
                .withServerProperty("stackbench.db.url", "h2:mem:movies-" + UUID.randomUUID()));
    }

    /** Then every fault of {@link FaultChecks}. */
    @ParameterizedTest
    @EnumSource(Approach.class)
    void contactsGoThroughTheirWholeLifeAndFaultsAreAnswered(Approach approach) throws Exception {
        checkContacts(ServerSpec.of(approach, Workload.CRUD));
    }

    static void checkMovies(ServerSpec spec) throws Exception {
        Approach approach = spec.approach();
        try (var servers = new Servers();
                var http = new Http()) {
            RunningServer server = servers.start(spec);
            // The default store: nothing of Redis or MongoDB is set up (their clients exist only with these settings).
            assertThat(server.settings()).containsEntry("stackbench.movies.store", "sql");
            assertThat(server.settings().keySet())
                    .noneMatch(name -> name.startsWith("stackbench.redis.") || name.startsWith("stackbench.mongo."));

            assertThat(titles(http.get(server.baseUri().resolve("movies?director=Allen"))))
                    .containsExactly("Annie Hall", "Manhattan", "Midnight in Paris");
            assertThat(titles(http.get(server.baseUri().resolve("movies?director=hitchcock"))))
                    .containsExactly("Rear Window", "Vertigo", "Psycho");
            Http.Response kubrick =
                    http.get(server.baseUri().resolve("movies?director=Kubrick&delayMillis=20&callDepth=1"));
            assertThat(titles(kubrick)).containsExactly("2001: A Space Odyssey", "The Shining");
            DateOnEveryApproachTest.assertRanWhereClaimed(
                    approach, http.get(server.baseUri().resolve("movies?director=Kubrick")));

            Http.Response saved = http.send("POST", server.baseUri().resolve("movies"), BARRY_LYNDON);
            assertThat(saved.status()).as(saved.body()).isEqualTo(201);
            assertThat(json(saved).get(0).get("id").asLong()).isPositive();
            // cached before the write, and still the write is visible at once
            assertThat(titles(http.get(server.baseUri().resolve("movies?director=Kubrick"))))
                    .containsExactly("2001: A Space Odyssey", "Barry Lyndon", "The Shining");

            Http.Response invalid = http.send(
                    "POST",
                    server.baseUri().resolve("movies"),
                    "[{\"title\":\"No year\",\"genre\":\"Drama\",\"rating\":5}]");
            assertThat(invalid.status()).isEqualTo(400);
            assertThat(invalid.message())
                    .isEqualTo("movies[0].year must be a whole number from 1888 to 2100, got null");
            assertThat(http.get(server.baseUri().resolve("movies")).message())
                    .isEqualTo("director must be given, e.g. /movies?director=Kubrick");

            String url = spec.serverProperties().getOrDefault("stackbench.db.url", "");
            FaultChecks.checkMovies(server, http, url.startsWith("h2:mem:") ? url.substring("h2:mem:".length()) : null);
        }
    }

    static void checkContacts(ServerSpec spec) throws Exception {
        Approach approach = spec.approach();
        try (var servers = new Servers();
                var http = new Http()) {
            RunningServer server = servers.start(spec);
            var contacts = server.baseUri().resolve("contacts");

            Http.Response created = http.send(
                    "POST",
                    contacts,
                    "{\"firstName\":\"Ada\",\"lastName\":\"Lovelace\",\"email\":\"ada@example.org\"}");
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            long id = json(created).get("id").asLong();
            var one = contacts.resolve("contacts/" + id);
            DateOnEveryApproachTest.assertRanWhereClaimed(approach, created);

            assertThat(json(http.get(one)).get("lastName").asString()).isEqualTo("Lovelace");
            Http.Response updated = http.send(
                    "PUT",
                    one,
                    "{\"firstName\":\"Ada\",\"lastName\":\"King\",\"email\":\"ada@example.org\",\"phone\":\"+44 20 1\"}");
            assertThat(updated.status()).isEqualTo(200);
            assertThat(json(http.get(one)).get("phone").asString()).isEqualTo("+44 20 1");
            JsonNode page = json(http.get(contacts.resolve("contacts?page=0&size=10")));
            assertThat(page.get("total").asLong()).isEqualTo(1);
            assertThat(page.get("items").get(0).get("lastName").asString()).isEqualTo("King");

            assertThat(http.send("DELETE", one, null).status()).isEqualTo(204);
            Http.Response gone = http.get(one);
            assertThat(gone.status()).isEqualTo(404);
            assertThat(gone.message()).isEqualTo("no contact with id " + id);
            assertThat(http.send("DELETE", one, null).status()).isEqualTo(404);
            assertThat(http.send("PUT", one, "{\"firstName\":\"A\",\"lastName\":\"B\",\"email\":\"a@b.org\"}")
                            .status())
                    .isEqualTo(404);

            Http.Response badEmail = http.send(
                    "POST", contacts, "{\"firstName\":\"A\",\"lastName\":\"B\",\"email\":\"not-an-address\"}");
            assertThat(badEmail.status()).isEqualTo(400);
            assertThat(badEmail.message()).isEqualTo("email must be a valid address, got 'not-an-address'");
            assertThat(http.send("POST", contacts, "{\"lastName\":\"B\",\"email\":\"a@b.org\"}")
                            .message())
                    .isEqualTo("firstName must be 1 to 100 characters, got null");
            assertThat(http.get(contacts.resolve("contacts?size=0")).status()).isEqualTo(400);

            FaultChecks.checkContacts(server, http);
        }
    }

    static List<String> titles(Http.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return json(response)
                .valueStream()
                .map(movie -> movie.get("title").asString())
                .toList();
    }

    static JsonNode json(Http.Response response) {
        return ResultFiles.json().readTree(response.body());
    }
}
