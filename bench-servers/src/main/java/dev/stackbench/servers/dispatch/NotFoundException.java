package dev.stackbench.servers.dispatch;

/** The requested item does not exist; answered with 404 and this message. */
public class NotFoundException extends RuntimeException {

    public NotFoundException(String message) {
        super(message);
    }
}
