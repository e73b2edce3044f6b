package dev.stackbench.core.app;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Waits until an application is ready: its port accepts a connection, or a GET of its ready path answers 2xx; gives up
 * at a deadline, or at once when the application is gone (its start failed, its process exited).
 */
final class Readiness {

    /** Between two looks: short against a start of seconds, long against the cost of a look. */
    private static final Duration POLL = Duration.ofMillis(50);

    private static final int CONNECT_TIMEOUT_MILLIS = 500;
    private static final int READ_TIMEOUT_MILLIS = 5_000;

    private Readiness() {}

    /**
     * @param gone     why the application cannot become ready any more; null while it still may
     * @param timeout  the whole wait, for the message
     * @return empty once ready; else why not, in words
     */
    static Optional<String> await(
            URI base, String readyPath, long deadlineNanos, Duration timeout, Supplier<String> gone)
            throws InterruptedException {
        String last = null;
        while (true) {
            String why = gone.get();
            if (why != null) {
                return Optional.of(why);
            }
            try {
                if (readyPath == null) {
                    try (var socket = new Socket()) {
                        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), CONNECT_TIMEOUT_MILLIS);
                        return Optional.empty();
                    }
                }
                int status = get(base.resolve(readyPath.substring(1)));
                if (status >= 200 && status < 300) {
                    return Optional.empty();
                }
                last = readyPath + " last answered " + status;
            } catch (IOException e) {
                last = last != null ? last : "port " + base.getPort() + " never accepted a connection";
            }
            if (System.nanoTime() - deadlineNanos >= 0) {
                return Optional.of("it did not become ready within " + timeout.toSeconds() + " s: " + last);
            }
            Thread.sleep(POLL);
        }
    }

    private static int get(URI uri) throws IOException {
        var connection = (HttpURLConnection) uri.toURL().openConnection();
        connection.setConnectTimeout(CONNECT_TIMEOUT_MILLIS);
        connection.setReadTimeout(READ_TIMEOUT_MILLIS);
        try {
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }
}
