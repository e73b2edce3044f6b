package dev.stackbench.servers.movies;

import dev.stackbench.servers.date.BlockingDate;
import dev.stackbench.servers.date.DateQuery;
import dev.stackbench.servers.dispatch.Reply;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/** The movies workload in blocking style: its {@link MovieStore}, on whatever thread the approach dispatches to. */
final class BlockingMovies {

    private final MovieStore store;
    private final MovieCache cache;
    private final JsonMapper json;
    private final BlockingDate upstreamAndDelay;
    private final boolean readOnly;

    BlockingMovies(
            MovieStore store, MovieCache cache, JsonMapper json, BlockingDate upstreamAndDelay, boolean readOnly) {
        this.store = store;
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
        String body = json.writeValueAsString(store.byDirector(director));
        cache.put(director, body, stamp);
        return Reply.json(200, body);
    }

    Reply save(String body, DateQuery query) throws InterruptedException {
        List<Movie> movies = MovieInput.parse(json, body);
        upstreamAndDelay.date(query);
        if (readOnly) {
            return Reply.json(200, json.writeValueAsString(movies));
        }
        List<Movie> saved = store.save(movies);
        cache.invalidate(saved);
        return Reply.json(201, json.writeValueAsString(saved));
    }
}
