package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.stackbench.jmh.JvmFlags;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * webflux-netty must never block an event loop: the reference experiment called blocking JPA on
 * event loops and called it reactive. BlockHound watches every Netty event loop in a child JVM
 * while the server runs its workload under load.
 */
class NoBlockingOnEventLoopsTest {

    record Check(int exitCode, String out) {
    }

    static Check check(String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        var command = new ArrayList<>(List.of(java, "-XX:+AllowRedefinitionToAddDeleteMethods", "-XX:+EnableDynamicAgentLoading",
                JvmFlags.ENABLE_NATIVE_ACCESS, "-cp", System.getProperty("java.class.path"), BlockingCallCheck.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Check(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    /** The check can fail: a sleep on an event loop is caught and named. */
    @Test
    void theCheckCatchesASleepOnAnEventLoop() throws Exception {
        Check check = check("probe");

        assertThat(check.exitCode()).as(check.out()).isEqualTo(1);
        assertThat(check.out()).contains("blocking call: java.lang.Thread.sleep", "on probe-");
    }

    @Test
    void webfluxNettyServesTheDateWithoutBlocking() throws Exception {
        Check check = check("webflux-netty", "date");

        assertThat(check.exitCode()).as(check.out()).isZero();
        assertThat(check.out()).contains("no blocking calls on event loops");
    }

    /** R2DBC end to end against PostgreSQL, whose driver is non-blocking (r2dbc-h2 runs H2's engine on the caller). */
    @ParameterizedTest
    @ValueSource(strings = {"movies", "crud"})
    @EnabledIfEnvironmentVariable(named = "STACKBENCH_POSTGRES_URL", matches = "postgresql://.+")
    void webfluxNettyUsesItsDatabaseWithoutBlocking(String workload) throws Exception {
        Check check = check("webflux-netty", workload,
                "stackbench.db.url=" + System.getenv("STACKBENCH_POSTGRES_URL"),
                "stackbench.db.username=" + System.getenv().getOrDefault("STACKBENCH_POSTGRES_USER", "stackbench"),
                "stackbench.db.password=" + System.getenv().getOrDefault("STACKBENCH_POSTGRES_PASSWORD", "stackbench"));

        assertThat(check.exitCode()).as(check.out()).isZero();
        assertThat(check.out()).contains("no blocking calls on event loops");
    }
}
