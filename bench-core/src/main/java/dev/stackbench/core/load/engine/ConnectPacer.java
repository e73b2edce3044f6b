package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadDefaults;
import java.util.ArrayDeque;

/**
 * Paces one worker's connection attempts: at most {@link LoadDefaults#CONNECTS_IN_PROGRESS_PER_THREAD}
 * in progress, the rest wait their turn in order. Thousands of simultaneous SYNs would overflow the
 * server's accept backlog, and the kernel then retries after 1 s, 2 s, 4 s. Used on the worker's loop only.
 */
final class ConnectPacer {

    private final ArrayDeque<Http1Connection> waiting = new ArrayDeque<>();
    private int inProgress;

    /** Connects now, or once an attempt in progress has finished. */
    void connectWhenAllowed(Http1Connection connection) {
        if (inProgress < LoadDefaults.CONNECTS_IN_PROGRESS_PER_THREAD) {
            inProgress++;
            connection.connect();
        } else {
            waiting.addLast(connection);
        }
    }

    /** An attempt finished, either way: the next waiting one may start, unless its request was given up meanwhile. */
    void finished() {
        Http1Connection next = waiting.pollFirst();
        while (next != null && !next.inFlight) {
            next = waiting.pollFirst();
        }
        if (next != null) {
            next.connect();
        } else {
            inProgress--;
        }
    }
}
