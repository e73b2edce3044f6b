package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.BoundByWaits;
import dev.stackbench.testing.SharedResources;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The gate of every build: {@code load --scenario results/gates/ci-scenario.yaml}, then
 * {@code gate --rules results/gates/ci-rules.yaml}. The rules are ratios within this run and
 * physical bounds only, so a slow or busy machine does not make them flake; a broken rule fails
 * the build and prints the gate's table. Its runs are in this JVM, whose common pool their code uses: it holds that pool
 * (a commonpool-tomcat beside it served faster than its one thread allows: a compensating thread, CI 2026-11-27), and
 * runs apart from the classes that start JVMs ({@link SharedResources#JVM_STARTS}).
 */
@BoundByWaits
@ResourceLock(SharedResources.COMMON_POOL)
@ResourceLock(SharedResources.JVM_STARTS)
class GatedScenariosTest {

    static final Path SCENARIO = Path.of("..", "results", "gates", "ci-scenario.yaml");
    static final Path RULES = Path.of("..", "results", "gates", "ci-rules.yaml");

    @TempDir
    Path results;

    @Test
    void theGatedScenariosKeepTheirRatiosAndBounds() {
        Cli.Run load = Cli.run("load", "--scenario", SCENARIO.toString(), "--quiet", "--out", results.toString());
        assertThat(load.exitCode())
                .as("load --scenario %s: %s", SCENARIO, load.err())
                .isZero();

        Cli.Run gate = Cli.run("gate", "--current", results.toString(), "--rules", RULES.toString());

        System.out.print(gate.out());
        assertThat(gate.exitCode())
                .as("the gate of results/gates/ci-rules.yaml failed:%n%s%s", gate.out(), gate.err())
                .isZero();
        assertThat(gate.out()).contains("0 failed.");
    }
}
