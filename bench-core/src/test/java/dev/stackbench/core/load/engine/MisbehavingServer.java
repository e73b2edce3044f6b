package dev.stackbench.core.load.engine;

import io.netty.channel.ChannelOption;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * A real HTTP server on an ephemeral port that misbehaves on request: {@code /ok}, {@code /status/N},
 * {@code /close} (closes without answering), {@code /reset} (RST), {@code /hang} (never answers),
 * {@code /stall} (answers at once, except that from {@code stallAfter} after its first request it
 * holds every answer for {@code stallFor}, as a GC pause or a lock would).
 */
final class MisbehavingServer implements AutoCloseable {

    private final LoopResources loops = LoopResources.create("misbehaving-server", 2, true);
    private final DisposableServer server;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicLong firstStallRequestNanos = new AtomicLong();
    private final Duration stallAfter;
    private final Duration stallFor;

    MisbehavingServer(boolean http2, Duration stallAfter, Duration stallFor) {
        this.stallAfter = stallAfter;
        this.stallFor = stallFor;
        this.server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .runOn(loops)
                .protocol(
                        http2
                                ? new HttpProtocol[] {HttpProtocol.H2C, HttpProtocol.HTTP11}
                                : new HttpProtocol[] {HttpProtocol.HTTP11})
                // per channel: doOnConnection would fire once per request on a kept-alive connection
                .doOnChannelInit((observer, channel, remoteAddress) -> connections.incrementAndGet())
                .route(routes -> routes.get("/ok", (request, response) -> response.sendString(Mono.just("hello")))
                        .get(
                                "/status/{code}",
                                (request, response) -> response.status(Integer.parseInt(request.param("code")))
                                        .sendString(Mono.just("status")))
                        .get("/close", (request, response) -> {
                            response.withConnection(
                                    connection -> connection.channel().close());
                            return Mono.never();
                        })
                        .get("/reset", (request, response) -> {
                            response.withConnection(connection -> {
                                connection.channel().config().setOption(ChannelOption.SO_LINGER, 0);
                                connection.channel().close();
                            });
                            return Mono.never();
                        })
                        .get("/hang", (request, response) -> Mono.never())
                        .get("/stall", (request, response) -> response.sendString(stalled())))
                .bindNow();
    }

    MisbehavingServer() {
        this(false, Duration.ZERO, Duration.ZERO);
    }

    private Mono<String> stalled() {
        long now = System.nanoTime();
        firstStallRequestNanos.compareAndSet(0, now);
        long stallStart = firstStallRequestNanos.get() + stallAfter.toNanos();
        long stallEnd = stallStart + stallFor.toNanos();
        if (now >= stallStart && now < stallEnd) {
            return Mono.delay(Duration.ofNanos(stallEnd - now)).thenReturn("late");
        }
        return Mono.just("ok");
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    int connectionsAccepted() {
        return connections.get();
    }

    @Override
    public void close() {
        server.disposeNow();
        loops.disposeLater(Duration.ZERO, Duration.ofSeconds(2)).block();
    }
}
