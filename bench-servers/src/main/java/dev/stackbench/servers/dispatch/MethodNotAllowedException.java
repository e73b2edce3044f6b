package dev.stackbench.servers.dispatch;

import java.util.List;

/** A known path was asked with a method it does not serve; answered with 405 and an {@code Allow} header. */
public class MethodNotAllowedException extends RuntimeException {

    private final List<String> allowed;

    public MethodNotAllowedException(String method, String path, List<String> allowed) {
        super("method " + method + " is not allowed on " + path + "; allowed: " + String.join(", ", allowed));
        this.allowed = List.copyOf(allowed);
    }

    /** The methods the path serves, for the {@code Allow} header. */
    public List<String> allowed() {
        return allowed;
    }
}
