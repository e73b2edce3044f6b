package dev.stackbench.core.load.engine;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.HttpProtocol;
import reactor.netty.resources.LoopResources;

/**
 * A real HTTP server on an ephemeral port for request names and headers: {@code GET /items} answers at
 * once, {@code POST /items} after {@code postDelay}, and each method's last request headers are kept, so
 * a test checks on the server's side what arrived. HTTP/1.1 is the JDK's own server, one thread per
 * request: Reactor Netty 1.3.7's server loses a keep-alive request that arrives before the previous
 * delayed answer's operations terminated (reactor-netty#4361, which stackbench's own Netty servers work
 * around), and a test server must not need the workaround. HTTP/2 (h2c, streams, no such queue) is
 * Reactor Netty's, without delay.
 */
final class NamedRequestsServer implements AutoCloseable {

    private final Map<String, Map<String, String>> headersByMethod = new ConcurrentHashMap<>();
    private final AutoCloseable stop;
    private final int port;

    private NamedRequestsServer(int port, AutoCloseable stop) {
        this.port = port;
        this.stop = stop;
    }

    /** HTTP/1.1 only, POSTs held for {@code postDelay}. */
    static NamedRequestsServer http1(Duration postDelay) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1024);
        ExecutorService threads = Executors.newFixedThreadPool(32);
        server.setExecutor(threads);
        var holder = new NamedRequestsServer[1];
        server.createContext("/items", exchange -> holder[0].answer(exchange, postDelay));
        server.start();
        holder[0] = new NamedRequestsServer(server.getAddress().getPort(), () -> {
            server.stop(0);
            threads.shutdownNow();
        });
        return holder[0];
    }

    /** HTTP/2 cleartext beside HTTP/1.1, answering at once. */
    static NamedRequestsServer http2() {
        var loops = LoopResources.create("named-requests-h2", 2, true);
        var holder = new NamedRequestsServer[1];
        DisposableServer server = reactor.netty.http.server.HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .runOn(loops)
                .protocol(HttpProtocol.H2C, HttpProtocol.HTTP11)
                .route(routes -> routes.get("/items", (request, response) -> {
                            holder[0].keep("GET", request.requestHeaders().entries());
                            return response.sendString(Mono.just("[]"));
                        })
                        .post("/items", (request, response) -> {
                            holder[0].keep("POST", request.requestHeaders().entries());
                            return response.sendString(request.receive()
                                    .aggregate()
                                    .asString()
                                    .defaultIfEmpty("")
                                    .map(body -> "{\"id\":1}"));
                        }))
                .bindNow();
        holder[0] = new NamedRequestsServer(server.port(), () -> {
            server.disposeNow();
            loops.disposeLater().block(Duration.ofSeconds(5));
        });
        return holder[0];
    }

    private void answer(HttpExchange exchange, Duration postDelay) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            var headers = new java.util.ArrayList<Map.Entry<String, String>>();
            exchange.getRequestHeaders()
                    .forEach((name, values) -> values.forEach(value -> headers.add(Map.entry(name, value))));
            keep(method, headers);
            exchange.getRequestBody().readAllBytes();
            if (method.equals("POST") && !postDelay.isZero()) {
                try {
                    Thread.sleep(postDelay);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            byte[] body = (method.equals("POST") ? "{\"id\":1}" : "[]").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    private void keep(String method, java.util.List<Map.Entry<String, String>> headers) {
        var copy = new ConcurrentHashMap<String, String>();
        headers.forEach(header -> copy.put(header.getKey().toLowerCase(Locale.ROOT), header.getValue()));
        headersByMethod.put(method, copy);
    }

    /** The headers of the last request with this method, names in lower case; empty if none came. */
    Map<String, String> lastHeaders(String method) {
        return headersByMethod.getOrDefault(method, Map.of());
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    @Override
    public void close() throws Exception {
        stop.close();
    }
}
