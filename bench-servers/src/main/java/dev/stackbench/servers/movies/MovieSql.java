package dev.stackbench.servers.movies;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL of the movies workload, written once for JDBC and R2DBC alike (named parameters, which
 * Spring turns into each driver's markers), and the assembly of rows into movies.
 */
final class MovieSql {

    private static final String BY_DIRECTOR =
            "SELECT movie_id FROM movie_person WHERE role = 'DIRECTOR' AND LOWER(last_name) = LOWER(:director)";

    static final String MOVIES = "SELECT id, title, release_year, genre, rating FROM movie WHERE id IN (" + BY_DIRECTOR
            + ") ORDER BY release_year, id";
    static final String PEOPLE = "SELECT movie_id, role, first_name, last_name FROM movie_person WHERE movie_id IN ("
            + BY_DIRECTOR + ") ORDER BY movie_id, role, position";
    static final String CHARACTERS = "SELECT movie_id, name FROM movie_character WHERE movie_id IN (" + BY_DIRECTOR
            + ") ORDER BY movie_id, position";
    static final String AWARDS = "SELECT movie_id, name FROM movie_award WHERE movie_id IN (" + BY_DIRECTOR
            + ") ORDER BY movie_id, position";

    static final String INSERT_MOVIE =
            "INSERT INTO movie (title, release_year, genre, rating) VALUES (:title, :year, :genre, :rating)";
    static final String INSERT_PERSON =
            "INSERT INTO movie_person (movie_id, role, position, first_name, last_name) VALUES (:movieId, :role, :position, :firstName, :lastName)";
    static final String INSERT_CHARACTER =
            "INSERT INTO movie_character (movie_id, position, name) VALUES (:movieId, :position, :name)";
    static final String INSERT_AWARD =
            "INSERT INTO movie_award (movie_id, position, name) VALUES (:movieId, :position, :name)";

    record MovieRow(long id, String title, int year, String genre, double rating) {}

    record PersonRow(long movieId, String role, String firstName, String lastName) {}

    record NameRow(long movieId, String name) {}

    /** An insert of one child row, as named parameters. */
    record ChildInsert(String sql, Map<String, Object> params) {}

    private MovieSql() {}

    static List<Movie> assemble(
            List<MovieRow> movies, List<PersonRow> people, List<NameRow> characters, List<NameRow> awards) {
        var byId = new LinkedHashMap<Long, Movie>();
        for (MovieRow row : movies) {
            byId.put(
                    row.id(),
                    new Movie(
                            row.id(),
                            row.title(),
                            row.year(),
                            row.genre(),
                            row.rating(),
                            new ArrayList<>(),
                            new ArrayList<>(),
                            new ArrayList<>(),
                            new ArrayList<>()));
        }
        for (PersonRow row : people) {
            Movie movie = byId.get(row.movieId());
            if (movie != null) {
                (row.role().equals("DIRECTOR") ? movie.directors() : movie.writers())
                        .add(new Movie.Person(row.firstName(), row.lastName()));
            }
        }
        characters.forEach(
                row -> byId.computeIfPresent(row.movieId(), (id, movie) -> add(movie.characters(), row.name(), movie)));
        awards.forEach(
                row -> byId.computeIfPresent(row.movieId(), (id, movie) -> add(movie.awards(), row.name(), movie)));
        return List.copyOf(byId.values());
    }

    private static Movie add(List<String> list, String name, Movie movie) {
        list.add(name);
        return movie;
    }

    static Map<String, Object> movieParams(Movie movie) {
        return Map.of("title", movie.title(), "year", movie.year(), "genre", movie.genre(), "rating", movie.rating());
    }

    /** The child rows of a saved movie, in order. */
    static List<ChildInsert> children(long movieId, Movie movie) {
        var inserts = new ArrayList<ChildInsert>();
        people(inserts, movieId, "DIRECTOR", movie.directors());
        people(inserts, movieId, "WRITER", movie.writers());
        names(inserts, INSERT_CHARACTER, movieId, movie.characters());
        names(inserts, INSERT_AWARD, movieId, movie.awards());
        return inserts;
    }

    private static void people(List<ChildInsert> inserts, long movieId, String role, List<Movie.Person> people) {
        for (int i = 0; i < people.size(); i++) {
            Movie.Person person = people.get(i);
            inserts.add(new ChildInsert(
                    INSERT_PERSON,
                    Map.of(
                            "movieId",
                            movieId,
                            "role",
                            role,
                            "position",
                            i,
                            "firstName",
                            person.firstName() == null ? "" : person.firstName(),
                            "lastName",
                            person.lastName())));
        }
    }

    private static void names(List<ChildInsert> inserts, String sql, long movieId, List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            inserts.add(new ChildInsert(sql, Map.of("movieId", movieId, "position", i, "name", names.get(i))));
        }
    }
}
