package dev.stackbench.servers.dispatch;

/** A request body is not of a type the route reads (JSON); answered with 415 and this message. */
public class UnsupportedMediaTypeException extends RuntimeException {

    public UnsupportedMediaTypeException(String message) {
        super(message);
    }
}
