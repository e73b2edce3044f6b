package dev.stackbench.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs from the machine (PostgreSQL, Redis, network namespaces), decided in one place: without it the test
 * is skipped, saying why, except with {@code CI=true}, where it fails: CI must never go green having skipped it.
 */
final class Needs {

    /** Connect timeout of a reachability check. */
    static final int CHECK_TIMEOUT_MILLIS = 2000;

    private Needs() {}

    /** Skips the calling test loudly when {@code unavailableBecause} says why {@code what} cannot be used; fails with CI=true. */
    static void require(String what, Optional<String> unavailableBecause) {
        unavailableBecause.ifPresent(why -> {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new AssertionError("CI=true, and this test needs " + what + ": " + why);
            }
            String message = "skipped, needs " + what + ": " + why + " (with CI=true this fails)";
            System.err.println(message);
            Assumptions.abort(message);
        });
    }

    /** Why {@code what} at {@code url} cannot be used, or empty when its address accepts a connection. */
    static Optional<String> unreachable(String what, String url, InetSocketAddress address) {
        try (var socket = new Socket()) {
            socket.connect(address, CHECK_TIMEOUT_MILLIS);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(what + " at " + url + " does not accept connections: " + e.getMessage());
        }
    }
}
