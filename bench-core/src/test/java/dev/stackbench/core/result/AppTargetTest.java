package dev.stackbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.testing.ChecksBehaviour;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code target.app} in result.json (the user's application): round trip, summary, and older files without it. */
@ChecksBehaviour
class AppTargetTest {

    private static final Path OLD_RESULT =
            Path.of("src", "test", "resources", "old-results", "seed-002-webflux-netty", "result.json");

    @Test
    void anApplicationInAProcessOfItsOwnRoundTripsAndItsCpuIsNamedAsItsProcesss() {
        var plain = TestResults.closed("loom-netty", null, Map.of(), 3, "0s", 30);
        var app = new RunResult.App(
                "target/my-service.jar",
                "com.example.MyApplication",
                "3.5.7",
                "Tomcat",
                RunResult.App.Isolation.SEPARATE_PROCESS,
                Map.of("server.port", "4321", "spring.threads.virtual.enabled", "true"),
                "/tmp/out/app.log",
                4242L);
        var limits = new ServerLimits(Execution.VIRTUAL_THREAD, null, null, null, false, 0, 10);
        var target = RunResult.Target.app(
                null, URI.create("http://127.0.0.1:4321/"), app, Map.of("server.port", "4321"), limits);
        var jvm = new Jvm(
                2.0,
                40.0,
                1.0,
                0.1,
                1.5,
                0.3,
                100_000_000L,
                1L << 30,
                3,
                12,
                40,
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                0.2,
                null,
                400_000_000L,
                150_000_000L,
                300_000_000L);
        var environment = new RunResult.Environment("25", "vm", 2, "Linux", 1L << 30, target.serverInThisJvm(), 1);
        var result = SampleResults.from(plain)
                .target(target)
                .environment(environment)
                .jvm(jvm)
                .startup(new RunResult.Startup(5432.1, null, null, null))
                .build();

        String json = ResultFiles.json().writeValueAsString(result);
        RunResult read = ResultFiles.json().readValue(json, RunResult.class);

        assertThat(read.target().app()).isEqualTo(app);
        assertThat(read.target().label()).isEqualTo("my-service");
        assertThat(read.target().serverInThisJvm()).isFalse();
        assertThat(ResultFiles.json().readTree(json).path("schema").asString()).isEqualTo(RunResult.SCHEMA);
        assertThat(Summary.of(read))
                .contains("Target:       http://127.0.0.1:4321/ (my-service)")
                .contains(
                        "App:          target/my-service.jar: com.example.MyApplication on Spring Boot 3.5.7, Tomcat, separate process, pid 4242")
                .contains("App log:      /tmp/out/app.log")
                .contains("App limits:   a virtual thread per request, 10 database connections")
                .contains(
                        "Server CPU:   2.00 s, 40.0 us per request (the application's own process, by its pid; not in the process CPU below)")
                .contains("Process CPU:  1.50 s: server unknown (not in this JVM)")
                .contains("Start:        5432 ms, in a process of its own (its classes not seen here)")
                .contains(
                        "Memory:       process resident up to 400 MB (the load generator's own), heap peak 150 MB; the application's own process resident up to 300 MB");
    }

    @Test
    void anApplicationInThisJvmHasItsThreadsCountedAsTheServers() {
        var app = new RunResult.App(
                "class com.example.MyApplication",
                "com.example.MyApplication",
                null,
                null,
                RunResult.App.Isolation.THIS_CLASS_PATH,
                Map.of(),
                "/tmp/app.log",
                null);

        var target = RunResult.Target.app("mine", URI.create("http://127.0.0.1:1/"), app, Map.of(), null);

        assertThat(target.serverInThisJvm()).isTrue();
        assertThat(app.name()).isEqualTo("MyApplication");
        assertThat(app.describe()).isEqualTo("Spring Boot (version unknown), web server unknown, this class path");
    }

    @Test
    void anOldResultReadsWithoutAnApplication() {
        RunResult old = ResultFiles.json().readValue(OLD_RESULT.toFile(), RunResult.class);

        assertThat(old.target().app()).isNull();
        assertThat(old.target().serverInThisJvm()).isTrue();
        assertThat(Summary.of(old)).doesNotContain("App:", "App log:", "App limits:");
    }
}
