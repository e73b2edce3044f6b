package dev.stackbench.core.load.engine;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real HTTP server on an ephemeral port with a physical bound: a pool of {@code threads} threads,
 * each holding a request for {@code delay}, serves at most threads / delay requests per second; the
 * rest queue in its executor, first in, first out.
 */
final class PoolBoundServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService pool;
    private final AtomicLong served = new AtomicLong();

    PoolBoundServer(int threads, Duration delay) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        pool = Executors.newFixedThreadPool(threads);
        server.setExecutor(pool);
        byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                Thread.sleep(delay);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                served.incrementAndGet();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    long served() {
        return served.get();
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
