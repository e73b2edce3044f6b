package dev.stackbench.servers.dispatch;

/** A request body is larger than {@link JsonBody#MAX_BYTES}; answered with 413 and this message. */
public class PayloadTooLargeException extends RuntimeException {

    public PayloadTooLargeException(String message) {
        super(message);
    }
}
