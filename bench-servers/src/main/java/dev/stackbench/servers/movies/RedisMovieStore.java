package dev.stackbench.servers.movies;

import java.util.List;
import java.util.Set;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Movies in Redis over Spring Data Redis and Lettuce, blocking ({@link RedisMovies} has the layout): a read
 * is SMEMBERS and MGET, a save INCRBY, MSET and one SADD per director. A save is not atomic: the movies
 * are written before the ids that find them, so a read never finds an id without its movie.
 */
final class RedisMovieStore implements MovieStore {

    private final StringRedisTemplate redis;
    private final RedisMovies layout;

    RedisMovieStore(StringRedisTemplate redis, RedisMovies layout) {
        this.redis = redis;
        this.layout = layout;
    }

    @Override
    public List<Movie> byDirector(String director) {
        Set<String> ids = redis.opsForSet().members(RedisMovies.directorKey(director));
        if (ids == null || ids.isEmpty()) {
            return List.of();
        }
        return layout.movies(redis.opsForValue().multiGet(RedisMovies.movieKeys(ids)));
    }

    @Override
    public List<Movie> save(List<Movie> movies) {
        List<Movie> numbered =
                Movie.numbered(movies, redis.opsForValue().increment(RedisMovies.LAST_ID, movies.size()));
        redis.opsForValue().multiSet(layout.values(numbered));
        RedisMovies.index(numbered).forEach(entry -> redis.opsForSet().add(entry.key(), entry.id()));
        return numbered;
    }

    /** Deletes every key of the workload and saves the known data set. */
    void reset(List<Movie> seed) {
        Set<String> keys = redis.keys(RedisMovies.PREFIX + "*");
        if (keys != null && !keys.isEmpty()) {
            redis.delete(keys);
        }
        save(seed);
    }
}
