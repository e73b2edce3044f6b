package dev.stackbench.core.app;

import java.util.Optional;

/**
 * Whether this JVM is shutting down, and who asked: an application in this JVM that calls {@code System.exit} takes
 * stackbench down with it, and the run's shutdown hook names the caller, found on the stack of the thread that exits
 * (a shutdown by a signal has no such thread: it is the command's to handle, as Ctrl-C).
 */
public final class JvmExit {

    /**
     * Stackbench's own command line ends with System.exit once its work is done (its exit code): that exit is not the
     * application's, and a shutdown under way for another reason (Ctrl-C) may find its main thread there.
     */
    private static final String OWN_EXITS = "dev.stackbench.cli.";

    private JvmExit() {}

    /** True once the JVM has begun to shut down (hooks running): adding a hook is refused from then on. */
    public static boolean inProgress() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException shuttingDown) {
            return true;
        }
    }

    /**
     * {@code System.exit called from com.example.Jobs.stop(Jobs.java:42) on thread 'jobs-1'} while the JVM shuts down
     * because of it; empty when no thread is in System.exit (a signal, such as Ctrl-C, shuts it down without one).
     */
    public static Optional<String> systemExitCaller() {
        for (var entry : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] stack = entry.getValue();
            for (int i = 0; i < stack.length; i++) {
                boolean exit =
                        "java.lang.Runtime".equals(stack[i].getClassName()) && "exit".equals(stack[i].getMethodName());
                if (exit) {
                    int caller = i + 1;
                    while (caller < stack.length && stack[caller].getClassName().startsWith("java.lang.")) {
                        caller++;
                    }
                    if (caller < stack.length && stack[caller].getClassName().startsWith(OWN_EXITS)) {
                        break; // stackbench's own exit: look at the other threads
                    }
                    return Optional.of("System.exit called" + (caller < stack.length ? " from " + stack[caller] : "")
                            + " on thread '" + entry.getKey().getName() + "'");
                }
            }
        }
        return Optional.empty();
    }
}
