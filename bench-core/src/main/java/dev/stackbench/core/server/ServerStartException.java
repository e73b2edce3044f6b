package dev.stackbench.core.server;

/** A server variant could not be started; the message is one line that names the cause. */
public class ServerStartException extends RuntimeException {

    public ServerStartException(String message) {
        super(message);
    }

    public ServerStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
