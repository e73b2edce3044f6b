package dev.stackbench.servers.movies;

import java.util.ArrayList;
import java.util.List;

import dev.stackbench.servers.date.BlockingDate;
import dev.stackbench.servers.date.DateQuery;
import dev.stackbench.servers.dispatch.Reply;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.transaction.support.TransactionTemplate;

import tools.jackson.databind.json.JsonMapper;

/** The movies workload in blocking style: JDBC over HikariCP, on whatever thread the approach dispatches to. */
final class BlockingMovies {

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;
    private final MovieCache cache;
    private final JsonMapper json;
    private final BlockingDate upstreamAndDelay;
    private final boolean readOnly;

    BlockingMovies(JdbcClient jdbc, TransactionTemplate transaction, MovieCache cache, JsonMapper json,
                   BlockingDate upstreamAndDelay, boolean readOnly) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.cache = cache;
        this.json = json;
        this.upstreamAndDelay = upstreamAndDelay;
        this.readOnly = readOnly;
    }

    Reply byDirector(String director, DateQuery query) throws InterruptedException {
        upstreamAndDelay.date(query);
        var cached = cache.get(director);
        if (cached.isPresent()) {
            return Reply.json(200, cached.get());
        }
        long stamp = cache.stamp();
        List<Movie> movies = MovieSql.assemble(
                jdbc.sql(MovieSql.MOVIES).param("director", director)
                        .query((rs, n) -> new MovieSql.MovieRow(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4), rs.getDouble(5))).list(),
                jdbc.sql(MovieSql.PEOPLE).param("director", director)
                        .query((rs, n) -> new MovieSql.PersonRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4))).list(),
                names(MovieSql.CHARACTERS, director), names(MovieSql.AWARDS, director));
        String body = json.writeValueAsString(movies);
        cache.put(director, body, stamp);
        return Reply.json(200, body);
    }

    Reply save(String body, DateQuery query) throws InterruptedException {
        List<Movie> movies = MovieInput.parse(json, body);
        upstreamAndDelay.date(query);
        if (readOnly) {
            return Reply.json(200, json.writeValueAsString(movies));
        }
        List<Movie> saved = transaction.execute(status -> {
            var result = new ArrayList<Movie>();
            for (Movie movie : movies) {
                var key = new GeneratedKeyHolder();
                jdbc.sql(MovieSql.INSERT_MOVIE).params(MovieSql.movieParams(movie)).update(key, "id");
                long id = key.getKeyAs(Number.class).longValue();
                MovieSql.children(id, movie).forEach(child -> jdbc.sql(child.sql()).params(child.params()).update());
                result.add(movie.withId(id));
            }
            return result;
        });
        cache.invalidate(saved);
        return Reply.json(201, json.writeValueAsString(saved));
    }

    private List<MovieSql.NameRow> names(String sql, String director) {
        return jdbc.sql(sql).param("director", director).query((rs, n) -> new MovieSql.NameRow(rs.getLong(1), rs.getString(2))).list();
    }
}
