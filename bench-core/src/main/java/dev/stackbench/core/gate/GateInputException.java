package dev.stackbench.core.gate;

/** Input a gate cannot use: a missing file, an unknown format or schema, nothing to compare. Exit code 2. */
public final class GateInputException extends RuntimeException {

    public GateInputException(String message) {
        super(message);
    }

    public GateInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
