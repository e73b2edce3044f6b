package dev.stackbench.servers.movies;

import dev.stackbench.servers.db.AnswerTimeout;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Movies in H2 or PostgreSQL over R2DBC: {@link SqlMovieStore}'s queries, non-blocking. */
final class R2dbcMovieStore implements ReactiveMovieStore {

    private final DatabaseClient database;
    private final TransactionalOperator transaction;

    private final AnswerTimeout answerTimeout;

    R2dbcMovieStore(DatabaseClient database, TransactionalOperator transaction, AnswerTimeout answerTimeout) {
        this.answerTimeout = answerTimeout;
        this.database = database;
        this.transaction = transaction;
    }

    @Override
    public Mono<List<Movie>> byDirector(String director) {
        var movies = database.sql(MovieSql.MOVIES)
                .bind("director", director)
                .map(row -> new MovieSql.MovieRow(
                        row.get("id", Long.class),
                        row.get("title", String.class),
                        row.get("release_year", Integer.class),
                        row.get("genre", String.class),
                        row.get("rating", BigDecimal.class).doubleValue()))
                .all()
                .collectList();
        var people = database.sql(MovieSql.PEOPLE)
                .bind("director", director)
                .map(row -> new MovieSql.PersonRow(
                        row.get("movie_id", Long.class),
                        row.get("role", String.class),
                        row.get("first_name", String.class),
                        row.get("last_name", String.class)))
                .all()
                .collectList();
        // One query after the other, as the blocking form does: one pooled connection at a time per request.
        return answerTimeout.bound(movies.flatMap(movieRows -> people.flatMap(personRows -> names(
                        MovieSql.CHARACTERS, director)
                .flatMap(characterRows -> names(MovieSql.AWARDS, director)
                        .map(awardRows -> MovieSql.assemble(movieRows, personRows, characterRows, awardRows))))));
    }

    @Override
    public Mono<List<Movie>> save(List<Movie> movies) {
        return answerTimeout.bound(
                Flux.fromIterable(movies).concatMap(this::insert).collectList().as(transaction::transactional));
    }

    private Mono<Movie> insert(Movie movie) {
        var insert = database.sql(MovieSql.INSERT_MOVIE);
        for (var param : MovieSql.movieParams(movie).entrySet()) {
            insert = insert.bind(param.getKey(), param.getValue());
        }
        return insert.filter(statement -> statement.returnGeneratedValues("id"))
                .map(row -> row.get("id", Long.class))
                .one()
                .flatMap(id -> Flux.fromIterable(MovieSql.children(id, movie))
                        .concatMap(child -> {
                            var spec = database.sql(child.sql());
                            for (var param : child.params().entrySet()) {
                                spec = spec.bind(param.getKey(), param.getValue());
                            }
                            return spec.fetch().rowsUpdated();
                        })
                        .then(Mono.just(movie.withId(id))));
    }

    private Mono<List<MovieSql.NameRow>> names(String sql, String director) {
        return database.sql(sql)
                .bind("director", director)
                .map(row -> new MovieSql.NameRow(row.get("movie_id", Long.class), row.get("name", String.class)))
                .all()
                .collectList();
    }
}
