package dev.stackbench.core.vocabulary;

/** Why a request failed other than by an HTTP error status: the closed set of the generator's own error classes. */
public enum RequestFailure implements ErrorClass {
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

    RequestFailure(String key) {
        this.key = key;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public String toString() {
        return key;
    }
}
