package dev.stackbench.servers.movies;

import java.util.List;
import reactor.core.publisher.Mono;

/** {@link MovieStore}'s contract, non-blocking end to end: {@link R2dbcMovieStore}, {@link ReactiveRedisMovieStore}, {@link ReactiveMongoMovieStore}. */
interface ReactiveMovieStore {

    Mono<List<Movie>> byDirector(String director);

    Mono<List<Movie>> save(List<Movie> movies);
}
