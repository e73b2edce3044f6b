package dev.stackbench.servers.contacts;

import dev.stackbench.servers.db.AnswerTimeout;
import dev.stackbench.servers.dispatch.BlockingDispatch;
import dev.stackbench.servers.dispatch.FluxDispatcher;
import dev.stackbench.servers.dispatch.InvalidParameterException;
import dev.stackbench.servers.dispatch.JsonBody;
import dev.stackbench.servers.dispatch.MvcDispatcher;
import dev.stackbench.servers.dispatch.OtherMethods;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /contacts}: create, read, list, update, delete, on either stack; failures are answered by the
 * stack's {@link dev.stackbench.servers.dispatch.MvcFailures} or {@link dev.stackbench.servers.dispatch.FluxFailures}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "stackbench.workload", havingValue = "crud")
public class ContactsRoutes {

    /** The parameters of {@code GET /contacts}. */
    record PageQuery(int page, int size) {
        static PageQuery parse(Function<String, String> parameter) {
            return new PageQuery(
                    InvalidParameterException.intParameter("page", parameter.apply("page"), 0, 0, 1_000_000),
                    InvalidParameterException.intParameter(
                            "size", parameter.apply("size"), 20, 1, ContactSql.MAX_PAGE_SIZE));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.stack", havingValue = "mvc")
    static class Mvc {
        @Bean
        org.springframework.web.servlet.function.RouterFunction<org.springframework.web.servlet.function.ServerResponse>
                contactsRoutes(BlockingDispatch dispatch, JdbcClient jdbc, JsonMapper json) {
            var contacts = new BlockingContacts(jdbc, json);
            var dispatcher = new MvcDispatcher(dispatch);
            Contact.warmUp(json);
            return org.springframework.web.servlet.function.RouterFunctions.route()
                    .POST("/contacts", request -> {
                        Contact contact = Contact.parse(json, JsonBody.read(request));
                        return dispatcher.respond(() -> contacts.create(contact));
                    })
                    .GET("/contacts/{id}", request -> {
                        long id = Contact.id(request.pathVariable("id"));
                        return dispatcher.respond(() -> contacts.read(id));
                    })
                    .GET("/contacts", request -> {
                        PageQuery query =
                                PageQuery.parse(name -> request.param(name).orElse(null));
                        return dispatcher.respond(() -> contacts.list(query.page(), query.size()));
                    })
                    .PUT("/contacts/{id}", request -> {
                        long id = Contact.id(request.pathVariable("id"));
                        Contact contact = Contact.parse(json, JsonBody.read(request));
                        return dispatcher.respond(() -> contacts.update(id, contact));
                    })
                    .DELETE("/contacts/{id}", request -> {
                        long id = Contact.id(request.pathVariable("id"));
                        return dispatcher.respond(() -> contacts.delete(id));
                    })
                    .route(
                            org.springframework.web.servlet.function.RequestPredicates.path("/contacts"),
                            OtherMethods.mvc("GET", "POST"))
                    .route(
                            org.springframework.web.servlet.function.RequestPredicates.path("/contacts/{id}"),
                            OtherMethods.mvc("GET", "PUT", "DELETE"))
                    .build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.stack", havingValue = "webflux")
    static class Flux {
        @Bean
        org.springframework.web.reactive.function.server.RouterFunction<
                        org.springframework.web.reactive.function.server.ServerResponse>
                contactsRoutes(
                        BlockingDispatch dispatch,
                        ObjectProvider<JdbcClient> jdbc,
                        ObjectProvider<DatabaseClient> database,
                        ObjectProvider<AnswerTimeout> answerTimeout,
                        JsonMapper json) {
            // Only the form the approach's database access allows is built: the other's beans do not exist.
            BlockingContacts blocking =
                    jdbc.getIfAvailable() == null ? null : new BlockingContacts(jdbc.getObject(), json);
            ReactiveContacts reactive = database.getIfAvailable() == null
                    ? null
                    : new ReactiveContacts(database.getObject(), json, answerTimeout.getObject());
            var dispatcher = new FluxDispatcher(dispatch);
            Contact.warmUp(json);
            return org.springframework.web.reactive.function.server.RouterFunctions.route()
                    .POST(
                            "/contacts",
                            request -> JsonBody.read(request)
                                    .map(body -> Contact.parse(json, body))
                                    .flatMap(contact -> dispatcher.respond(
                                            () -> blocking.create(contact), () -> reactive.create(contact))))
                    .GET(
                            "/contacts/{id}",
                            request -> Mono.fromCallable(() -> Contact.id(request.pathVariable("id")))
                                    .flatMap(
                                            id -> dispatcher.respond(() -> blocking.read(id), () -> reactive.read(id))))
                    .GET(
                            "/contacts",
                            request -> Mono.fromCallable(() -> PageQuery.parse(
                                            name -> request.queryParam(name).orElse(null)))
                                    .flatMap(query -> dispatcher.respond(
                                            () -> blocking.list(query.page(), query.size()),
                                            () -> reactive.list(query.page(), query.size()))))
                    .PUT(
                            "/contacts/{id}",
                            request -> Mono.fromCallable(() -> Contact.id(request.pathVariable("id")))
                                    .flatMap(id -> JsonBody.read(request)
                                            .map(body -> Contact.parse(json, body))
                                            .flatMap(contact -> dispatcher.respond(
                                                    () -> blocking.update(id, contact),
                                                    () -> reactive.update(id, contact)))))
                    .DELETE(
                            "/contacts/{id}",
                            request -> Mono.fromCallable(() -> Contact.id(request.pathVariable("id")))
                                    .flatMap(id ->
                                            dispatcher.respond(() -> blocking.delete(id), () -> reactive.delete(id))))
                    .route(
                            org.springframework.web.reactive.function.server.RequestPredicates.path("/contacts"),
                            OtherMethods.flux("GET", "POST"))
                    .route(
                            org.springframework.web.reactive.function.server.RequestPredicates.path("/contacts/{id}"),
                            OtherMethods.flux("GET", "PUT", "DELETE"))
                    .build();
        }
    }
}
