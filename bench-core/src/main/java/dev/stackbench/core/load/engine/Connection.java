package dev.stackbench.core.load.engine;

/**
 * A place for one request in flight, owned by one {@link Worker} and used only on its event loop:
 * an HTTP/1.1 connection, or a stream slot on a shared HTTP/2 connection. It connects by itself
 * when asked to send while closed.
 */
abstract sealed class Connection permits Http1Connection, Http2Slot {

    final Worker worker;
    /** The closed-model user that owns this connection; null in the open model. */
    Worker.User user;

    // The request in flight, kept in fields rather than objects: no allocation per request.
    int templateIndex;
    /** The generator-created id this request uses, when its template uses one. */
    long requestId;
    /** Absolute nanoTime the latency is measured from: intended start (open) or send (closed). */
    long startNanos;
    /** Absolute nanoTime of the actual write; {@code inFlight} tells whether it is set. */
    long writeNanos;
    boolean inFlight;

    Connection(Worker worker) {
        this.worker = worker;
    }

    /** Sends template {@code templateIndex}; the worker hears back through {@link Worker#complete}. */
    abstract void send();

    /** Fails the request in flight as a timeout if it has waited longer than {@code timeoutNanos}. */
    abstract void expireIfOlderThan(long nowNanos, long timeoutNanos);

    abstract void close();
}
