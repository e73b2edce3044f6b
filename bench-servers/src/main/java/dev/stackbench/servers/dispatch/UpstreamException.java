package dev.stackbench.servers.dispatch;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.TimeoutException;
import org.springframework.web.client.RestClientResponseException;
import org.springframework.web.reactive.function.client.WebClientResponseException;

/** A call to an upstream service failed; answered with 502 and this message. */
public class UpstreamException extends RuntimeException {

    public UpstreamException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code upstream GET URI failed: REASON}, the reason in words (its status, refused, timed out), never a class name. */
    public static UpstreamException of(URI uri, Throwable failure) {
        return new UpstreamException("upstream GET " + uri + " failed: " + reason(failure), failure);
    }

    private static String reason(Throwable failure) {
        if (failure instanceof RestClientResponseException response) {
            return "it answered " + response.getStatusCode().value();
        }
        if (failure instanceof WebClientResponseException response) {
            return "it answered " + response.getStatusCode().value();
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
            if (cause instanceof TimeoutException
                    || cause instanceof HttpTimeoutException
                    || cause instanceof io.netty.handler.timeout.TimeoutException
                    || cause instanceof SocketTimeoutException) {
                return "no answer within stackbench.upstream.timeout";
            }
        }
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || Failure.showsInternals(message) ? "I/O error" : "I/O error: " + message;
    }
}
