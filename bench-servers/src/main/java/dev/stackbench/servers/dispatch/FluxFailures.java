package dev.stackbench.servers.dispatch;

import java.nio.charset.StandardCharsets;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * WebFlux's one way out for failures, as {@link Failure} decides them: every error signal of a route
 * or of the framework (no route, a body too large), ahead of Boot's own handler (order -1).
 */
@Configuration(proxyBeanMethods = false)
public class FluxFailures {

    @Bean
    @Order(-2)
    WebExceptionHandler failureHandler() {
        return (exchange, failure) -> {
            var response = exchange.getResponse();
            if (response.isCommitted()) {
                return Mono.error(failure);
            }
            var request = exchange.getRequest();
            Failure answer = Failure.ofRequest(
                    failure, request.getMethod().name(), request.getPath().value());
            response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
            HttpHeaders headers = response.getHeaders();
            headers.setContentType(MediaType.APPLICATION_JSON);
            headers.set(ServedBy.HEADER, ServedBy.here());
            if (!answer.allow().isEmpty()) {
                headers.set(HttpHeaders.ALLOW, String.join(", ", answer.allow()));
            }
            return response.writeWith(Mono.fromSupplier(
                    () -> response.bufferFactory().wrap(answer.json().getBytes(StandardCharsets.UTF_8))));
        };
    }
}
