package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ObservesTheWholeJvm;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Variants share one JVM, each in its own Spring context; closing one leaves the others serving. */
@ObservesTheWholeJvm
class SideBySideTest {

    @Test
    void closingOneNettyVariantLeavesTheOtherNettyAndTomcatVariantsServing() throws Exception {
        try (var servers = new Servers();
                var http = new Http()) {
            List<RunningServer> all = List.of(
                    servers.start(ServerSpec.of(Approach.WEBFLUX_NETTY, Workload.DATE)),
                    servers.start(ServerSpec.of(Approach.LOOM_NETTY, Workload.DATE)),
                    servers.start(ServerSpec.of(Approach.ELASTIC_NETTY, Workload.DATE)),
                    servers.start(ServerSpec.of(Approach.PLATFORM_TOMCAT, Workload.DATE)),
                    servers.start(ServerSpec.of(Approach.LOOM_TOMCAT, Workload.DATE)));
            assertThat(all.stream().map(server -> server.baseUri().getPort()).distinct())
                    .hasSize(all.size());
            for (RunningServer server : all) {
                assertThat(server.startupTime()).isPositive();
                assertThat(http.get(server.baseUri().resolve("date?callDepth=1"))
                                .status())
                        .isEqualTo(200);
            }

            RunningServer closed = all.getFirst();
            closed.close();

            assertThat(Servers.acceptsConnections(closed.baseUri())).isFalse();
            for (RunningServer server : all.subList(1, all.size())) {
                // callDepth=1 also exercises each Netty variant's own client, on its own event loops
                assertThat(http.get(server.baseUri().resolve("date?delayMillis=20&callDepth=1"))
                                .status())
                        .as("%s after closing %s", server, closed)
                        .isEqualTo(200);
            }
        }
    }

    /**
     * After close the port is free and the pool that served requests has no threads left. Virtual
     * threads and the JVM-wide common pool are not owned by a server and are not checked.
     */
    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"LOOM_TOMCAT", "COMMONPOOL_TOMCAT", "LOOM_NETTY"},
            mode = EnumSource.Mode.EXCLUDE)
    void closeReleasesThePortAndThePoolThreads(Approach approach) throws Exception {
        try (var servers = new Servers();
                var http = new Http()) {
            RunningServer server = servers.start(ServerSpec.of(approach, Workload.DATE));
            Http.Response response = http.get(server.baseUri().resolve("date"));
            String poolPrefix = response.threadName().replaceAll("\\d+$", "");
            assertThat(liveThreadsNamed(poolPrefix)).isNotEmpty();

            server.close();

            assertThat(Servers.acceptsConnections(server.baseUri())).isFalse();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!liveThreadsNamed(poolPrefix).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(liveThreadsNamed(poolPrefix))
                    .as("threads of %s still alive after close", approach)
                    .isEmpty();
        }
    }

    private static Set<String> liveThreadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith(prefix))
                .collect(Collectors.toSet());
    }
}
