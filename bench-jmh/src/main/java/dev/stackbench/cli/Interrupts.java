package dev.stackbench.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.stackbench.core.load.engine.StopRequest;

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
    private volatile int exitCode;

    private Interrupts(PrintWriter err) {
        for (var entry : EXIT_CODES.entrySet()) {
            Signal signal = new Signal(entry.getKey());
            previous.put(signal, Signal.handle(signal, received -> {
                if (exitCode != 0) {
                    Runtime.getRuntime().halt(exitCode); // the second signal: out at once, as asked
                }
                exitCode = entry.getValue();
                err.println("stopping (SIG" + entry.getKey() + "): keeping what was measured so far; again to abort at once");
                err.flush();
                stop.request("interrupted (SIG" + entry.getKey() + ")");
            }));
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
        return exitCode != 0;
    }

    /** 130 or 143 after a signal; 0 if none came. */
    int exitCode() {
        return exitCode;
    }

    @Override
    public void close() {
        previous.forEach(Signal::handle);
    }
}
