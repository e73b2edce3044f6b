package dev.stackbench.servers.dispatch;

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
     * Maps a failure to a real HTTP status and a JSON error body ({@link Failure}), never to a 200 the
     * load generator would count as success.
     */
    public static Reply failure(Throwable failure) {
        return Failure.of(failure).reply();
    }
}
