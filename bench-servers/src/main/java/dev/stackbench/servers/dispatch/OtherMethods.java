package dev.stackbench.servers.dispatch;

import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The last route of a path: any method the path does not serve answers 405 with an {@code Allow}
 * header listing those it does (without it, both stacks would fall through to "no route", a 404).
 */
public final class OtherMethods {

    private OtherMethods() {}

    public static org.springframework.web.servlet.function.HandlerFunction<
                    org.springframework.web.servlet.function.ServerResponse>
            mvc(String... allowed) {
        return request -> {
            throw new MethodNotAllowedException(request.method().name(), request.path(), List.of(allowed));
        };
    }

    public static org.springframework.web.reactive.function.server.HandlerFunction<
                    org.springframework.web.reactive.function.server.ServerResponse>
            flux(String... allowed) {
        return request ->
                Mono.error(new MethodNotAllowedException(request.method().name(), request.path(), List.of(allowed)));
    }
}
