package dev.stackbench.core.compare.jvm;

import java.nio.file.Path;
import java.util.List;

/**
 * A variant's JVM could not go on: it did not start, its server refused a setting, it exited or stopped answering.
 * The message is one line naming the variant and the reason; {@link #logTail()} holds the last lines of its log.
 *
 * @see VariantJvm
 */
public final class VariantFailure extends RuntimeException {

    private final String label;
    private final boolean badInput;
    private final boolean stopped;
    private final List<String> logTail;
    private final Path log;

    public VariantFailure(
            String label, String reason, boolean badInput, boolean stopped, List<String> logTail, Path log) {
        super("variant " + label + ": " + reason);
        this.label = label;
        this.badInput = badInput;
        this.stopped = stopped;
        this.logTail = List.copyOf(logTail);
        this.log = log;
    }

    public String label() {
        return label;
    }

    /**
     * The variant itself is wrong (a setting its server refused, an application that does not start, a trial in which
     * it served none of the requests).
     */
    public boolean badInput() {
        return badInput;
    }

    /** Its server or JVM stopped by itself while the comparison ran. */
    public boolean stopped() {
        return stopped;
    }

    /** The last lines of its log, for the user to see why. */
    public List<String> logTail() {
        return logTail;
    }

    public Path log() {
        return log;
    }

    /** The message with where its log is: {@code variant head: ... (its log: PATH)}, one line. */
    public String withLog() {
        return getMessage() + (log == null ? "" : " (its log: " + log + ")");
    }
}
