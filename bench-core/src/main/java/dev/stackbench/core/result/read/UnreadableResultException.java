package dev.stackbench.core.result.read;

import java.nio.file.Path;

/**
 * Input that cannot be read as results: a missing file, not JSON, an unknown schema, a garbage,
 * empty or truncated latency.hlog, repeats of a label that were measured differently. The message is
 * one line, {@code FILE: problem}; the command line turns it into exit code 2.
 */
public final class UnreadableResultException extends IllegalArgumentException {

    public UnreadableResultException(Path file, String problem) {
        super(file + ": " + problem);
    }

    public UnreadableResultException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
    }

    /** For a problem between files, where no single file is to blame. */
    UnreadableResultException(String message) {
        super(message);
    }
}
