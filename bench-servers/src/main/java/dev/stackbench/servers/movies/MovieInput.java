package dev.stackbench.servers.movies;

import java.util.List;

import dev.stackbench.servers.dispatch.InvalidParameterException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Reads and checks the body of {@code POST /movies}: a JSON list of movies; errors name the field. */
final class MovieInput {

    private static final TypeReference<List<Movie>> LIST = new TypeReference<>() {
    };

    private MovieInput() {
    }

    static List<Movie> parse(JsonMapper json, String body) {
        List<Movie> movies;
        try {
            movies = json.readValue(body, LIST);
        } catch (JacksonException e) {
            throw new InvalidParameterException("request body must be a JSON list of movies: " + e.getOriginalMessage());
        }
        if (movies == null || movies.isEmpty()) {
            throw new InvalidParameterException("request body must be a non-empty JSON list of movies");
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
        json.writeValueAsString(parse(json, "[{\"title\":\"T\",\"year\":2000,\"genre\":\"G\",\"rating\":5,"
                + "\"directors\":[{\"firstName\":\"F\",\"lastName\":\"L\"}]}]"));
    }

    private static void check(Movie movie, String at) {
        if (movie == null) {
            throw new InvalidParameterException(at + " must be a movie");
        }
        if (movie.title() == null || movie.title().isBlank() || movie.title().length() > 200) {
            throw new InvalidParameterException(at + ".title must be 1 to 200 characters");
        }
        if (movie.year() == null || movie.year() < 1888 || movie.year() > 2100) {
            throw new InvalidParameterException(at + ".year must be from 1888 to 2100, got " + movie.year());
        }
        if (movie.genre() == null || movie.genre().isBlank()) {
            throw new InvalidParameterException(at + ".genre must not be blank");
        }
        if (movie.rating() == null || movie.rating() < 0 || movie.rating() > 10) {
            throw new InvalidParameterException(at + ".rating must be from 0 to 10, got " + movie.rating());
        }
        if (movie.directors() == null || movie.directors().isEmpty()) {
            throw new InvalidParameterException(at + ".directors must name at least one director");
        }
        for (var list : List.of(movie.directors(), movie.writers() == null ? List.<Movie.Person>of() : movie.writers())) {
            for (Movie.Person person : list) {
                if (person == null || person.lastName() == null || person.lastName().isBlank()) {
                    throw new InvalidParameterException(at + (list == movie.directors() ? ".directors" : ".writers") + " need a lastName each");
                }
            }
        }
    }

    private static Movie withEmptyLists(Movie movie) {
        return new Movie(null, movie.title(), movie.year(), movie.genre(), movie.rating(), movie.directors(),
                movie.writers() == null ? List.of() : movie.writers(),
                movie.characters() == null ? List.of() : movie.characters(),
                movie.awards() == null ? List.of() : movie.awards());
    }
}
