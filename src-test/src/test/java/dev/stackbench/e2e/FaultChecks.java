package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.RunningServer;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.sql.DriverManager;

/**
 * What every approach must answer to bad input and failures, the same way through one error body per
 * stack: 400 naming the field and the bad value, 404 for no route (also {@code GET /error}), 405 with
 * {@code Allow}, 413 over the stated body limit (1 MiB), 415 for a body that is not JSON, 500 for a
 * database error; and no error body shows SQL, a Java class name or a stack frame ({@link ErrorBodies}).
 * Run on the servers of {@link MoviesAndCrudOnEveryApproachTest} (H2) and {@link PostgresTest}, so that
 * they cost no server starts of their own; 502 is checked by {@link DateOnEveryApproachTest}, 503 by
 * {@link FullPoolTest} and {@link DatabaseDownTest}.
 */
final class FaultChecks {

    static final String MOVIE =
            "{\"title\":\"T\",\"year\":2000,\"genre\":\"Drama\",\"rating\":%s,\"directors\":[{\"lastName\":\"L\"}]%s}";
    /** The stated limit, and bodies just below and above it. */
    static final int LIMIT_BYTES = 1024 * 1024;

    static String movie(String rating, String more) {
        return "[" + MOVIE.formatted(rating, more) + "]";
    }

    private FaultChecks() {}

    /**
     * On a movies server (which serves /date too). With {@code h2Database} (the server's
     * {@code h2:mem:NAME}), a table is dropped at the end to see a database error answered 500.
     */
    static void checkMovies(RunningServer server, Http http, String h2Database) throws Exception {
        URI movies = server.baseUri().resolve("movies");
        assertBadRequest(
                http.send("POST", movies, movie("\"NaN\"", "")),
                "movies[0].rating must be a number from 0 to 10, got NaN");
        assertBadRequest(
                http.send("POST", movies, movie("1e400", "")),
                "movies[0].rating must be a number from 0 to 10, got Infinity");
        assertBadRequest(
                http.send("POST", movies, movie("10.5", "")),
                "movies[0].rating must be a number from 0 to 10, got 10.5");
        assertBadRequest(
                http.send("POST", movies, "[{\"title\":\"T\",\"year\":\"abc\"}]"),
                "movies[0].year must be a whole number, got 'abc'");
        assertBadRequest(
                http.send("POST", movies, movie("5", ",\"year\":1500").replace("\"year\":2000,", "")),
                "movies[0].year must be a whole number from 1888 to 2100, got 1500");
        assertBadRequest(
                http.send("POST", movies, movie("5", "").replace("Drama", "D".repeat(51))),
                "movies[0].genre must be 1 to 50 characters, got '" + "D".repeat(40) + "...'");
        assertBadRequest(
                http.send("POST", movies, movie("5", "").replace("{\"lastName\":\"L\"}", "{\"firstName\":\"F\"}")),
                "movies[0].directors[0].lastName must be 1 to 100 characters, got null");
        assertBadRequest(
                http.send("POST", movies, movie("5", ",\"writers\":[null]")),
                "movies[0].writers[0] must be a person ({\"firstName\": ..., \"lastName\": ...}), got null");
        assertBadRequest(
                http.send("POST", movies, movie("5", ",\"characters\":[\"A\",\"\"]")),
                "movies[0].characters[1] must be 1 to 200 characters, got ''");
        assertBadRequest(
                http.send("POST", movies, movie("5", ",\"awards\":{\"x\":1}")),
                "movies[0].awards must be a list, got an object");
        assertBadRequest(http.send("POST", movies, "{\"title\":\"T\"}"), "movies must be a list, got an object");
        assertBadRequest(
                http.send("POST", movies, "[]"), "request body must be a non-empty JSON list of movies, got []");
        assertBadRequest(
                http.send("POST", movies, "[{\"title\":"), "request body is not valid JSON (line 1, column 11)");
        assertBadRequest(
                http.get(server.baseUri().resolve("date?delayMillis=soon")),
                "delayMillis must be an integer from 0 to 600000, got 'soon'");

        Http.Response patch = http.send("PATCH", movies, movie("5", ""));
        assertFailure(patch, 405, "method PATCH is not allowed on /movies; allowed: GET, POST");
        assertThat(patch.headers().firstValue("Allow")).hasValue("GET, POST");
        Http.Response putDate = http.send("PUT", server.baseUri().resolve("date"), null);
        assertFailure(putDate, 405, "method PUT is not allowed on /date; allowed: GET");
        assertThat(putDate.headers().firstValue("Allow")).hasValue("GET");

        assertFailure(http.get(server.baseUri().resolve("nothing/here")), 404, "no route for GET /nothing/here");
        assertFailure(http.get(server.baseUri().resolve("error")), 404, "no route for GET /error");

        assertFailure(
                http.send("POST", movies, "text/plain", HttpRequest.BodyPublishers.ofString(movie("5", ""))),
                415,
                "request body must be JSON (Content-Type: application/json), got 'text/plain'");
        assertFailure(
                http.send("POST", movies, null, HttpRequest.BodyPublishers.ofString(movie("5", ""))),
                415,
                "request body must be JSON (Content-Type: application/json), got no Content-Type");

        // The stated limit on every stack: a body well over WebFlux's default 256 KB is served, one over 1 MiB is not.
        Http.Response large = http.send("POST", movies, movie("5", ",\"characters\":" + names(LIMIT_BYTES - 4096)));
        assertThat(large.status()).as(large.body()).isEqualTo(201);
        String tooLarge = movie("5", ",\"characters\":" + names(LIMIT_BYTES + 4096));
        assertFailure(
                http.send("POST", movies, tooLarge),
                413,
                "request body of " + tooLarge.length() + " bytes is larger than the limit of 1 MiB (1048576 bytes)");
        // Chunked: no Content-Length to refuse it by, so the server stops reading at the limit.
        assertFailure(
                http.send(
                        "POST",
                        movies,
                        "application/json",
                        HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(tooLarge.getBytes()))),
                413,
                "request body is larger than the limit of 1 MiB (1048576 bytes)");

