package dev.stackbench.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy on a loopback port in front of a real server (PostgreSQL), so that a test can take
 * that server away from one client without stopping it for everyone else: {@link #cut()} closes every
 * proxied connection and stops listening (new connections are refused, as by a stopped database),
 * {@link #restore()} listens again on the same port, which stays bound in between (see {@link #reserved}). {@link #freeze()} is a partition instead: every connection
 * stays open, new ones are still accepted, but no byte goes through either way until {@link #thaw()}. It can count
 * what clients send, for instance the HTTP requests reaching a server ({@link #sentCount()}).
 */
final class TcpProxy implements AutoCloseable {

    private final InetSocketAddress target;
    private final int port;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket listener;
    /**
     * While cut, a socket bound to the port and not listening: connections are still refused, but the kernel gives the
     * port to no outgoing connection (a free loopback port is soon someone's ephemeral port, a client reconnecting
     * to it can even connect to itself), so {@link #restore()} finds it free. Null while listening.
     */
    private Socket reserved;
    /** Binding the port again: at most this many attempts, this far apart (a second in all). */
    private static final int BIND_ATTEMPTS = 50;

    private static final int BIND_PAUSE_MILLIS = 20;

    /** The thread accepting on {@link #listener}: its socket leaves the port only once this thread has left accept. */
    private volatile Thread accepting;
    /** What {@link #sentCount()} counts in the clients' bytes; null to count nothing. */
    private final byte[] counted;

    private final java.util.concurrent.atomic.AtomicLong sentCount = new java.util.concurrent.atomic.AtomicLong();
    /** While set, what is read is held, not written on: both sides wait, their connections open. */
    private volatile boolean frozen;

    TcpProxy(InetSocketAddress target) throws IOException {
        this(target, null);
    }

    /** @param counted counted each time a client sends it, e.g. {@code GET /date?} for the HTTP requests to /date */
    TcpProxy(InetSocketAddress target, String counted) throws IOException {
        this.target = target;
        this.counted = counted == null ? null : counted.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        this.listener = listen(0);
        this.port = listener.getLocalPort();
        accept(listener);
    }

    int port() {
        return port;
    }

    /** How often clients sent the counted bytes, so far. */
    long sentCount() {
        return sentCount.get();
    }

    /** The database goes away: connections drop, new ones are refused. */
    synchronized void cut() throws IOException {
        stopListening();
        closeConnections();
        if (reserved == null) {
            reserved = reserve();
        }
    }

    /** A partition: nothing more goes through, nothing is closed. */
    void freeze() {
        frozen = true;
    }

    /** The partition heals: what was held goes through, in order. */
    void thaw() {
        frozen = false;
    }

    /** The database is back, on the same port. */
    synchronized void restore() throws IOException {
        if (listener.isClosed()) {
            if (reserved != null) {
                reserved.close();
                reserved = null;
            }
            listener = listenAgain();
            accept(listener);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        stopListening();
        closeConnections();
        if (reserved != null) {
            reserved.close();
        }
    }

    /** Closes the listener, and waits for its accept thread to leave: until then the port may still be taken. */
    private void stopListening() throws IOException {
        if (listener.isClosed()) {
            return;
        }
        listener.close();
        try {
            accepting.join(Needs.CHECK_TIMEOUT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the proxy stopped listening", e);
        }
    }

    private void closeConnections() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
        sockets.clear();
    }

    /** The port held by a socket that does not listen; null when it cannot be held now (restore then binds it anew). */
    private Socket reserve() throws IOException {
        for (int attempt = 0; attempt < BIND_ATTEMPTS; attempt++) {
            var socket = new Socket();
            try {
                socket.setReuseAddress(true);
                socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                return socket;
            } catch (BindException taken) {
                socket.close();
                pause();
            }
        }
        return null;
    }

    /** Listens on the port again; a few attempts, should a socket of the cut's still hold it for a moment. */
    private ServerSocket listenAgain() throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return listen(port);
            } catch (BindException taken) {
                if (attempt == BIND_ATTEMPTS) {
                    throw taken;
                }
                pause();
            }
        }
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(BIND_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the proxy's port", e);
        }
    }

    private static ServerSocket listen(int port) throws IOException {
        var socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        return socket;
    }

    private void accept(ServerSocket from) {
        accepting = Thread.ofVirtual().name("proxy-accept-" + port).start(() -> {
            while (!from.isClosed()) {
                try {
                    Socket client = from.accept();
                    Socket server = new Socket();
                    sockets.add(client);
                    sockets.add(server);
                    if (from.isClosed()) { // cut while accepting: cut() may have missed these two
                        close(client, server);
                        return;
                    }
                    try {
                        server.connect(target, Needs.CHECK_TIMEOUT_MILLIS);
                    } catch (IOException refused) {
                        close(client, server);
                        continue;
                    }
                    pump(client, server, counted);
                    pump(server, client, null);
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    private void pump(Socket from, Socket to, byte[] counting) {
        Thread.ofVirtual().name("proxy-pump-" + port).start(() -> {
            try (InputStream in = from.getInputStream();
                    OutputStream out = to.getOutputStream()) {
                copy(in, out, counting);
            } catch (IOException closed) {
                // either side went away, or the test cut the proxy
            } finally {
                close(from, to);
            }
        });
    }

    /**
     * Copies, holding what was read while {@link #frozen}, and counting {@code pattern} (if any) also where it spans two
     * reads.
     */
    private void copy(InputStream in, OutputStream out, byte[] pattern) throws IOException {
        byte[] buffer = new byte[8192];
        int matched = 0; // bytes of the pattern matched at the end of what was read so far
        for (int read; (read = in.read(buffer)) >= 0; ) {
            while (frozen) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while frozen", e);
                }
            }
            for (int i = 0; pattern != null && i < read; i++) {
                // The pattern (an HTTP request line's start) has no repeated prefix, so a mismatch restarts the match.
                matched = buffer[i] == pattern[matched] ? matched + 1 : buffer[i] == pattern[0] ? 1 : 0;
                if (matched == pattern.length) {
                    sentCount.incrementAndGet();
                    matched = 0;
                }
            }
            out.write(buffer, 0, read);
            out.flush();
        }
    }

    private void close(Socket... pair) {
        for (Socket socket : pair) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            sockets.remove(socket);
        }
    }
}
