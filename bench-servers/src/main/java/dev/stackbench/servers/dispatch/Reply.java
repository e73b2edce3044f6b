package dev.stackbench.servers.dispatch;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;

/**
 * A stack-neutral response: status, content type, body and where the work ran. Workloads
 * produce replies; each web stack turns them into its own response type.
 */
public record Reply(int status, String contentType, String body, String servedBy) {

    public static final String TEXT = "text/plain;charset=UTF-8";
    public static final String JSON = "application/json";

    public static Reply ok(String text) {
        return new Reply(200, TEXT, text, ServedBy.here());
    }

    public static Reply json(int status, String json) {
        return new Reply(status, JSON, json, ServedBy.here());
    }

    public static Reply noContent() {
        return new Reply(204, TEXT, "", ServedBy.here());
    }

    /**
     * Maps a failure to a real HTTP status, never to a 200 the load generator would count as success:
     * a full pool answers 503 at once, a failed upstream call 502, bad input 400, an unknown id 404.
     */
    public static Reply failure(Throwable failure) {
        Throwable cause = unwrap(failure);
        int status = switch (cause) {
            case InvalidParameterException e -> 400;
            case NotFoundException e -> 404;
            case RejectedExecutionException e -> 503;
            case UpstreamException e -> 502;
            default -> 500;
        };
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new Reply(status, TEXT, status == 503 ? "pool full, request refused: " + message : message, ServedBy.here());
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
