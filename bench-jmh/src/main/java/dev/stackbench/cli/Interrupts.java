package dev.stackbench.cli;

import dev.stackbench.core.load.engine.StopRequest;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C and SIGTERM during a run, as k6 users expect: the first stops the load, and the command
 * writes what was measured so far (marked interrupted) and exits with 130 (SIGINT) or 143 (SIGTERM);
 * a second signal aborts at once. Without this the JVM's default would exit within milliseconds and
 * lose the measurement. The handlers are the JVM's own again once closed.
 */
final class Interrupts implements AutoCloseable {

    /** 128 + the signal's number, as shells report a process ended by it. */
    private static final Map<String, Integer> EXIT_CODES = Map.of("INT", 130, "TERM", 143);

    private final StopRequest stop = new StopRequest();
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private final AtomicInteger exitCode = new AtomicInteger();

    private Interrupts(PrintWriter err) {
        for (var entry : EXIT_CODES.entrySet()) {
            Signal signal = new Signal(entry.getKey());
            SignalHandler handler = received -> {
                if (!exitCode.compareAndSet(0, entry.getValue())) {
                    Runtime.getRuntime().halt(exitCode.get()); // the second signal: out at once, as asked
                }
                err.println("stopping (SIG" + entry.getKey()
                        + "): keeping what was measured so far; again to abort at once");
                err.flush();
                stop.request("interrupted (SIG" + entry.getKey() + ")");
            };
            try {
                previous.put(signal, Signal.handle(signal, handler));
            } catch (IllegalArgumentException reserved) {
                // The JVM or the OS keeps this signal (e.g. -Xrs): it ends the process as before.
            }
        }
    }

    /** Takes over SIGINT and SIGTERM until closed. */
    static Interrupts install(PrintWriter err) {
        return new Interrupts(err);
    }

    /** What a run polls, and what a signal requests. */
    StopRequest stop() {
        return stop;
    }

    boolean interrupted() {
        return exitCode.get() != 0;
    }

    /** 130 or 143 after a signal; 0 if none came. */
    int exitCode() {
        return exitCode.get();
    }

    @Override
    public void close() {
        previous.forEach(Signal::handle);
    }
}
