package dev.stackbench.servers.date;

import dev.stackbench.servers.dispatch.BlockingDispatch;
import dev.stackbench.servers.dispatch.FluxDispatcher;
import dev.stackbench.servers.dispatch.OtherMethods;
import dev.stackbench.servers.dispatch.Reply;
import dev.stackbench.servers.upstream.Upstream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@code GET /date} on WebFlux: blocking style off the event loop, or reactive style on it; failures
 * are answered by {@link dev.stackbench.servers.dispatch.FluxFailures}.
 */
@Configuration(proxyBeanMethods = false)
public class DateFluxRoutes {

    /** {@code stackbench.netty.timer}: the delays end on the server's event loops; {@code parallel}: on Reactor's parallel scheduler. */
    public static final String TIMER_ON_EVENT_LOOP = "event-loop";

    @Bean
    RouterFunction<ServerResponse> dateRoutes(
            BlockingDispatch dispatch,
            RestClient upstreamRestClient,
            WebClient upstreamWebClient,
            Upstream upstream,
            @Value("${stackbench.date.added-delay-millis}") int addedDelayMillis,
            @Value("${stackbench.date.burn-micros}") int burnMicros,
            @Value("${stackbench.date.pinned-wait-millis}") int pinnedWaitMillis,
            @Value("${stackbench.netty.timer}") String timer,
            ReactorResourceFactory resources) {
        var blocking = new BlockingDate(upstreamRestClient, upstream, pinnedWaitMillis);
        // On the server's own event loops (an upstream service, whose every thread is its own), else on Reactor's
        // shared
        // parallel scheduler, as WebFlux code has it by default. Never disposed here: the loops stop with their
        // factory.
        var reactive = TIMER_ON_EVENT_LOOP.equals(timer)
                ? new ReactiveDate(
                        upstreamWebClient,
                        upstream,
                        Schedulers.fromExecutorService(
                                resources.getLoopResources().onServer(true), "event-loop-timer"))
                : new ReactiveDate(upstreamWebClient, upstream);
        var dispatcher = new FluxDispatcher(dispatch);
        return RouterFunctions.route()
                // Parsed inside the Mono, so that bad input is an error signal, not a throw.
                .GET(
                        "/date",
                        request -> Mono.fromCallable(() -> DateQuery.parse(
                                                name -> request.queryParam(name).orElse(null))
                                        .withServerCosts(addedDelayMillis, burnMicros))
                                .flatMap(query -> dispatcher.respond(
                                        () -> Reply.ok(blocking.date(query)),
                                        () -> reactive.date(query).map(Reply::ok))))
                .route(RequestPredicates.path("/date"), OtherMethods.flux("GET"))
                .build();
    }
}
