package dev.stackbench.cli;

import dev.stackbench.core.app.JvmExit;
import dev.stackbench.core.load.engine.StopRequest;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * While the user's application runs in this JVM, a System.exit of the application's would end stackbench too, within
 * milliseconds, and lose what was measured. This guard's shutdown hook stops the run instead (the StopRequest, as a
 * Ctrl-C does), keeps the JVM alive until the command has written what was measured and said why, and then ends the
 * JVM with exit code 2 (the application's own exit status is not stackbench's). Closed when the run is over: a System.exit
 * after that is no longer held up.
 */
final class AppExitGuard implements AutoCloseable {

    /** Long enough for the run's stop (its grace for requests in flight) and the writing of its files. */
    private static final Duration HOLD = Duration.ofSeconds(60);

    private final CountDownLatch released = new CountDownLatch(1);
    private final Thread hook;

    private AppExitGuard(StopRequest stop, PrintWriter err) {
        hook = new Thread(
                () -> {
                    var caller = JvmExit.systemExitCaller();
                    if (caller.isEmpty()) {
                        return; // a signal: Ctrl-C and SIGTERM are the command's to handle, as without an application
                    }
                    String cause = caller.get();
                    stop.request("the application stopped serving: " + cause);
                    try {
                        if (!released.await(HOLD.toMillis(), TimeUnit.MILLISECONDS)) {
                            err.println("error: the application's exit (" + cause + ") was held " + HOLD.toSeconds()
                                    + " s for the results to be written, in vain; ending now");
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    err.flush();
                    Runtime.getRuntime()
                            .halt(StackbenchMain.EXIT_USAGE); // the exit the application began would end with its own
                    // status
                },
                "stackbench-app-exit-guard");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    static AppExitGuard install(StopRequest stop, PrintWriter err) {
        return new AppExitGuard(stop, err);
    }

    /** The command is done with what was measured: the JVM may end (with exit code 2 if the application began an exit). */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the application's System.exit is under way: the hook is waiting for this
        }
        released.countDown();
    }
}
