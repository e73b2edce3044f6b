package dev.stackbench.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A plain JDK HTTP client for checking responses in tests (the load generator is tested elsewhere). */
final class Http implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    record Response(int status, String body, String servedBy, Duration elapsed) {
        String threadName() {
            return servedBy.substring(0, servedBy.indexOf(';'));
        }

        boolean virtual() {
            return servedBy.endsWith("virtual=true");
        }
    }

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    Response get(URI uri) throws IOException, InterruptedException {
        return getAsync(uri).join();
    }

    CompletableFuture<Response> getAsync(URI uri) {
        return sendAsync("GET", uri, null);
    }

    /** Any method; a body is sent as JSON. */
    Response send(String method, URI uri, String json) {
        return sendAsync(method, uri, json).join();
    }

    CompletableFuture<Response> sendAsync(String method, URI uri, String json) {
        long start = System.nanoTime();
        var request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> new Response(response.statusCode(), response.body(),
                        response.headers().firstValue("X-Served-By").orElse(""),
                        Duration.ofNanos(System.nanoTime() - start)));
    }

    @Override
    public void close() {
        client.close();
    }
}
