package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.RepeatedTest;

/**
 * Servers started from several threads of one JVM at once all start and serve, as a test or a user's code that measures
 * runs side by side starts them. Spring Boot's logging system is the JVM's: without starts taken one at a time, two
 * contexts reset Logback under each other and one fails ("arraycopy: length -1 is negative", seen with two async-tomcat
 * servers). A race, so several rounds: without the provider's one start at a time, 3 of 12 rounds of these 8 failed
 * (2026-11-27); with it, none of 18.
 */
@ChecksBehaviour
class ServersStartedAtOnceTest {

    private static final List<Approach> APPROACHES = List.of(
            Approach.ASYNC_TOMCAT,
            Approach.ASYNC_TOMCAT,
            Approach.ASYNC_TOMCAT,
            Approach.PLATFORM_TOMCAT,
            Approach.PLATFORM_TOMCAT,
            Approach.WEBFLUX_NETTY,
            Approach.LOOM_NETTY,
            Approach.LOOM_TOMCAT);

    @RepeatedTest(3)
    void serversStartedFromSeveralThreadsAtOnceAllServe() throws Exception {
        var catalog = ServerVariants.load();
        var started = new ArrayList<Future<RunningServer>>();
        try (ExecutorService atOnce = Executors.newFixedThreadPool(APPROACHES.size());
                var http = new Http()) {
            for (Approach approach : APPROACHES) {
                Callable<RunningServer> start = () -> catalog.start(ServerSpec.of(approach, Workload.DATE));
                started.add(atOnce.submit(start));
            }
            var failures = new ArrayList<String>();
            var servers = new ArrayList<RunningServer>();
            for (var server : started) {
                try {
                    servers.add(server.get(2, TimeUnit.MINUTES));
                } catch (ExecutionException e) {
                    failures.add(String.valueOf(e.getCause()));
                } catch (TimeoutException e) {
                    failures.add("a start that did not end within 2 minutes");
                }
            }
            try {
                assertThat(failures).as("servers that did not start").isEmpty();
                for (RunningServer server : servers) {
                    assertThat(http.get(server.baseUri().resolve("date")).status())
                            .as(server.baseUri().toString())
                            .isEqualTo(200);
                }
            } finally {
                servers.forEach(RunningServer::close);
            }
        }
    }
}
