package dev.stackbench.servers.movies;

import dev.stackbench.servers.date.DateQuery;
import dev.stackbench.servers.date.ReactiveDate;
import dev.stackbench.servers.dispatch.Reply;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The movies workload in non-blocking style: its {@link ReactiveMovieStore}, on the event loop. */
final class ReactiveMovies {

    private final ReactiveMovieStore store;
    private final MovieCache cache;
    private final JsonMapper json;
    private final ReactiveDate upstreamAndDelay;
    private final boolean readOnly;

    ReactiveMovies(
            ReactiveMovieStore store,
            MovieCache cache,
            JsonMapper json,
            ReactiveDate upstreamAndDelay,
            boolean readOnly) {
        this.store = store;
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
            return store.byDirector(director).map(movies -> {
                String body = json.writeValueAsString(movies);
                cache.put(director, body, stamp);
                return Reply.json(200, body);
            });
        }));
    }

    Mono<Reply> save(String body, DateQuery query) {
        return Mono.fromCallable(() -> MovieInput.parse(json, body))
                .flatMap(movies -> upstreamAndDelay
                        .date(query)
                        .then(
                                readOnly
                                        ? Mono.just(Reply.json(200, json.writeValueAsString(movies)))
                                        : store.save(movies).map(saved -> {
                                            cache.invalidate(saved);
                                            return Reply.json(201, json.writeValueAsString(saved));
                                        })));
    }
}
