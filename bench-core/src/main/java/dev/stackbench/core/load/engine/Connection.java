package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.RequestFailure;
import io.netty.channel.EventLoop;
import java.time.Duration;

/**
 * A place for one request in flight, owned by one {@link Worker} and used only on its event loop:
 * an HTTP/1.1 connection, or a stream slot on a shared HTTP/2 connection. It connects by itself
 * when asked to send while closed, and reports everything through {@link ExchangeEvents}.
 */
abstract sealed class Connection permits Http1Connection, Http2Slot {

    final EventLoop loop;
    final RunPlan plan;
    final ExchangeEvents events;
    /** The load driver's own number for this connection (the closed model's user). */
    final int slot;

    // The request in flight, kept in fields rather than objects: no allocation per request.
    int templateIndex;
    /** The generator-created id this request uses, when its template uses one. */
    long requestId;
    /** Absolute nanoTime the latency is measured from: intended start (open) or send (closed). */
    long startNanos;
    /** Absolute nanoTime of the actual write; valid once {@link ExchangeEvents#written} was called. */
    long writeNanos;

    Phase phase;
    boolean inFlight;
    /**
     * Why the request in flight failed, set only on a failure's path (a Throwable, an error status, or words) and read
     * once by the worker: never touched by a success.
     */
    Object failureDetail;

    Connection(EventLoop loop, RunPlan plan, ExchangeEvents events, int slot) {
        this.loop = loop;
        this.plan = plan;
        this.events = events;
        this.slot = slot;
    }

    /** Sends template {@code templateIndex}; the outcome comes back through {@link ExchangeEvents#completed}. */
    final void send(int template, long id, long start, Phase requestPhase) {
        templateIndex = template;
        requestId = id;
        startNanos = start;
        phase = requestPhase;
        inFlight = true;
        send();
    }

    abstract void send();

    /** Fails the request in flight as a timeout if it was written longer than {@code timeoutNanos} ago. */
    abstract void expireIfOlderThan(long nowNanos, long timeoutNanos);

    /**
     * Gives up on the request in flight, if any: it ends as {@code error} and the connection is closed.
     *
     * @param detail why, for the error's message: a Throwable or words
     */
    abstract void abandon(RequestFailure error, Object detail);

    /** What a request that timed out says. */
    final String noResponseWithin(long timeoutNanos) {
        return "no response within " + Durations.format(Duration.ofNanos(timeoutNanos));
    }

    abstract void close();
}
