package dev.stackbench.servers.dispatch;

/** A call to an upstream service failed; answered with 502 and this message. */
public class UpstreamException extends RuntimeException {

    public UpstreamException(String message, Throwable cause) {
        super(message, cause);
    }
}
