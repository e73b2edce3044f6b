package dev.stackbench.servers.movies;

import dev.stackbench.servers.dispatch.InvalidParameterException;
import dev.stackbench.servers.dispatch.JsonInput;
import java.util.List;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and checks the body of {@code POST /movies}: a JSON list of movies. Every field is checked
 * against what the API promises and the schema can hold, so the database never sees a value it would
 * refuse; a failure names the field by its path and the bad value ({@code movies[0].rating must be a
 * number from 0 to 10, got NaN}).
 */
final class MovieInput {

    static final int MAX_TITLE_LENGTH = 200;
    static final int MAX_GENRE_LENGTH = 50;
    static final int MAX_NAME_LENGTH = 100;
    /** A character's or an award's name. */
    static final int MAX_ENTRY_LENGTH = 200;

    static final int MIN_YEAR = 1888;
    static final int MAX_YEAR = 2100;
    static final double MIN_RATING = 0;
    static final double MAX_RATING = 10;

    private static final TypeReference<List<Movie>> LIST = new TypeReference<>() {};

    private MovieInput() {}

    static List<Movie> parse(JsonMapper json, String body) {
        List<Movie> movies = JsonInput.read(json, body, LIST, "movies", "a non-empty JSON list of movies");
        if (movies.isEmpty()) {
            throw new InvalidParameterException("request body must be a non-empty JSON list of movies, got []");
        }
        for (int i = 0; i < movies.size(); i++) {
            check(movies.get(i), "movies[" + i + "]");
        }
        return movies.stream().map(MovieInput::withEmptyLists).toList();
    }

    /**
     * Makes Jackson build the movie (de)serializers now: built on first use, they are built under a
     * lock, which would block an event loop when requests race for it.
     */
    static void warmUp(JsonMapper json) {
        json.writeValueAsString(parse(
                json,
                "[{\"title\":\"T\",\"year\":2000,\"genre\":\"G\",\"rating\":5,"
                        + "\"directors\":[{\"firstName\":\"F\",\"lastName\":\"L\"}]}]"));
    }

    private static void check(Movie movie, String at) {
        if (movie == null) {
            throw new InvalidParameterException(at + " must be a movie (a JSON object), got null");
        }
        text(at + ".title", movie.title(), 1, MAX_TITLE_LENGTH);
        if (movie.year() == null || movie.year() < MIN_YEAR || movie.year() > MAX_YEAR) {
            throw new InvalidParameterException(
                    at + ".year must be a whole number from " + MIN_YEAR + " to " + MAX_YEAR + ", got " + movie.year());
        }
        text(at + ".genre", movie.genre(), 1, MAX_GENRE_LENGTH);
        // Written so that NaN fails too: every comparison with NaN is false.
        if (movie.rating() == null || !(movie.rating() >= MIN_RATING && movie.rating() <= MAX_RATING)) {
            throw new InvalidParameterException(at + ".rating must be a number from 0 to 10, got " + movie.rating());
        }
        if (movie.directors() == null || movie.directors().isEmpty()) {
            throw new InvalidParameterException(
                    at + ".directors must name at least one director, got " + movie.directors());
        }
        people(at + ".directors", movie.directors());
        if (movie.writers() != null) {
            people(at + ".writers", movie.writers());
        }
        entries(at + ".characters", movie.characters());
        entries(at + ".awards", movie.awards());
    }

    private static void people(String at, List<Movie.Person> people) {
        for (int i = 0; i < people.size(); i++) {
            Movie.Person person = people.get(i);
            if (person == null) {
                throw new InvalidParameterException(
                        at + "[" + i + "] must be a person ({\"firstName\": ..., \"lastName\": ...}), got null");
            }
            if (person.firstName() != null) {
                text(at + "[" + i + "].firstName", person.firstName(), 0, MAX_NAME_LENGTH);
            }
            text(at + "[" + i + "].lastName", person.lastName(), 1, MAX_NAME_LENGTH);
        }
    }

    private static void entries(String at, List<String> names) {
        if (names != null) {
            for (int i = 0; i < names.size(); i++) {
                text(at + "[" + i + "]", names.get(i), 1, MAX_ENTRY_LENGTH);
            }
        }
    }

    /** A string of minLength (1: not blank) to maxLength characters. */
    private static void text(String field, String value, int minLength, int maxLength) {
        boolean missing = value == null || minLength > 0 && value.isBlank();
        if (missing || value.length() > maxLength) {
            String length = minLength == 0 ? "at most " + maxLength : minLength + " to " + maxLength;
            throw new InvalidParameterException(
                    field + " must be " + length + " characters, got " + JsonInput.quoted(value));
        }
    }

    private static Movie withEmptyLists(Movie movie) {
        return new Movie(
                null,
                movie.title(),
                movie.year(),
                movie.genre(),
                movie.rating(),
                movie.directors(),
                movie.writers() == null ? List.of() : movie.writers(),
                movie.characters() == null ? List.of() : movie.characters(),
                movie.awards() == null ? List.of() : movie.awards());
    }
}
