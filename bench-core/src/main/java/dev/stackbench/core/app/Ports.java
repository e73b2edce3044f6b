package dev.stackbench.core.app;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * The port an application listens on, chosen by stackbench: the one asked for, or a free one, found by binding port 0
 * on its address and letting it go, then given to the application as {@code server.port}. Chosen here rather than with
 * {@code server.port=0}, because the same number then works for an application in its own process (whose
 * {@code local.server.port} is not seen from here) and for servers that take their port from {@code server.port} without
 * being Spring Boot's (Zipkin's Armeria). Between the choice and the application's bind another process could take the
 * port (a connection of another process, given it as its own ephemeral port): the start then fails, and
 * {@link SpringBootApps#start} chooses again, at most {@link #CHOICES} times.
 */
final class Ports {

    /** How many ports are chosen for one start, at most: a second taken in its turn is already rare. */
    static final int CHOICES = 3;

    private Ports() {}

    static int choose(AppSpec spec) {
        if (spec.port() != 0) {
            return spec.port();
        }
        try (var socket = new ServerSocket(0, 1, InetAddress.getByName(spec.address()))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new AppStartException(
                    "no free port on " + spec.address() + " for the application: " + e.getMessage(), List.of());
        }
    }

    /** Its arguments: the port and address, then its properties, as {@code --NAME=VALUE} (they win over its own configuration). */
    static List<String> arguments(AppSpec spec, int port) {
        var arguments = new ArrayList<String>();
        arguments.add("--" + AppSpec.SERVER_PORT + "=" + port);
        arguments.add("--server.address=" + spec.address());
        spec.properties().forEach((name, value) -> arguments.add("--" + name + "=" + value));
        return arguments;
    }

    /** The port it listens on: Spring Boot's {@code local.server.port} when its web server set it, else the one chosen. */
    static int listening(String localServerPort, int chosen) {
        return localServerPort == null ? chosen : Integer.parseInt(localServerPort.strip());
    }

    /** {@code http://address:port/}; an application on every address is reached on loopback. */
    static URI baseUri(String address, int port) {
        String host;
        try {
            InetAddress parsed = InetAddress.getByName(address);
            host = parsed.isAnyLocalAddress()
                    ? "127.0.0.1"
                    : parsed instanceof Inet6Address ? "[" + parsed.getHostAddress() + "]" : parsed.getHostAddress();
        } catch (IOException e) {
            throw new AppStartException(
                    "the application's address " + address + " is not one of this machine's: " + e.getMessage(),
                    List.of());
        }
        return URI.create("http://" + host + ":" + port + "/");
    }
}
