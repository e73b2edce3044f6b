package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** The test's own proxy: a cut refuses connections and keeps its port, so that the restore can listen on it again. */
@ChecksBehaviour
class TcpProxyTest {

    static final int CUTS = 20;

    @Test
    void aCutRefusesConnectionsButKeepsThePortForTheRestore() throws Exception {
        try (var target = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                var proxy = new TcpProxy((InetSocketAddress) target.getLocalSocketAddress())) {
            var address = new InetSocketAddress(InetAddress.getLoopbackAddress(), proxy.port());
            // Several times: a listener closed while its thread waits in accept leaves the port a moment later.
            for (int cut = 0; cut < CUTS; cut++) {
                connect(address);
                proxy.cut();

                assertThatThrownBy(() -> connect(address)).isInstanceOf(ConnectException.class);
                // What an outgoing connection taking the port as its own would do: bind it. The cut holds it.
                assertThatThrownBy(() -> {
                            try (var other = new Socket()) {
                                other.bind(address);
                            }
                        })
                        .isInstanceOf(BindException.class);

                proxy.restore();
            }
            connect(address);
        }
    }

    private static void connect(InetSocketAddress address) throws IOException {
        try (var socket = new Socket()) {
            socket.connect(address, Needs.CHECK_TIMEOUT_MILLIS);
        }
    }
}
