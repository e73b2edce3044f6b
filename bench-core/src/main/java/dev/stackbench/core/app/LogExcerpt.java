package dev.stackbench.core.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The first lines of an application's own error output, from its log: what a user reads first to see why it failed. */
final class LogExcerpt {

    /** Enough to name a failure (Spring Boot's failure analysis: its description and action), few enough for a terminal. */
    static final int LINES = 8;
    /** Where the error output starts, the first kind found: Spring Boot's failure analysis, a logged error, an exception. */
    private static final List<Pattern> STARTS = List.of(
            Pattern.compile("APPLICATION FAILED TO START"),
            Pattern.compile("\\bERROR\\b"),
            Pattern.compile("Exception|Error:"));

    private LogExcerpt() {}

    /** Up to {@link #LINES} lines from the first that looks like an error, blank lines left out; else its last lines. */
    static List<String> errorLines(Path log) {
        List<String> lines;
        try {
            lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return List.of("(its log " + log + " cannot be read: " + e.getMessage() + ")");
        }
        int start = -1;
        for (Pattern kind : STARTS) {
            for (int i = 0; i < lines.size() && start < 0; i++) {
                if (kind.matcher(lines.get(i)).find()) {
                    start = i;
                }
            }
        }
        var excerpt = new ArrayList<String>();
        for (int i = Math.max(0, start < 0 ? lines.size() - LINES : start);
                i < lines.size() && excerpt.size() < LINES;
                i++) {
            String line = lines.get(i).strip();
            // Stack frames and the failure analysis' rows of stars say nothing a user reads first.
            if (!line.isEmpty() && !line.matches("\\**") && !line.startsWith("at ") && !line.startsWith("...")) {
                excerpt.add(lines.get(i).stripTrailing());
            }
        }
        return excerpt;
    }

    /** {@code IllegalStateException: the reason}, of the deepest cause: the one a user can act on. */
    static String rootCause(Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null
                ? ""
                : root.getMessage().lines().findFirst().orElse("");
        return root.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    }
}
