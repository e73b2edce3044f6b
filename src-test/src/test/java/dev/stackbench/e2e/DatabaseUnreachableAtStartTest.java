package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerStartException;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ObservesTheWholeJvm;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A database unreachable at start fails the start, saying so, and leaves none of its threads running: this JVM's
 * threads are read by name, so no other class's servers may run beside it.
 */
@ObservesTheWholeJvm
class DatabaseUnreachableAtStartTest {

    /** A start against a database that refuses connections fails at once, saying it is the database, and leaves nothing running. */
    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"PLATFORM_TOMCAT", "WEBFLUX_NETTY"}) // JDBC and R2DBC
    void aDatabaseUnreachableAtStartFailsTheStartNamingIt(Approach approach) throws Exception {
        int refusingPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            refusingPort = socket.getLocalPort();
        }
        try (var servers = new Servers()) {
            var spec = ServerSpec.of(approach, Workload.CRUD)
                    .withServerProperty("stackbench.db.url", "postgresql://127.0.0.1:" + refusingPort + "/stackbench");

            assertThatThrownBy(() -> servers.start(spec))
                    .isInstanceOf(ServerStartException.class)
                    .hasMessageEndingWith("cannot connect to PostgreSQL at 127.0.0.1:" + refusingPort
                            + "/stackbench: Connection refused")
                    .satisfies(failure -> assertThat(failure.getMessage()).doesNotContain("\n"));
        }
        // Nothing of the failed start keeps running: its event loops, pools and database pool are gone.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!threadsOf(approach).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(threadsOf(approach)).as("threads left by the failed start").isEmpty();
    }

    private static List<String> threadsOf(Approach approach) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith(approach.id() + "-")
                        || name.startsWith("stackbench-jdbc")
                        || name.startsWith("stackbench-r2dbc"))
                .toList();
    }
}
