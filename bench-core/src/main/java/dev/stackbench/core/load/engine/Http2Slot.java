package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.RequestFailure;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * One stream slot of HTTP/2, cleartext by prior knowledge or over TLS by ALPN, through Reactor Netty's HttpClient, which
 * multiplexes the slots over a few connections. The client runs on this slot's worker loop only
 * ({@link Http2Clients}), so its callbacks arrive where the worker's counters live. A response that
 * is not HTTP/2 counts as a protocol error, so a server that only speaks HTTP/1.1 cannot pass for HTTP/2.
 */
final class Http2Slot extends Connection {

    private final HttpClient client;
    private Disposable exchange;
    /** Tells the requests on this slot apart: a late callback of an earlier one must not end the current one. */
    private int generation;

    Http2Slot(EventLoop loop, RunPlan plan, ExchangeEvents events, int slot, HttpClient client) {
        super(loop, plan, events, slot);
        this.client = client;
    }

    @Override
    void send() {
        int sent = ++generation;
        var template = plan.template(templateIndex);
        byte[] body = plan.requestBody(templateIndex);
        writeNanos = System.nanoTime(); // until the stream exists, the response timeout runs from the send
        boolean[] written = {false};
        Disposable started = client.headers(headers -> template.headers().forEach(headers::set))
                .request(HttpMethod.valueOf(template.method()))
                .uri(plan.pathAndQuery(templateIndex, requestId))
                .send((request, outbound) -> {
                    // A stream exists now and the request goes out: it counts as sent, once.
                    if (!written[0] && sent == generation) {
                        written[0] = true;
                        writeNanos = System.nanoTime();
                        events.written(this);
                    }
                    return body.length == 0 ? Mono.empty() : outbound.send(Mono.just(Unpooled.wrappedBuffer(body)));
                })
                .responseSingle((response, content) -> content.asString(StandardCharsets.UTF_8)
                        .defaultIfEmpty("")
                        .map(text -> {
                            int status = response.status().code();
                            RequestFailure error;
                            if (response.version().majorVersion() != 2) {
                                error = RequestFailure.PROTOCOL;
                                failureDetail = "answered " + response.version() + ", not HTTP/2";
                            } else {
                                if (status >= 400) {
                                    failureDetail = response.status();
                                }
                                error = events.checkBody(this, status, text);
                            }
                            return new Outcome(error, status);
                        }))
                .subscribe(
                        outcome -> onLoop(sent, outcome.error(), outcome.status()),
                        failure -> {
                            failureDetail = failure;
                            onLoop(sent, events.failureOf(failure), 0);
                        },
                        // Completed without a response (the stream was reset or the connection closed): never silence.
                        () -> {
                            failureDetail = "the stream ended without a response";
                            onLoop(sent, RequestFailure.CLOSED, 0);
                        });
        if (sent == generation && inFlight) {
            exchange = started; // unless it already completed, synchronously, and the slot moved on
        }
    }

    private record Outcome(RequestFailure error, int status) {}

    /** Reactor Netty calls back on the connection's loop, which is this worker's; the hop is a safeguard. */
    private void onLoop(int sent, RequestFailure error, int status) {
        long now = System.nanoTime();
        if (loop.inEventLoop()) {
            finish(sent, error, status, now);
        } else {
            loop.execute(() -> finish(sent, error, status, now));
        }
    }

    private void finish(int sent, RequestFailure error, int status, long nowNanos) {
        if (inFlight && sent == generation) {
            inFlight = false;
            exchange = null;
            events.completed(this, error, status, nowNanos);
        }
    }

    @Override
    void expireIfOlderThan(long nowNanos, long timeoutNanos) {
        if (inFlight && exchange != null && nowNanos - writeNanos > timeoutNanos) {
            abandon(RequestFailure.TIMEOUT, noResponseWithin(timeoutNanos));
        }
    }

    @Override
    void abandon(RequestFailure error, Object detail) {
        close();
        if (inFlight) {
            failureDetail = detail;
        }
        finish(generation, error, 0, System.nanoTime());
    }

    @Override
    void close() {
        if (exchange != null) {
            exchange.dispose();
        }
    }
}
