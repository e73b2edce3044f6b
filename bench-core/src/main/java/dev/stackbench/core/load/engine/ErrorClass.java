package dev.stackbench.core.load.engine;

import java.io.IOException;
import java.net.ConnectException;

import javax.net.ssl.SSLException;

import io.netty.handler.codec.DecoderException;

/** Why a request failed, other than an HTTP error status (those are counted by code). */
public enum ErrorClass {
    /** The connection could not be opened (refused, unreachable, connect timeout, OS limits). */
    CONNECT("connect"),
    /** No complete response within the response timeout. */
    TIMEOUT("timeout"),
    /** The server closed the connection before the response was complete. */
    CLOSED("closed"),
    /** The connection was reset. */
    RESET("reset"),
    /** The TLS handshake failed: a certificate not trusted (without --insecure), no protocol or cipher in common. */
    TLS("tls"),
    /** The response was not valid HTTP (or not HTTP/2 when HTTP/2 was asked for). */
    PROTOCOL("protocol"),
    /** The response body failed the request's body check. */
    BODY("body");

    private final String key;

    ErrorClass(String key) {
        this.key = key;
    }

    /** The name in results and on the console. */
    public String key() {
        return key;
    }

    /** The name of the class counting HTTP error status {@code status}. */
    public static String httpStatusKey(int status) {
        return "http_" + status;
    }

    static ErrorClass ofFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof Http2Clients.NotNegotiated) {
                return PROTOCOL;
            }
            // Before DecoderException, which wraps what a TLS handshake fails with.
            if (cause instanceof SSLException) {
                return TLS;
            }
            if (cause instanceof DecoderException) {
                return PROTOCOL;
            }
            if (cause instanceof ConnectException) {
                return CONNECT;
            }
            String message = String.valueOf(cause.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (cause instanceof IOException && message.contains("reset")) {
                return RESET;
            }
        }
        return CLOSED;
    }
}
