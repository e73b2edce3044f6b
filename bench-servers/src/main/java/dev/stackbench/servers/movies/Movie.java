package dev.stackbench.servers.movies;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/** A movie as the API shows it; {@code id} is null in a POST and set in every answer. */
record Movie(
        Long id,
        String title,
        Integer year,
        String genre,
        Double rating,
        List<Person> directors,
        List<Person> writers,
        List<String> characters,
        List<String> awards) {

    record Person(String firstName, String lastName) {}

    /** The order of every answer by director: the SQL stores' ORDER BY, for the stores that sort in Java. */
    static final Comparator<Movie> BY_YEAR_THEN_ID =
            Comparator.comparing(Movie::year).thenComparing(Movie::id);

    Movie withId(long newId) {
        return new Movie(newId, title, year, genre, rating, directors, writers, characters, awards);
    }

    /** The movies with the ids {@code lastId - size + 1} to {@code lastId}, in order: a block a store's counter handed out. */
    static List<Movie> numbered(List<Movie> movies, long lastId) {
        long first = lastId - movies.size() + 1;
        return IntStream.range(0, movies.size())
                .mapToObj(i -> movies.get(i).withId(first + i))
                .toList();
    }
}
