package dev.stackbench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

@ChecksBehaviour
class CatalogTest {

    @Test
    void approachesAreFoundByTheirIdsAndUnknownIdsAreNamed() {
        for (Approach approach : Approach.values()) {
            assertThat(Approach.fromId(approach.id())).isSameAs(approach);
        }
        assertThatThrownBy(() -> Approach.fromId("loom-jetty"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown approach 'loom-jetty'; expected one of: " + Approach.ids());
        assertThatThrownBy(() -> Workload.fromId("crud2"))
                .hasMessageStartingWith("unknown workload 'crud2'; expected one of: date");
    }

    @Test
    void everyNettyApproachKeepsBlockingWorkOffTheEventLoop() {
        for (Approach approach : Approach.values()) {
            if (approach.stack() == WebStack.WEBFLUX_NETTY) {
                assertThat(approach.execution())
                        .as(approach.id())
                        .isNotIn(Execution.REQUEST_THREAD, Execution.TASK_POOL);
            }
        }
    }

    @Test
    void aSpecIsAnImmutableValue() {
        var properties = new HashMap<String, String>();
        properties.put("server.tomcat.threads.max", "10");
        var spec = new ServerSpec(Approach.PLATFORM_TOMCAT, Workload.DATE, java.util.Map.of(), properties);
        properties.put("server.tomcat.threads.max", "20");

        ServerSpec changed = spec.withServerProperty("server.tomcat.threads.max", "30");

        assertThat(spec.serverProperties()).containsEntry("server.tomcat.threads.max", "10");
        assertThat(changed.serverProperties()).containsEntry("server.tomcat.threads.max", "30");
    }

    @Test
    void withoutProvidersTheCatalogSaysWhichModuleIsMissing() {
        var empty = new ServerVariants(List.of());

        assertThat(empty.approaches()).isEmpty();
        assertThatThrownBy(() -> empty.start(ServerSpec.of(Approach.LOOM_NETTY, Workload.DATE)))
                .isInstanceOf(ServerStartException.class)
                .hasMessage(
                        "no server variant for approach loom-netty with workload date on the class path (add dev.stackbench:bench-servers)");
    }
}
