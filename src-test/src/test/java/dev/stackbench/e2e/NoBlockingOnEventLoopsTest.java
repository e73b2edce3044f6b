package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.jmh.JvmFlags;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * webflux-netty must never block an event loop: the reference experiment called blocking JPA on
 * event loops and called it reactive. BlockHound watches every Netty event loop in a child JVM
 * while the server runs its workload under load.
 */
class NoBlockingOnEventLoopsTest {

    record Check(int exitCode, String out) {}

    static Check check(String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        var command = new ArrayList<>(List.of(
                java,
                "-XX:+AllowRedefinitionToAddDeleteMethods",
                "-XX:+EnableDynamicAgentLoading",
                JvmFlags.ENABLE_NATIVE_ACCESS,
                "-cp",
                System.getProperty("java.class.path"),
                BlockingCallCheck.class.getName()));
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

    /** At once, after a timer (Mono.delay), and through nested WebClient calls (each level back on an event loop). */
    @ParameterizedTest
    @ValueSource(strings = {"param:delayMillis=0", "param:delayMillis=20 param:callDepth=2"})
    void webfluxNettyServesTheDateWithoutBlocking(String params) throws Exception {
        var args = new ArrayList<>(List.of("webflux-netty", "date"));
        args.addAll(List.of(params.split(" ")));
        Check check = check(args.toArray(String[]::new));

        assertThat(check.exitCode()).as(check.out()).isZero();
        assertThat(check.out())
                .contains("no blocking calls on event loops")
                .containsPattern("[1-9]\\d* ok, errors \\{}");
    }

    /**
     * Spring Data Redis's reactive template on Lettuce (whose event loops the chain continues on), and Spring Data
     * MongoDB's reactive template on the embedded mongo-java-server (the driver on the server's own event loops);
     * movies with a delay and a nested call before the store.
     */
    @ParameterizedTest
    @ValueSource(strings = {"redis", "mongo"})
    void webfluxNettyUsesRedisAndMongoWithoutBlocking(String store) throws Exception {
        if (store.equals("redis")) {
            Redis.Required.check();
        }
        var args = new ArrayList<>(List.of(
                "webflux-netty",
                "movies",
                "param:delayMillis=5",
                "param:callDepth=1",
                "stackbench.movies.store=" + store));
        if (store.equals("redis")) {
            args.add("stackbench.redis.url=" + Redis.url());
        }
        Check check = check(args.toArray(String[]::new));

        assertThat(check.exitCode()).as(check.out()).isZero();
        assertThat(check.out())
                .contains("no blocking calls on event loops")
                .containsPattern("[1-9]\\d* ok, errors \\{}");
    }

    /**
     * R2DBC end to end against PostgreSQL, whose driver is non-blocking (r2dbc-h2 runs H2's engine on the
     * caller); movies with a delay and a nested call before its queries.
     */
    @ParameterizedTest
    @ValueSource(strings = {"movies param:delayMillis=5 param:callDepth=1", "crud"})
    @Postgres.Needed
    void webfluxNettyUsesItsDatabaseWithoutBlocking(String workloadAndParams) throws Exception {
        var args = new ArrayList<>(List.of("webflux-netty"));
        args.addAll(List.of(workloadAndParams.split(" ")));
        args.addAll(List.of(
                "stackbench.db.url=" + Postgres.url(),
                "stackbench.db.username=" + Postgres.user(),
                "stackbench.db.password=" + Postgres.password()));
        Check check = check(args.toArray(String[]::new));

        assertThat(check.exitCode()).as(check.out()).isZero();
        assertThat(check.out())
                .contains("no blocking calls on event loops")
                .containsPattern("[1-9]\\d* ok, errors \\{}");
    }
}
