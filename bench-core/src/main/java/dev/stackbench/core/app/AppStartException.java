package dev.stackbench.core.app;

import dev.stackbench.core.server.ServerStartException;
import java.net.BindException;
import java.util.List;

/**
 * The application did not start, or did not become ready: the message is one line naming the reason (not a Spring
 * Boot jar, failed at start, never opened its port, exited); {@link #errorOutput()} holds the first lines of the
 * application's own error output, for the user to read below it.
 */
public final class AppStartException extends ServerStartException {

    private final List<String> errorOutput;

    public AppStartException(String message, List<String> errorOutput) {
        super(message);
        this.errorOutput = List.copyOf(errorOutput);
    }

    public AppStartException(String message, List<String> errorOutput, Throwable cause) {
        super(message, cause);
        this.errorOutput = List.copyOf(errorOutput);
    }

    /**
     * Whether it failed because its port was taken: a {@link BindException} among its causes (an application in this
     * JVM), or its output saying the port is "already in use" (Spring Boot's words for one in its own process).
     */
    public boolean portTaken() {
        for (Throwable cause = getCause(); cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof BindException) {
                return true;
            }
        }
        return errorOutput.stream().anyMatch(line -> line.contains("already in use"));
    }

    /** The first lines of the application's error output (its exception, or its log's first error lines); may be empty. */
    public List<String> errorOutput() {
        return errorOutput;
    }
}
