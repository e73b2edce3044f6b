package dev.stackbench.servers.movies;

import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.transaction.support.TransactionTemplate;

/** Movies in H2 or PostgreSQL over JDBC (HikariCP): four queries per read, one transaction per save. */
final class SqlMovieStore implements MovieStore {

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;

    SqlMovieStore(JdbcClient jdbc, TransactionTemplate transaction) {
        this.jdbc = jdbc;
        this.transaction = transaction;
    }

    @Override
    public List<Movie> byDirector(String director) {
        return MovieSql.assemble(
                jdbc.sql(MovieSql.MOVIES)
                        .param("director", director)
                        .query((rs, n) -> new MovieSql.MovieRow(
                                rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4), rs.getDouble(5)))
                        .list(),
                jdbc.sql(MovieSql.PEOPLE)
                        .param("director", director)
                        .query((rs, n) -> new MovieSql.PersonRow(
                                rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                        .list(),
                names(MovieSql.CHARACTERS, director),
                names(MovieSql.AWARDS, director));
    }

    @Override
    public List<Movie> save(List<Movie> movies) {
        return transaction.execute(status -> {
            var result = new ArrayList<Movie>();
            for (Movie movie : movies) {
                var key = new GeneratedKeyHolder();
                jdbc.sql(MovieSql.INSERT_MOVIE)
                        .params(MovieSql.movieParams(movie))
                        .update(key, "id");
                long id = key.getKeyAs(Number.class).longValue();
                MovieSql.children(id, movie)
                        .forEach(child ->
                                jdbc.sql(child.sql()).params(child.params()).update());
                result.add(movie.withId(id));
            }
            return result;
        });
    }

    private List<MovieSql.NameRow> names(String sql, String director) {
        return jdbc.sql(sql)
                .param("director", director)
                .query((rs, n) -> new MovieSql.NameRow(rs.getLong(1), rs.getString(2)))
                .list();
    }
}
