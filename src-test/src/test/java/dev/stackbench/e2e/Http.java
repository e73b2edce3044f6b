package dev.stackbench.e2e;

import dev.stackbench.core.result.ResultFiles;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A plain JDK HTTP client for checking responses in tests (the load generator is tested elsewhere). */
final class Http implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    record Response(int status, String body, String servedBy, Duration elapsed, HttpHeaders headers) {
        /** The {@code message} of a JSON error body ({@code {"status":..,"error":..,"message":..}}). */
        String message() {
            return ResultFiles.json().readTree(body).path("message").asString();
        }

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
        return send("GET", uri, null);
    }

    CompletableFuture<Response> getAsync(URI uri) {
        return sendAsync("GET", uri, null);
    }

    /** Any method; a body is sent as JSON. */
    Response send(String method, URI uri, String json) {
        return send(
                method,
                uri,
                json == null ? null : "application/json",
                json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
    }

    CompletableFuture<Response> sendAsync(String method, URI uri, String json) {
        return sendAsync(
                method,
                uri,
                json == null ? null : "application/json",
                json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
    }

    /** Any method, any Content-Type (none if null); a body of unknown length goes chunked. */
    Response send(String method, URI uri, String contentType, HttpRequest.BodyPublisher body) {
        try {
            return sendAsync(method, uri, contentType, body).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw new IllegalStateException(
                    method + " " + uri + " (Content-Type " + contentType + ") failed: " + e.getCause(), e.getCause());
        }
    }

    CompletableFuture<Response> sendAsync(String method, URI uri, String contentType, HttpRequest.BodyPublisher body) {
        long start = System.nanoTime();
        var request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).method(method, body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> new Response(
                        response.statusCode(),
                        response.body(),
                        response.headers().firstValue("X-Served-By").orElse(""),
                        Duration.ofNanos(System.nanoTime() - start),
                        response.headers()));
    }

    @Override
    public void close() {
        client.close();
    }
}
