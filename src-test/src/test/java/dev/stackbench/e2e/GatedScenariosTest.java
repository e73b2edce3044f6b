package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate of every build: the scenarios below (listed in results/gates/README.md), then
 * {@code gate --rules results/gates/ci-rules.yaml}. The rules are ratios within this run and
 * physical bounds only, so a slow or busy machine does not make them flake; a broken rule fails
 * the build and prints the gate's table.
 */
class GatedScenariosTest {

    static final Path RULES = Path.of("..", "results", "gates", "ci-rules.yaml");

    /** Each: label, then the load options. 32 users, 100 ms per request, 2 s warm-up, 4 s measured. */
    static final List<List<String>> SCENARIOS = List.of(
            List.of("platform-tomcat-8-threads", "--approach", "platform-tomcat",
                    "--server-property", "server.tomcat.threads.max=8", "--server-property", "server.tomcat.threads.min-spare=8"),
            List.of("async-tomcat-4-threads", "--approach", "async-tomcat",
                    "--server-property", "spring.task.execution.pool.core-size=4"),
            List.of("loom-tomcat/date", "--approach", "loom-tomcat"),
            List.of("loom-netty/date", "--approach", "loom-netty"),
            List.of("webflux-netty/date", "--approach", "webflux-netty"));

    @TempDir
    Path results;

    @Test
    void theGatedScenariosKeepTheirRatiosAndBounds() {
        for (List<String> scenario : SCENARIOS) {
            var args = new ArrayList<>(List.of("load", "--label", scenario.getFirst()));
            args.addAll(scenario.subList(1, scenario.size()));
            args.addAll(List.of("--concurrency", "32", "--workload-param", "delayMillis=100", "--warmup", "2s", "--duration", "4s",
                    "--quiet", "--out", results.resolve(scenario.getFirst().replace('/', '-')).toString()));
            ServeCommandTest.Run load = ServeCommandTest.run(args.toArray(String[]::new));
            assertThat(load.exitCode()).as("load %s: %s", scenario.getFirst(), load.err()).isZero();
        }

        ServeCommandTest.Run gate = ServeCommandTest.run("gate", "--current", results.toString(), "--rules", RULES.toString());

        System.out.print(gate.out());
        assertThat(gate.exitCode()).as("the gate of results/gates/ci-rules.yaml failed:%n%s%s", gate.out(), gate.err()).isZero();
        assertThat(gate.out()).contains("0 failed.");
    }
}
