package dev.stackbench.servers.movies;

import dev.stackbench.servers.date.BlockingDate;
import dev.stackbench.servers.date.DateQuery;
import dev.stackbench.servers.date.ReactiveDate;
import dev.stackbench.servers.dispatch.BlockingDispatch;
import dev.stackbench.servers.dispatch.FluxDispatcher;
import dev.stackbench.servers.dispatch.InvalidParameterException;
import dev.stackbench.servers.dispatch.JsonBody;
import dev.stackbench.servers.dispatch.MvcDispatcher;
import dev.stackbench.servers.dispatch.OtherMethods;
import dev.stackbench.servers.upstream.Upstream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /movies?director=NAME} and {@code POST /movies}, on either stack; failures are answered by
 * the stack's {@link dev.stackbench.servers.dispatch.MvcFailures} or {@link dev.stackbench.servers.dispatch.FluxFailures}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "stackbench.workload", havingValue = "movies")
@Import(MovieStores.class)
public class MoviesRoutes {

    @Bean
    MovieCache movieCache(@Value("${stackbench.movies.cache}") boolean cache, JsonMapper json) {
        MovieInput.warmUp(json);
        return new MovieCache(cache);
    }

    /** The parameters of a read, parsed before dispatch so that bad input answers 400 at once. */
    record Read(String director, DateQuery query) {}

    private static String director(String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidParameterException("director must be given, e.g. /movies?director=Kubrick");
        }
        return value;
    }

    /** Spring MVC: the blocking store, dispatched as the approach says. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.stack", havingValue = "mvc")
    static class Mvc {
        @Bean
        org.springframework.web.servlet.function.RouterFunction<org.springframework.web.servlet.function.ServerResponse>
                moviesRoutes(
                        BlockingDispatch dispatch,
                        MovieStore store,
                        MovieCache cache,
                        JsonMapper json,
                        RestClient upstreamRestClient,
                        Upstream upstream,
                        @Value("${stackbench.movies.read-only}") boolean readOnly) {
            var movies =
                    new BlockingMovies(store, cache, json, new BlockingDate(upstreamRestClient, upstream), readOnly);
            var dispatcher = new MvcDispatcher(dispatch);
            return org.springframework.web.servlet.function.RouterFunctions.route()
                    .GET("/movies", request -> {
                        String director = director(request.param("director").orElse(null));
                        DateQuery query =
                                DateQuery.parse(name -> request.param(name).orElse(null));
                        return dispatcher.respond(() -> movies.byDirector(director, query));
                    })
                    .POST("/movies", request -> {
                        String body = JsonBody.read(request);
                        DateQuery query =
                                DateQuery.parse(name -> request.param(name).orElse(null));
                        return dispatcher.respond(() -> movies.save(body, query));
                    })
                    .route(
                            org.springframework.web.servlet.function.RequestPredicates.path("/movies"),
                            OtherMethods.mvc("GET", "POST"))
                    .build();
        }
    }

    /** WebFlux: the blocking store off the event loop for the blocking approaches, the reactive one for webflux-netty. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.stack", havingValue = "webflux")
    static class Flux {
        @Bean
        org.springframework.web.reactive.function.server.RouterFunction<
                        org.springframework.web.reactive.function.server.ServerResponse>
                moviesRoutes(
                        BlockingDispatch dispatch,
                        org.springframework.beans.factory.ObjectProvider<MovieStore> blockingStore,
                        org.springframework.beans.factory.ObjectProvider<ReactiveMovieStore> reactiveStore,
                        MovieCache cache,
                        JsonMapper json,
                        RestClient upstreamRestClient,
                        WebClient upstreamWebClient,
                        Upstream upstream,
                        @Value("${stackbench.movies.read-only}") boolean readOnly) {
            // Only the form the approach's store access allows is built: the other's store does not exist.
            BlockingMovies blocking = blockingStore.getIfAvailable() == null
                    ? null
                    : new BlockingMovies(
                            blockingStore.getObject(),
                            cache,
                            json,
                            new BlockingDate(upstreamRestClient, upstream),
                            readOnly);
            ReactiveMovies reactive = reactiveStore.getIfAvailable() == null
                    ? null
                    : new ReactiveMovies(
                            reactiveStore.getObject(),
                            cache,
                            json,
                            new ReactiveDate(upstreamWebClient, upstream),
                            readOnly);
            var dispatcher = new FluxDispatcher(dispatch);
            return org.springframework.web.reactive.function.server.RouterFunctions.route()
                    .GET(
                            "/movies",
                            request -> Mono.fromCallable(() -> new Read(
                                            director(request.queryParam("director")
                                                    .orElse(null)),
                                            DateQuery.parse(name ->
                                                    request.queryParam(name).orElse(null))))
                                    .flatMap(read -> dispatcher.respond(
                                            () -> blocking.byDirector(read.director(), read.query()),
                                            () -> reactive.byDirector(read.director(), read.query()))))
                    .POST(
                            "/movies",
                            request -> JsonBody.read(request)
                                    .flatMap(body -> Mono.fromCallable(() -> DateQuery.parse(name ->
                                                    request.queryParam(name).orElse(null)))
                                            .flatMap(query -> dispatcher.respond(
                                                    () -> blocking.save(body, query),
                                                    () -> reactive.save(body, query)))))
                    .route(
                            org.springframework.web.reactive.function.server.RequestPredicates.path("/movies"),
                            OtherMethods.flux("GET", "POST"))
                    .build();
        }
    }
}
