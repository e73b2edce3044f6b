package dev.stackbench.e2e;

import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Starts variants through the public catalog, as a user would, and closes them all at the end. */
final class Servers implements AutoCloseable {

    private final ServerVariants catalog = ServerVariants.load();
    private final List<RunningServer> started = new ArrayList<>();

    RunningServer start(ServerSpec spec) {
        RunningServer server = catalog.start(spec);
        started.add(server);
        return server;
    }

    static boolean acceptsConnections(URI uri) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), (int)
                    Duration.ofSeconds(2).toMillis());
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    @Override
    public void close() {
        started.forEach(RunningServer::close);
    }
}
