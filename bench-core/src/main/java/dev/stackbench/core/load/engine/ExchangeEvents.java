package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.RequestFailure;
import io.netty.channel.Channel;

/**
 * What a {@link Connection} tells the worker that owns it. Every call comes on that worker's event
 * loop, so the worker's counters and recorders stay single-writer.
 */
interface ExchangeEvents {

    /** The request's bytes were handed to the socket: from now on it counts as sent. */
    void written(Connection connection);

    /** Bytes that crossed the wire, in either direction, headers and framing included. */
    void bytesIn(long bytes);

    void bytesOut(long bytes);

    void opened(Channel channel);

    void connectFailed(Throwable cause);

    /** A TLS handshake failed; the request it held ends as {@link RequestFailure#TLS}. */
    void tlsFailed(Throwable cause);

    /**
     * Why a request failed with {@code failure}, the same on both protocols; a TLS failure is also noted for the
     * run's warning. A connection the server closed during the handshake is {@code closed}, not {@code tls}.
     */
    default RequestFailure failureOf(Throwable failure) {
        RequestFailure error = FailureCauses.classify(failure);
        if (error == RequestFailure.TLS) {
            tlsFailed(failure);
        }
        return error;
    }

    /**
     * Checks a response's body against its connection's template (expected text; a creation must answer an id); a
     * failure's words go to the connection's {@link Connection#failureDetail}.
     *
     * @return the error, or null
     */
    RequestFailure checkBody(Connection connection, int status, CharSequence body);

    /** The request ended, with an error class, or with an HTTP status when {@code error} is null. */
    void completed(Connection connection, RequestFailure error, int status, long nowNanos);
}
