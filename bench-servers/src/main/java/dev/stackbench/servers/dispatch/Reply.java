package dev.stackbench.servers.dispatch;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;

/**
 * A stack-neutral response: status, text body and where the work ran. Workloads produce replies;
 * each web stack turns them into its own response type.
 */
public record Reply(int status, String body, String servedBy) {

    public static Reply ok(String body) {
        return new Reply(200, body, ServedBy.here());
    }

    /**
     * Maps a failure to a real HTTP status, never to a 200 the load generator would count as success:
     * a full pool answers 503 at once, a failed upstream call 502, bad input 400.
     */
    public static Reply failure(Throwable failure) {
        Throwable cause = unwrap(failure);
        int status = switch (cause) {
            case InvalidParameterException e -> 400;
            case RejectedExecutionException e -> 503;
            case UpstreamException e -> 502;
            default -> 500;
        };
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new Reply(status, status == 503 ? "pool full, request refused: " + message : message, ServedBy.here());
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
