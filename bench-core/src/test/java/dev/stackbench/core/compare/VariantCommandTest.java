package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.jvm.LoadSetup;
import dev.stackbench.core.compare.jvm.VariantProcess;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A variant's JVM gets this JVM's class path through an argument file: a user's test's class path (hundreds of
 * libraries) would be too long for one argument, and under surefire it must be the real one, not the booter jar.
 */
@ChecksBehaviour
class VariantCommandTest {

    @Test
    void theClassPathGoesThroughAnArgumentFileAfterTheJvmOptions() throws Exception {
        Variant zgc = Variant.of(Approach.LOOM_NETTY, Workload.DATE).withJvmOptions(List.of("-XX:+UseZGC"));
        var comparison = new Comparison(
                List.of(zgc, Variant.of(Approach.WEBFLUX_NETTY, Workload.DATE)),
                LoadSetup.of(LoadOptions.builder().concurrency(1).build(), Map.of(), List.of(), Path.of("")),
                false,
                false,
                List.of("-Xss1m"),
                new Design(
                        3,
                        4,
                        Design.TIME_LIMIT,
                        Duration.ZERO,
                        0,
                        1,
                        Schedule.TURNS,
                        0.95,
                        0.02,
                        List.of(Metric.RPS),
                        1),
                null);

        List<String> command = VariantCommand.of(comparison, zgc, List.of());

        assertThat(command.subList(1, command.size() - 2))
                .containsExactly("-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED", "-Xss1m", "-XX:+UseZGC");
        assertThat(command.getLast()).isEqualTo(VariantProcess.class.getName());
        String argumentFile = command.get(command.size() - 2);
        assertThat(argumentFile).startsWith("@");
        assertThat(Files.readString(Path.of(argumentFile.substring(1))))
                .isEqualTo("-cp \"" + System.getProperty("java.class.path").replace("\\", "\\\\") + "\"\n");
        // This test runs under surefire, from its manifest-only booter jar: the class path handed on holds the classes
        // themselves.
        assertThat(System.getProperty("java.class.path"))
                .contains(Path.of("target", "test-classes").toString());
    }
}
