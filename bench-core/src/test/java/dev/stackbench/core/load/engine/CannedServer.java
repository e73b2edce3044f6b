package dev.stackbench.core.load.engine;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A TCP server on an ephemeral loopback port that answers every request with the same bytes, whatever they are (a
 * status line no HTTP server would send, garbage), and closes the connection: what a hostile or broken server says.
 */
final class CannedServer implements AutoCloseable {

    private final ServerSocket socket;
    private final byte[] answer;

    CannedServer(String answer) throws IOException {
        this.answer = answer.getBytes(StandardCharsets.ISO_8859_1);
        this.socket = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("canned-server").start(this::serve);
    }

    private void serve() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                Thread.ofVirtual().start(() -> answer(connection));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Reads the request's head (up to its blank line), answers, closes. */
    private void answer(Socket connection) {
        try (connection) {
            InputStream in = connection.getInputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
            }
            connection.getOutputStream().write(answer);
            connection.getOutputStream().flush();
        } catch (IOException ignored) {
            // the client gave up first: nothing to answer
        }
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
