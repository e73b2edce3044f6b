package dev.stackbench.core.profile;

import java.lang.management.ManagementFactory;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * JFR's stack depth (64 frames unless configured) is a setting of the whole JVM that can change only before JFR first
 * starts in it; afterwards {@code JFR.configure} just reports it. So a command that profiles asks for the depth it
 * needs first thing, through the same diagnostic command {@code jcmd PID JFR.configure stackdepth=N} runs.
 */
final class JfrStackDepth {

    private static final Pattern REPORTED = Pattern.compile("Stack depth: (\\d+)");

    private JfrStackDepth() {}

    /** Asks for at least {@code frames}; empty when the JVM keeps that many, else why its stacks stay shorter. */
    static Optional<String> atLeast(int frames) {
        String reply;
        try {
            reply = String.valueOf(ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "jfrConfigure",
                            new Object[] {new String[] {"stackdepth=" + frames}},
                            new String[] {String[].class.getName()}));
        } catch (JMException | RuntimeException e) {
            return Optional.of("JFR's stack depth could not be set to " + frames + " (" + e
                    + "): stacks deeper than JFR's default of 64 " + "frames lose their roots");
        }
        return shortfall(reply, frames, "this JVM");
    }

    /**
     * What {@code JFR.configure stackdepth=N}'s {@code reply} says of a JVM ({@code where}: "this JVM", or another's
     * name): empty when it keeps at least {@code frames}, else why its stacks stay shorter.
     */
    static Optional<String> shortfall(String reply, int frames, String where) {
        var depth = REPORTED.matcher(reply);
        if (depth.find() && Integer.parseInt(depth.group(1)) >= frames) {
            return Optional.empty();
        }
        return Optional.of("JFR had started in " + where + " before the profile could deepen its stacks to " + frames
                + " frames" + (depth.find(0) ? " (they stay at " + depth.group(1) + ")" : "")
                + ": deeper stacks lose their roots");
    }
}