        if (h2Database == null) {
            return;
        }
        // A database error that is not unavailability (a table gone): 500, and the SQL stays in the server's log.
        try (var connection = DriverManager.getConnection("jdbc:h2:mem:" + h2Database, "sa", "")) {
            connection.createStatement().execute("DROP TABLE movie_award");
        }
        Http.Response broken = http.send("POST", movies, movie("5", ",\"awards\":[\"Best Picture\"]"));
        assertFailure(broken, 500, "database error; the server's log (stderr) has the details");
    }

    /** On a crud server. */
    static void checkContacts(RunningServer server, Http http) throws Exception {
        URI contacts = server.baseUri().resolve("contacts");
        // Jackson would name dev.stackbench.servers.contacts.Contact and java.lang.String here.
        assertBadRequest(
                http.send("POST", contacts, "[]"), "request body must be a JSON contact (an object), got a list");
        assertBadRequest(
                http.send("POST", contacts, "{\"firstName\":[\"A\"],\"lastName\":\"B\",\"email\":\"a@b.org\"}"),
                "firstName must be a string, got a list");
        assertBadRequest(
                http.send("POST", contacts, "{\"firstName\":\"A\",\"lastName\":\"B\",\"email\":\"nowhere\"}"),
                "email must be a valid address, got 'nowhere'");
        assertBadRequest(
                http.send("POST", contacts, ""), "request body must be a JSON contact (an object), got an empty body");
        assertBadRequest(http.get(server.baseUri().resolve("contacts/abc")), "id must be a whole number, got 'abc'");
        assertBadRequest(
                http.get(server.baseUri().resolve("contacts/99999999999999999999")),
                "id must be a whole number, got '99999999999999999999'");
        assertFailure(http.get(server.baseUri().resolve("contacts/12345")), 404, "no contact with id 12345");

        Http.Response patch = http.send("PATCH", server.baseUri().resolve("contacts/1"), "{}");
        assertFailure(patch, 405, "method PATCH is not allowed on /contacts/1; allowed: GET, PUT, DELETE");
        assertThat(patch.headers().firstValue("Allow")).hasValue("GET, PUT, DELETE");
        Http.Response delete = http.send("DELETE", contacts, null);
        assertFailure(delete, 405, "method DELETE is not allowed on /contacts; allowed: GET, POST");
        assertThat(delete.headers().firstValue("Allow")).hasValue("GET, POST");

        assertFailure(
                http.send(
                        "PUT",
                        server.baseUri().resolve("contacts/1"),
                        "text/plain",
                        HttpRequest.BodyPublishers.ofString(
                                "{\"firstName\":\"A\",\"lastName\":\"B\",\"email\":\"a@b.org\"}")),
                415,
                "request body must be JSON (Content-Type: application/json), got 'text/plain'");
        assertFailure(
                http.send(
                        "POST",
                        contacts,
                        "application/json",
                        HttpRequest.BodyPublishers.ofString("{\"firstName\":\"" + "A".repeat(LIMIT_BYTES) + "\"}")),
                413,
                "request body of " + (LIMIT_BYTES + 16) + " bytes is larger than the limit of 1 MiB (1048576 bytes)");
    }

    static void assertBadRequest(Http.Response response, String message) {
        assertFailure(response, 400, message);
    }

    static void assertFailure(Http.Response response, int status, String message) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        ErrorBodies.assertClean(response);
        assertThat(response.message()).isEqualTo(message);
        assertThat(response.servedBy()).as("X-Served-By").isNotEmpty();
    }

    /** A JSON list of 190-character names, about {@code bytes} long. */
    static String names(int bytes) {
        var list = new StringBuilder("[");
        String name = "\"" + "n".repeat(190) + "\"";
        while (list.length() + name.length() + 2 < bytes) {
            list.append(list.length() == 1 ? "" : ",").append(name);
        }
        return list.append("]").toString();
    }
}
