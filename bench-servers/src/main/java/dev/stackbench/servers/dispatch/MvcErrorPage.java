package dev.stackbench.servers.dispatch;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * Tomcat's error page, where container errors land (a {@code sendError}, an exception outside any
 * route), answered by {@link Failure} like every other failure; asked for directly, {@code /error}
 * is no route (404), not Boot's 500 with {@code "status":999}. Being an {@link ErrorController}, it
 * replaces Boot's BasicErrorController.
 */
@Controller
final class MvcErrorPage implements ErrorController {
    @RequestMapping("${server.error.path:/error}")
    void error(HttpServletRequest request, HttpServletResponse response) {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object exception = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        Failure failure;
        if (status == null) {
            failure = Failure.noRoute(request.getMethod(), request.getRequestURI());
        } else if (exception instanceof Throwable thrown) {
            failure = Failure.of(thrown);
        } else {
            Object message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
            failure = new Failure((Integer) status, message == null ? null : message.toString());
        }
        MvcFailures.write(response, failure);
    }
}
