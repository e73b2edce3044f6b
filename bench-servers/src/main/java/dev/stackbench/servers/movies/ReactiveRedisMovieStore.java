package dev.stackbench.servers.movies;

import java.util.List;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@link RedisMovieStore}'s commands over Spring Data Redis's reactive template (Lettuce), non-blocking. */
final class ReactiveRedisMovieStore implements ReactiveMovieStore {

    private final ReactiveStringRedisTemplate redis;
    private final RedisMovies layout;

    ReactiveRedisMovieStore(ReactiveStringRedisTemplate redis, RedisMovies layout) {
        this.redis = redis;
        this.layout = layout;
    }

    @Override
    public Mono<List<Movie>> byDirector(String director) {
        return redis.opsForSet()
                .members(RedisMovies.directorKey(director))
                .collectList()
                .flatMap(ids -> ids.isEmpty()
                        ? Mono.just(List.<Movie>of())
                        : redis.opsForValue()
                                .multiGet(RedisMovies.movieKeys(ids))
                                .map(layout::movies));
    }

    @Override
    public Mono<List<Movie>> save(List<Movie> movies) {
        return redis.opsForValue()
                .increment(RedisMovies.LAST_ID, movies.size())
                .map(lastId -> Movie.numbered(movies, lastId))
                .flatMap(numbered -> redis.opsForValue()
                        .multiSet(layout.values(numbered))
                        .thenMany(Flux.fromIterable(RedisMovies.index(numbered))
                                .concatMap(entry -> redis.opsForSet().add(entry.key(), entry.id())))
                        .then(Mono.just(numbered)));
    }

    /** As {@link RedisMovieStore#reset}. */
    Mono<Void> reset(List<Movie> seed) {
        return redis.keys(RedisMovies.PREFIX + "*")
                .collectList()
                .flatMap(keys -> keys.isEmpty() ? Mono.just(0L) : redis.delete(Flux.fromIterable(keys)))
                .then(save(seed))
                .then();
    }
}
