package dev.stackbench.servers.movies;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.json.JsonMapper;

/**
 * How movies lie in Redis, for {@link RedisMovieStore} and {@link ReactiveRedisMovieStore} alike: each
 * movie as its JSON under {@code stackbench:movies:movie:ID}, a set of ids per director under
 * {@code stackbench:movies:director:LASTNAME} (lower case), ids from the counter
 * {@code stackbench:movies:last-id} (INCRBY, one block per save).
 */
final class RedisMovies {

    /** Every key of the workload starts with it; a server's start deletes them all and loads the known data set. */
    static final String PREFIX = "stackbench:movies:";

    static final String LAST_ID = PREFIX + "last-id";

    /** One SADD of a save: a movie's id into a director's set. */
    record IndexEntry(String key, String id) {}

    private final JsonMapper json;

    RedisMovies(JsonMapper json) {
        this.json = json;
    }

    static String movieKey(String id) {
        return PREFIX + "movie:" + id;
    }

    static String directorKey(String lastName) {
        return PREFIX + "director:" + lastName.toLowerCase(Locale.ROOT);
    }

    static List<String> movieKeys(Collection<String> ids) {
        return ids.stream().map(RedisMovies::movieKey).toList();
    }

    /** The MSET of a save: each movie's JSON by its key. */
    Map<String, String> values(List<Movie> numbered) {
        var values = new LinkedHashMap<String, String>();
        numbered.forEach(movie -> values.put(movieKey(String.valueOf(movie.id())), json.writeValueAsString(movie)));
        return values;
    }

    static List<IndexEntry> index(List<Movie> numbered) {
        var entries = new ArrayList<IndexEntry>();
        numbered.forEach(movie -> movie.directors()
                .forEach(person ->
                        entries.add(new IndexEntry(directorKey(person.lastName()), String.valueOf(movie.id())))));
        return entries;
    }

    /** The answer to a read: the movies found (null for an id whose movie is gone), in the stores' order. */
    List<Movie> movies(List<String> found) {
        return found.stream()
                .filter(Objects::nonNull)
                .map(text -> json.readValue(text, Movie.class))
                .sorted(Movie.BY_YEAR_THEN_ID)
                .toList();
    }
}
