package dev.stackbench.servers.date;

import dev.stackbench.servers.dispatch.BlockingDispatch;
import dev.stackbench.servers.dispatch.MvcDispatcher;
import dev.stackbench.servers.dispatch.OtherMethods;
import dev.stackbench.servers.dispatch.Reply;
import dev.stackbench.servers.upstream.Upstream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;
import org.springframework.web.servlet.function.RequestPredicates;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/** {@code GET /date} on Spring MVC; failures are answered by {@link dev.stackbench.servers.dispatch.MvcFailures}. */
@Configuration(proxyBeanMethods = false)
public class DateMvcRoutes {

    @Bean
    RouterFunction<ServerResponse> dateRoutes(
            BlockingDispatch dispatch,
            RestClient upstreamRestClient,
            Upstream upstream,
            @Value("${stackbench.date.added-delay-millis}") int addedDelayMillis,
            @Value("${stackbench.date.burn-micros}") int burnMicros,
            @Value("${stackbench.date.pinned-wait-millis}") int pinnedWaitMillis) {
        var date = new BlockingDate(upstreamRestClient, upstream, pinnedWaitMillis);
        var dispatcher = new MvcDispatcher(dispatch);
        return RouterFunctions.route()
                .GET("/date", request -> {
                    DateQuery query = DateQuery.parse(
                                    name -> request.param(name).orElse(null))
                            .withServerCosts(addedDelayMillis, burnMicros);
                    return dispatcher.respond(() -> Reply.ok(date.date(query)));
                })
                .route(RequestPredicates.path("/date"), OtherMethods.mvc("GET"))
                .build();
    }
}
