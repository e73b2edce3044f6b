package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.jmh.JvmFlags;
import dev.stackbench.testing.MeasuresSpeed;
import dev.stackbench.testing.SharedResources;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * webflux-netty must never block an event loop: the reference experiment called blocking JPA on
 * event loops and called it reactive. BlockHound watches every Netty event loop in a child JVM
 * while the server runs its workload under load.
 */
@MeasuresSpeed
@ResourceLock(SharedResources.POSTGRES)
@ResourceLock(SharedResources.REDIS)
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

    /**
     * Runs of webflux-netty one after another in one BlockHound JVM (a JVM each measured nothing more: BlockHound sees
     * every event loop of every run): none blocks, and each one's load ran cleanly, named by its arguments.
     */
    private static void assertNoBlocking(List<List<String>> runs) throws Exception {
        var args = new ArrayList<String>();
        for (List<String> run : runs) {
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.addAll(run);
        }
        Check check = check(args.toArray(String[]::new));

        assertThat(check.exitCode()).as(check.out()).isZero();
        assertThat(check.out()).contains("no blocking calls on event loops");
        for (List<String> run : runs) {
            assertThat(check.out())
                    .as("its load ran cleanly")
                    .containsPattern("(?m)^" + Pattern.quote(String.join(" ", run)) + ": [1-9]\\d* ok, errors \\{}$");
        }
    }

    /** At once, after a timer (Mono.delay), and through nested WebClient calls (each level back on an event loop). */
    @Test
    void webfluxNettyServesTheDateWithoutBlocking() throws Exception {
        assertNoBlocking(List.of(
                List.of("webflux-netty", "date", "param:delayMillis=0"),
                List.of("webflux-netty", "date", "param:delayMillis=20", "param:callDepth=2")));
    }

    /**
     * Spring Data Redis's reactive template on Lettuce (whose event loops the chain continues on), and Spring Data
     * MongoDB's reactive template on the embedded mongo-java-server (the driver on the server's own event loops);
     * movies with a delay and a nested call before the store. Without Redis, MongoDB is checked and the test then
     * skipped loudly (failed with CI=true), as Redis's own case was.
     */
    @Test
    void webfluxNettyUsesRedisAndMongoWithoutBlocking() throws Exception {
        var movies = List.of("webflux-netty", "movies", "param:delayMillis=5", "param:callDepth=1");
        var runs = new ArrayList<List<String>>();
        runs.add(with(movies, "stackbench.movies.store=mongo"));
        boolean redis = Redis.unavailable().isEmpty();
        if (redis) {
            runs.add(with(movies, "stackbench.movies.store=redis", "stackbench.redis.url=" + Redis.url()));
        }
        assertNoBlocking(runs);
        if (!redis) {
            Redis.Required.check();
        }
    }

    /**
     * R2DBC end to end against PostgreSQL, whose driver is non-blocking (r2dbc-h2 runs H2's engine on the
     * caller); movies with a delay and a nested call before its queries, and crud.
     */
    @Test
    @Postgres.Needed
    void webfluxNettyUsesItsDatabaseWithoutBlocking() throws Exception {
        var database = List.of(
                "stackbench.db.url=" + Postgres.url(),
                "stackbench.db.username=" + Postgres.user(),
                "stackbench.db.password=" + Postgres.password());
        var movies = new ArrayList<>(List.of("webflux-netty", "movies", "param:delayMillis=5", "param:callDepth=1"));
        movies.addAll(database);
        var crud = new ArrayList<>(List.of("webflux-netty", "crud"));
        crud.addAll(database);
        assertNoBlocking(List.of(movies, crud));
    }

    private static List<String> with(List<String> run, String... more) {
        var all = new ArrayList<>(run);
        all.addAll(List.of(more));
        return all;
    }
}
