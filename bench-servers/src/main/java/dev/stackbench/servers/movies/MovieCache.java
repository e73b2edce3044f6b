package dev.stackbench.servers.movies;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Caffeine in front of reads by director (the answer's JSON, by lower-case name), as in
 * 004_9fdac83a6b4a27d3.txt; off with the workload option {@code cache=false}. A save invalidates
 * the directors it touched, so a read never misses a write that was acknowledged.
 */
final class MovieCache {

    private final Cache<String, String> byDirector;
    /** Bumped by every save; a read that overlapped a save does not fill the cache with what it read. */
    private final AtomicLong saves = new AtomicLong();

    MovieCache(boolean enabled) {
        this.byDirector = enabled ? Caffeine.newBuilder().maximumSize(10_000).build() : null;
    }

    Optional<String> get(String director) {
        return byDirector == null ? Optional.empty() : Optional.ofNullable(byDirector.getIfPresent(key(director)));
    }

    /** Taken before reading the database; {@link #put} needs it. */
    long stamp() {
        return saves.get();
    }

    void put(String director, String json, long stampBeforeRead) {
        if (byDirector != null && saves.get() == stampBeforeRead) {
            byDirector.put(key(director), json);
        }
    }

    /** Called after a save has committed. */
    void invalidate(Collection<Movie> saved) {
        saves.incrementAndGet();
        if (byDirector != null) {
            saved.forEach(movie -> movie.directors().forEach(person -> byDirector.invalidate(key(person.lastName()))));
        }
    }

    private static String key(String director) {
        return director.toLowerCase(Locale.ROOT);
    }
}
