package dev.stackbench.servers.dispatch;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * Spring MVC's one way out for failures, as {@link Failure} decides them: what a route throws (a
 * resolver ahead of Spring's own), and what reaches Tomcat's error page (a container error, or
 * {@code GET /error} asked for directly, which is no route: 404, not Boot's 500 with status 999).
 */
@Configuration(proxyBeanMethods = false)
public class MvcFailures {

    @Bean
    HandlerExceptionResolver failureResolver() {
        return new Resolver();
    }

    /** Replaces Boot's BasicErrorController (it backs off when any ErrorController exists). */
    @Bean
    MvcErrorPage errorPage() {
        return new MvcErrorPage();
    }

    static final class Resolver implements HandlerExceptionResolver, Ordered {
        @Override
        public ModelAndView resolveException(
                HttpServletRequest request, HttpServletResponse response, Object handler, Exception failure) {
            // Nothing can be said once the answer has started, or to a client that has gone.
            if (!response.isCommitted() && !(failure instanceof AsyncRequestNotUsableException)) {
                write(response, Failure.ofRequest(failure, request.getMethod(), request.getRequestURI()));
            }
            return new ModelAndView();
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }
    }

    static void write(HttpServletResponse response, Failure failure) {
        try {
            response.resetBuffer();
            response.setStatus(failure.status());
            response.setContentType(Reply.JSON);
            response.setHeader(ServedBy.HEADER, ServedBy.here());
            if (!failure.allow().isEmpty()) {
                response.setHeader(HttpHeaders.ALLOW, String.join(", ", failure.allow()));
            }
            byte[] body = failure.json().getBytes(StandardCharsets.UTF_8);
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        } catch (IOException clientGone) {
            // the client closed the connection: there is nobody left to answer
        }
    }
}
