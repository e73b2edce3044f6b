package dev.stackbench.core.load.engine;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * A real HTTP server on an ephemeral port for request names and headers: {@code GET /items} answers at
 * once, {@code POST /items} after {@code postDelay} (on a timer, never blocking a loop), and each
 * method's last request headers are kept, so a test checks on the server's side what arrived.
 */
final class NamedRequestsServer implements AutoCloseable {

    private final LoopResources loops = LoopResources.create("named-requests-server", 2, true);
    private final DisposableServer server;
    private final Map<String, Map<String, String>> headersByMethod = new ConcurrentHashMap<>();

    NamedRequestsServer(boolean http2, Duration postDelay) {
        this.server = HttpServer.create().host("127.0.0.1").port(0).runOn(loops)
                .protocol(http2 ? new HttpProtocol[]{HttpProtocol.H2C, HttpProtocol.HTTP11} : new HttpProtocol[]{HttpProtocol.HTTP11})
                .route(routes -> routes
                        .get("/items", (request, response) -> {
                            keep("GET", request.requestHeaders());
                            return response.sendString(Mono.just("[]"));
                        })
                        .post("/items", (request, response) -> {
                            keep("POST", request.requestHeaders());
                            Mono<String> answer = request.receive().aggregate().asString().defaultIfEmpty("").map(body -> "{\"id\":1}");
                            return response.sendString(postDelay.isZero() ? answer : answer.delayElement(postDelay));
                        }))
                .bindNow();
    }

    private void keep(String method, io.netty.handler.codec.http.HttpHeaders headers) {
        var copy = new ConcurrentHashMap<String, String>();
        headers.forEach(header -> copy.put(header.getKey().toLowerCase(java.util.Locale.ROOT), header.getValue()));
        headersByMethod.put(method, copy);
    }

    /** The headers of the last request with this method, names in lower case; empty if none came. */
    Map<String, String> lastHeaders(String method) {
        return headersByMethod.getOrDefault(method, Map.of());
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    @Override
    public void close() {
        server.disposeNow();
        loops.disposeLater().block(Duration.ofSeconds(5));
    }
}
