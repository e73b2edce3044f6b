package dev.stackbench.servers.movies;

import java.util.List;

import dev.stackbench.servers.date.DateQuery;
import dev.stackbench.servers.date.ReactiveDate;
import dev.stackbench.servers.dispatch.Reply;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The movies workload in non-blocking style: R2DBC end to end, on the event loop. */
final class ReactiveMovies {

    private final DatabaseClient database;
    private final TransactionalOperator transaction;
    private final MovieCache cache;
    private final JsonMapper json;
    private final ReactiveDate upstreamAndDelay;
    private final boolean readOnly;

    ReactiveMovies(DatabaseClient database, TransactionalOperator transaction, MovieCache cache, JsonMapper json,
                   ReactiveDate upstreamAndDelay, boolean readOnly) {
        this.database = database;
        this.transaction = transaction;
        this.cache = cache;
        this.json = json;
        this.upstreamAndDelay = upstreamAndDelay;
        this.readOnly = readOnly;
    }

    Mono<Reply> byDirector(String director, DateQuery query) {
        return upstreamAndDelay.date(query).then(Mono.defer(() -> {
            var cached = cache.get(director);
            if (cached.isPresent()) {
                return Mono.just(Reply.json(200, cached.get()));
            }
            long stamp = cache.stamp();
            var movies = database.sql(MovieSql.MOVIES).bind("director", director)
                    .map(row -> new MovieSql.MovieRow(row.get("id", Long.class), row.get("title", String.class),
                            row.get("release_year", Integer.class), row.get("genre", String.class),
                            row.get("rating", java.math.BigDecimal.class).doubleValue()))
                    .all().collectList();
            var people = database.sql(MovieSql.PEOPLE).bind("director", director)
                    .map(row -> new MovieSql.PersonRow(row.get("movie_id", Long.class), row.get("role", String.class),
                            row.get("first_name", String.class), row.get("last_name", String.class)))
                    .all().collectList();
            // One query after the other, as the blocking form does: one pooled connection at a time per request.
            return movies.flatMap(movieRows -> people.flatMap(personRows -> names(MovieSql.CHARACTERS, director)
                    .flatMap(characterRows -> names(MovieSql.AWARDS, director).map(awardRows -> {
                        String body = json.writeValueAsString(MovieSql.assemble(movieRows, personRows, characterRows, awardRows));
                        cache.put(director, body, stamp);
                        return Reply.json(200, body);
                    }))));
        }));
    }

    Mono<Reply> save(String body, DateQuery query) {
        return Mono.fromCallable(() -> MovieInput.parse(json, body))
                .flatMap(movies -> upstreamAndDelay.date(query).then(readOnly
                        ? Mono.just(Reply.json(200, json.writeValueAsString(movies)))
                        : Flux.fromIterable(movies).concatMap(this::insert).collectList()
                                .as(transaction::transactional)
                                .map(saved -> {
                                    cache.invalidate(saved);
                                    return Reply.json(201, json.writeValueAsString(saved));
                                })));
    }

    private Mono<Movie> insert(Movie movie) {
        var insert = database.sql(MovieSql.INSERT_MOVIE);
        for (var param : MovieSql.movieParams(movie).entrySet()) {
            insert = insert.bind(param.getKey(), param.getValue());
        }
        return insert.filter(statement -> statement.returnGeneratedValues("id"))
                .map(row -> row.get("id", Long.class)).one()
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
        return database.sql(sql).bind("director", director)
                .map(row -> new MovieSql.NameRow(row.get("movie_id", Long.class), row.get("name", String.class)))
                .all().collectList();
    }
}
