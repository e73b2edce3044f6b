package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * load --app through the real jar, as a user runs it: applications of our own on Spring Boot 3.5 and 4.0 in this JVM
 * beside stackbench's own Spring Boot, a third party's (Zipkin's server), one in a process of its own, and every way an
 * application fails: one line naming the reason, exit code 2, and for an application that stops mid-run, what was
 * measured written, marked interrupted. Each run is a second or two of load: these tests check what started and how it
 * ended, not numbers.
 */
@ChecksBehaviour
class AppCommandTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path temp;

    /** The real jar, in a JVM of its own: an application's System.exit must not end the test's JVM. */
    private static Cli.Run jar(String... arguments) throws IOException, InterruptedException {
        return Cli.jar(Duration.ofSeconds(150), arguments);
    }

    private static List<String> load(Path app, Path out, String... more) {
        var arguments = new ArrayList<>(List.of(
                "load",
                "--app",
                app.toString(),
                "--request",
                "hello=3:GET:/hello",
                "--request",
                "work=1:GET:/work?millis=5",
                "--concurrency",
                "4",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--quiet",
                "--out",
                out.toString()));
        arguments.addAll(List.of(more));
        return arguments;
    }

    private static JsonNode result(Path out) throws IOException {
        return JSON.readTree(Files.readString(out.resolve("result.json")));
    }

    /**
     * Spring Boot 3.5 runs in stackbench's JVM beside its Spring Boot 4 and Reactor Netty: its own classes only, in a class
     * loader of its own. Its output goes to app.log, not to the summary.
     */
    @Test
    void anApplicationOnSpringBoot35RunsInThisJvmIsolated() throws Exception {
        Path out = temp.resolve("boot3");
        Cli.Run run = jar(load(
                        TestApps.BOOT3,
                        out,
                        "--server-property",
                        "server.tomcat.threads.max=17",
                        "--threshold",
                        "errors==0")
                .toArray(String[]::new));

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains(
                        "App:          " + TestApps.BOOT3
                                + ": dev.stackbench.testapp.TestApplication on Spring Boot 3.5.7, Tomcat, isolated class loader",
                        "App log:      " + out.resolve("app.log").toAbsolutePath(),
                        "App limits:   Tomcat request threads: 17 threads, 10 database connections");
        assertThat(run.out()).doesNotContain("Started TestApplication");
        assertThat(Files.readString(out.resolve("app.log"))).contains("Started TestApplication");
        JsonNode target = result(out).path("target");
        assertThat(target.path("label").asString()).isEqualTo("testapp-boot3");
        assertThat(target.path("app").path("springBootVersion").asString()).isEqualTo("3.5.7");
        assertThat(target.path("app").path("isolation").asString()).isEqualTo("isolated class loader");
        assertThat(target.path("limits").path("requestThreads").asInt()).isEqualTo(17);
        assertThat(result(out).path("jvm").path("serverCpuSeconds").asDouble())
                .as("its threads' CPU, apart from the generator's")
                .isPositive();
        assertThat(result(out).path("requests").path("ok").asLong()).isPositive();
    }

    /** Spring Boot 4.0, with Tomcat chosen among the two servers of its jar, on virtual threads. */
    @Test
    void anApplicationOnSpringBoot4RunsOnTheWebServerAndThreadsChosen() throws Exception {
        Path out = temp.resolve("boot4");
        Cli.Run run = jar(load(
                        TestApps.BOOT4,
                        out,
                        "--web-server",
                        "tomcat",
                        "--server-property",
                        "spring.threads.virtual.enabled=true",
                        "--threshold",
                        "errors==0",
                        "--profile")
                .toArray(String[]::new));

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        // Profiled in this JVM: the application's threads, not the generator's; its own code named by its package.
        assertThat(result(out).path("serverProfile").isObject()).as(run.out()).isTrue();
        assertThat(Files.readString(out.resolve("profile-cpu.collapsed")))
                .contains("dev.stackbench.testapp.")
                .doesNotContain("dev.stackbench.core.load.engine.Worker");
        assertThat(run.out())
                .contains(
                        "on Spring Boot 4.0.7, Tomcat, isolated class loader",
                        "App limits:   a virtual thread per request");
        JsonNode target = result(out).path("target");
        assertThat(target.path("serverSettings")
                        .path("spring.threads.virtual.enabled")
                        .asString())
                .as("as the application resolved it")
                .isEqualTo("true");
        assertThat(target.path("limits").path("execution").asString()).isEqualTo("VIRTUAL_THREAD");
        assertThat(target.path("app").path("webServer").asString()).isEqualTo("Tomcat");
    }

    /** An application this project did not write: Zipkin's server (Spring Boot 3.4, its own Armeria server), its real API. */
    @Test
    void aThirdPartyApplicationRunsWithAMixOfItsEndpoints() throws Exception {
        Path span = Files.writeString(
                temp.resolve("span.json"),
                "[{\"traceId\":\"86154a4ba6e91385\",\"id\":\"4d1e00c0db9010db\",\"name\":\"get\","
                        + "\"timestamp\":1700000000000000,\"duration\":1500,\"localEndpoint\":{\"serviceName\":\"frontend\"}}]");
        Path out = temp.resolve("zipkin");
        Cli.Run run = jar(
                "load",
                "--app",
                TestApps.ZIPKIN.toString(),
                "--ready",
                "/health",
                "--request",
                "post-spans=1:POST:/api/v2/spans:@" + span,
                "--request",
                "services=3:GET:/api/v2/services",
                "--concurrency",
                "4",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--quiet",
                "--out",
                out.toString(),
                "--threshold",
                "errors==0",
                "--threshold",
                "p99{name=post-spans}<10s");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains(
                        "zipkin.server.ZipkinServer on Spring Boot 3.4.5, none of Spring Boot's web servers (its own: Armeria), isolated class loader",
                        "App limits:   request threads not derived, database connections not derived");
        assertThat(result(out).path("byRequest").findValuesAsString("name")).containsExactly("post-spans", "services");
    }

    /** In a JVM of its own: its pid named, its CPU and resident set read by its pid (not this JVM's), its JVM options its own. */
    @Test
    void anApplicationInAProcessOfItsOwnHasItsCpuReadByItsPid() throws Exception {
        Path out = temp.resolve("process");
        Cli.Run run = jar(load(
                        TestApps.BOOT3,
                        out,
                        "--app-process",
                        "--jvm-option=-Xmx256m",
                        "--jvm-option=" + Cli.QUICK_JIT,
                        "--threshold",
                        "errors==0")
                .toArray(String[]::new));

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        JsonNode app = result(out).path("target").path("app");
        assertThat(app.path("isolation").asString()).isEqualTo("separate process");
        assertThat(run.out())
                .contains(
                        "separate process, pid " + app.path("pid").asLong(),
                        "Server CPU:",
                        "(the application's own process, by its pid; not in the process CPU below)");
        assertThat(result(out).path("jvm").path("serverCpuSeconds").asDouble()).isPositive();
        assertThat(result(out).path("jvm").path("serverResidentMaxBytes").asLong())
                .as("its own process's resident set")
                .isPositive();
        assertThat(run.out()).contains("the application's own process resident up to");
        assertThat(Files.readString(out.resolve("app.log"))).contains("Started TestApplication");
    }

    /**
     * Profiled in its own process: recorded there (jcmd's JFR.start and JFR.stop), where every thread is the
     * application's, so its own code is in the profile (a recording of stackbench's JVM would have none of it), the
     * costlier build's extra cost among it. An async-profiler mode, which samples only the JVM that loads it, is one line, exit 2.
     */
    @Test
    void anApplicationInAProcessOfItsOwnIsProfiledThere() throws Exception {
        Path out = temp.resolve("process-profiled");
        Cli.Run run = jar(load(
                        TestApps.BOOT3_COSTLIER,
                        out,
                        "--app-process",
                        "--jvm-option=-Xmx256m",
                        "--jvm-option=" + Cli.QUICK_JIT,
                        "--profile")
                .toArray(String[]::new));
        Cli.Run async = Cli.run(load(TestApps.BOOT3, temp.resolve("async"), "--app-process", "--profile", "async")
                .toArray(String[]::new));

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        JsonNode cpu = result(out).path("serverProfile").path("cpu");
        assertThat(cpu.path("serverSamples").asLong()).as(run.out()).isPositive();
        // Among its own methods, not necessarily first: on busy cores a JVM this cold (C1, no warm-up) spends as much
        // under its servlet filter as in the extra cost (CI: ExitAfterRequests.doFilter came first).
        assertThat(cpu.path("topCode")
                        .valueStream()
                        .map(frame -> frame.path("frame").asString()))
                .as("the application's own methods, from its own process's recording")
                .contains("dev.stackbench.testapp.ExtraCost.spend");
        assertThat(Files.readString(out.resolve("profile-cpu.collapsed"))).contains("dev.stackbench.testapp.");
        assertThat(async.exitCode()).isEqualTo(2);
        assertThat(async.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: --profile async and async-wall sample the JVM that loads async-profiler");
    }

    @Test
    void aJarThatIsNotASpringBootApplicationIsOneLineAndExitCode2() throws Exception {
        Path plain = temp.resolve("plain.jar");
        var manifest = new Manifest();
        manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
        manifest.getMainAttributes().putValue("Main-Class", "example.Main");
        try (var jar = new JarOutputStream(Files.newOutputStream(plain), manifest)) {
            jar.putNextEntry(new ZipEntry("example/Main.class"));
            jar.closeEntry();
        }
        Path out = temp.resolve("plain");
        // Refused before any application starts: in this JVM (nothing of it could call System.exit).
        Cli.Run run = Cli.run(load(plain, out).toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "error: " + plain + " is not a Spring Boot executable jar: its manifest"
                                + " names no Start-Class; build it with spring-boot-maven-plugin's repackage goal or Gradle's bootJar");
        assertThat(out.resolve("result.json")).doesNotExist();
    }

    /** Its own reason in the line, its own first error lines below it, nothing measured written. */
    @Test
    void anApplicationThatFailsAtStartIsOneLineWithItsErrorAndExitCode2() throws Exception {
        Path out = temp.resolve("fails");
        Cli.Run run = jar(load(TestApps.BOOT4, out, "--server-property", "testapp.fail-at-start=true")
                .toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "error: application " + TestApps.BOOT4
                                + " failed to start: IllegalStateException: testapp.fail-at-start=true: this application refuses to start");
        assertThat(run.err().lines().filter(line -> line.startsWith("  | ")))
                .isNotEmpty()
                .hasSizeLessThanOrEqualTo(8);
        assertThat(out.resolve("result.json")).doesNotExist();
    }

    @Test
    void anApplicationThatNeverOpensItsPortIsOneLineAfterTheReadyTimeoutAndExitCode2() throws Exception {
        Path out = temp.resolve("hangs");
        Cli.Run run = jar(
                load(TestApps.BOOT3, out, "--server-property", "testapp.hang-at-start=true", "--ready-timeout", "3s")
                        .toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .isEqualTo("error: application " + TestApps.BOOT3 + " did not become ready: it did not"
                        + " start within 3 s (its context never started, so it never opened its port)");
        assertThat(out.resolve("result.json")).doesNotExist();
    }

    /**
     * System.exit in this JVM would end stackbench with it: the run stops instead, what was measured is written marked
     * interrupted, and the exit code is stackbench's 2, not the application's 3.
     */
    @Test
    void anApplicationThatCallsSystemExitMidRunKeepsWhatWasMeasured() throws Exception {
        assertStoppedMidRun(
                "exit",
                "System.exit called from app:testapp-boot4.jar//dev.stackbench.testapp.ExitAfterRequests",
                "--server-property",
                "testapp.exit-after-requests=" + STOPS_AFTER_REQUESTS);
    }

    @Test
    void anApplicationThatClosesItsContextMidRunKeepsWhatWasMeasured() throws Exception {
        assertStoppedMidRun(
                "close",
                "its context closed (by the application itself)",
                "--server-property",
                "testapp.close-after-requests=" + STOPS_AFTER_REQUESTS);
    }

    @Test
    void anApplicationProcessThatExitsMidRunKeepsWhatWasMeasured() throws Exception {
        assertStoppedMidRun(
                "process",
                "its process exited with code 3",
                "--app-process",
                "--jvm-option=" + Cli.QUICK_JIT,
                "--server-property",
                "testapp.exit-after-requests=" + STOPS_AFTER_REQUESTS);
    }

    /**
     * How many requests the application answers before it stops by itself: a count, not a time, so that some requests
     * are answered and measured first however cold the JVM or busy the machine (a time had to be 6 s after ready on 2
     * shared cores: 2 s was not enough), and the stop comes as soon as they are, long before the 60 s run asked for.
     */
    private static final int STOPS_AFTER_REQUESTS = 50;

    private void assertStoppedMidRun(String name, String reason, String... options) throws Exception {
        Path out = temp.resolve(name);
        var arguments = new ArrayList<>(List.of(
                "load",
                "--app",
                TestApps.BOOT4.toString(),
                "--request",
                "1:GET:/hello",
                "--concurrency",
                "2",
                "--duration",
                "60s",
                "--warmup",
                "0s",
                "--quiet",
                "--out",
                out.toString()));
        arguments.addAll(List.of(options));
        Cli.Run run = jar(arguments.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .startsWith("error: application " + TestApps.BOOT4 + " stopped serving during the run: " + reason)
                .contains(
                        "what was measured until then is written to " + out.toAbsolutePath() + ", marked interrupted");
        JsonNode result = result(out);
        assertThat(result.path("window").path("interrupted").asBoolean()).isTrue();
        assertThat(result.path("window").path("measuredSeconds").asDouble())
                .as("stopped long before the 60 s asked")
                .isLessThan(30);
        assertThat(result.path("requests").path("ok").asLong())
                .as("what was measured before it stopped")
                .isPositive();
        assertThat(result.path("warnings").toString()).contains("the application stopped serving: ");
    }

    /**
     * A scenario of two runs of the application, platform and virtual threads, its properties per run: each run's files and
     * its app.log under its label, the table at the end.
     */
    @Test
    void aScenarioRunsTheApplicationWithEachRunsProperties() throws Exception {
        Path scenario = Files.writeString(temp.resolve("threads.yaml"), """
                name: testapp-threads
                defaults:
                  app: %s
                  mix: ["hello=1:GET:/hello"]
                  load: {concurrency: 2, duration: 1s, warmup: 0s}
                runs:
                  - label: platform
                    server-properties: {spring.threads.virtual.enabled: false}
                  - label: virtual
                    server-properties: {spring.threads.virtual.enabled: true}
                """.formatted(TestApps.BOOT3.toAbsolutePath()));
        Path out = temp.resolve("scenario");
        Cli.Run run = jar(
                "load",
                "--scenario",
                scenario.toString(),
                "--quiet",
                "--out",
                out.toString(),
                "--threshold",
                "errors==0");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains(
                        "== run 1 of 2: platform (app " + TestApps.BOOT3.toAbsolutePath() + ")",
                        "== run 2 of 2: virtual",
                        "App limits:   Tomcat request threads: 200 threads",
                        "App limits:   a virtual thread per request");
        assertThat(result(out.resolve("platform"))
                        .path("target")
                        .path("serverSettings")
                        .path("spring.threads.virtual.enabled")
                        .asString())
                .isEqualTo("false");
        assertThat(result(out.resolve("virtual"))
                        .path("target")
                        .path("limits")
                        .path("execution")
                        .asString())
                .isEqualTo("VIRTUAL_THREAD");
        assertThat(out.resolve("virtual/app.log")).content().contains("Started TestApplication");
    }

    /** serve --app: the address on the first line, its answers, and on SIGTERM closed and said so. */
    @Test
    void serveStartsTheApplicationUntilStopped() throws Exception {
        Path stdout = temp.resolve("serve.out");
        Process process = new ProcessBuilder(Cli.javaJar("serve", "--app", TestApps.BOOT4.toString(), "--port", "0"))
                .redirectOutput(stdout.toFile())
                .redirectError(temp.resolve("serve.err").toFile())
                .start();
        try (var http = new Http()) {
            var started = java.util.regex.Pattern.compile(
                    "application " + java.util.regex.Pattern.quote(TestApps.BOOT4.toString())
                            + " serving at (http://127\\.0\\.0\\.1:\\d+/) \\(Spring Boot 4\\.0\\.7, Jetty, isolated class loader; started in \\d+ ms\\); Ctrl-C stops it");
            java.util.regex.Matcher first = null;
            for (int i = 0; i < 1200 && (first == null || !first.find(0)); i++) {
                Thread.sleep(100);
                first = started.matcher(Files.readString(stdout));
                assertThat(process.isAlive())
                        .as("serve ended: %s", Files.readString(temp.resolve("serve.err")))
                        .isTrue();
            }
            assertThat(first.find(0)).as(Files.readString(stdout)).isTrue();
            Http.Response hello = http.get(java.net.URI.create(first.group(1)).resolve("hello"));
            assertThat(hello.status()).isEqualTo(200);

            process.toHandle().destroy(); // SIGTERM, as Ctrl-C or a process manager would
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue())
                    .as("ended by SIGTERM, as a shell reports it")
                    .isEqualTo(143);
            assertThat(Files.readString(stdout)).contains("stopped application " + TestApps.BOOT4);
        } finally {
            process.destroyForcibly();
        }
    }

    /**
     * The library form: a main class on the class path (here this module's own, beside the jar's classes), started in this
     * JVM without isolation, on the Spring Boot the class path holds.
     */
    @Test
    void aMainClassOnTheClassPathRunsWithoutIsolation() throws Exception {
        Path out = temp.resolve("class");
        String classPath = Cli.JAR
                + java.io.File.pathSeparator
                + Path.of("target", "test-classes").toAbsolutePath();
        Cli.Run run = Cli.java(
                Duration.ofSeconds(150),
                List.of(
                        Cli.QUICK_JIT,
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        classPath,
                        "dev.stackbench.cli.StackbenchMain"),
                "load",
                "--app-class",
                dev.stackbench.e2e.apps.TinyApplication.class.getName(),
                "--request",
                "1:GET:/hello",
                "--concurrency",
                "2",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--quiet",
                "--out",
                out.toString(),
                "--threshold",
                "errors==0");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains(
                        "App:          class dev.stackbench.e2e.apps.TinyApplication: dev.stackbench.e2e.apps.TinyApplication on Spring Boot ",
                        ", Tomcat, this class path");
        assertThat(result(out).path("target").path("app").path("isolation").asString())
                .isEqualTo("this class path");
        assertThat(result(out).path("requests").path("ok").asLong()).isPositive();
    }

    /** Options of an application without one, or in the wrong form: refused before anything starts. */
    @Test
    void applicationOptionsWhereTheyMeanNothingAreRefused() {
        Cli.Run ready = Cli.run("load", "--url", "http://127.0.0.1:1/", "--ready", "/health");
        Cli.Run jvmOption = Cli.run("load", "--app", TestApps.BOOT3.toString(), "--jvm-option=-Xmx1g");
        Cli.Run both = Cli.run("load", "--app", TestApps.BOOT3.toString(), "--approach", "loom-netty");
        Cli.Run workload = Cli.run("load", "--app", TestApps.BOOT3.toString(), "--workload", "crud");

        assertThat(ready.err().lines())
                .singleElement()
                .asString()
                .isEqualTo("error: --ready applies to your application: give --app JAR or --app-class CLASS");
        assertThat(jvmOption.err().lines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "error: --jvm-option -Xmx1g applies to --app-process (the"
                                + " application's own JVM); in this JVM the options are stackbench's own: java -Xmx1g -jar bench-jmh.jar ...");
        assertThat(both.err().lines())
                .singleElement()
                .asString()
                .isEqualTo("error: give one of --approach (a server started in-process), --url"
                        + " (any server) and --app or --app-class (your application), not several");
        assertThat(workload.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: --workload, --workload-param, --upstream and --start-times apply to --approach");
        assertThat(List.of(ready, jvmOption, both, workload))
                .allSatisfy(run -> assertThat(run.exitCode()).isEqualTo(2));
    }
}
