package dev.stackbench.core.load.engine;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;

import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * One stream slot of HTTP/2 cleartext (prior knowledge), through Reactor Netty's HttpClient, which
 * multiplexes the slots over a few connections. A response that is not HTTP/2 counts as a
 * protocol error, so a server that only speaks HTTP/1.1 cannot pass for HTTP/2.
 */
final class Http2Slot extends Connection {

    private Disposable exchange;

    Http2Slot(Worker worker) {
        super(worker);
    }

    @Override
    void send() {
        inFlight = true;
        var plan = worker.plan();
        var template = plan.template(templateIndex);
        byte[] body = plan.requestBody(templateIndex);
        writeNanos = System.nanoTime();
        worker.bytesSent(plan.encodedRequest(templateIndex).readableBytes());
        exchange = worker.http2Client()
                .headers(headers -> template.headers().forEach(headers::set))
                .request(HttpMethod.valueOf(template.method()))
                .uri(plan.pathAndQuery(templateIndex, requestId))
                .send(body.length == 0 ? Mono.empty() : Mono.just(Unpooled.wrappedBuffer(body)))
                .responseSingle((response, content) -> content.asByteArray().defaultIfEmpty(new byte[0])
                        .map(bytes -> {
                            worker.bytesReceived(bytes.length);
                            String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
                            int status = response.status().code();
                            ErrorClass error = response.version().majorVersion() != 2 ? ErrorClass.PROTOCOL
                                    : worker.checkBody(templateIndex, status, text);
                            return new Outcome(error, status);
                        }))
                .subscribe(outcome -> onWorkerLoop(outcome.error(), outcome.status()),
                        failure -> onWorkerLoop(ErrorClass.ofFailure(failure), 0));
    }

    private record Outcome(ErrorClass error, int status) {
    }

    private void onWorkerLoop(ErrorClass error, int status) {
        long now = System.nanoTime();
        if (worker.loop().inEventLoop()) {
            finish(error, status, now);
        } else {
            worker.loop().execute(() -> finish(error, status, now));
        }
    }

    private void finish(ErrorClass error, int status, long nowNanos) {
        if (inFlight) {
            inFlight = false;
            exchange = null;
            worker.complete(this, error, status, nowNanos);
        }
    }

    @Override
    void expireIfOlderThan(long nowNanos, long timeoutNanos) {
        if (inFlight && nowNanos - writeNanos > timeoutNanos) {
            close();
            finish(ErrorClass.TIMEOUT, 0, nowNanos);
        }
    }

    @Override
    void close() {
        if (exchange != null) {
            exchange.dispose();
        }
    }
}
