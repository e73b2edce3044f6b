package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ServerProfile;
import dev.stackbench.testing.ObservesTheWholeJvm;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code load --profile} on servers made to cost something known: one that burns CPU in a named method and pins its
 * virtual threads on purpose (stackbench.date.pinned-wait-millis) shows the method on top of its CPU profile and the
 * pinning in its facts, its bound and its pinning flame graph; the same server without the property pins nowhere there.
 * The JMH suite's own profiler records the measurement iterations.
 */
@ObservesTheWholeJvm
class ProfileTest {

    /** Spins per request: several times what loom-tomcat itself spends on a date request (a few hundred µs here). */
    private static final int BURN_MICROS = 1000;

    private static final int PINNED_WAIT_MILLIS = 5;
    private static final String BURN = "dev.stackbench.servers.date.CpuBurn.burn";
    private static final String PINNED_WAIT = "dev.stackbench.servers.date.PinnedWait";

    @TempDir
    Path temp;

    @Test
    void aServerMadeToBurnAndToPinShowsBothAndWithoutThePropertyPinsNowhereThere() throws Exception {
        Path pinned = load(
                "pinned",
                "--server-property",
                "stackbench.date.pinned-wait-millis=" + PINNED_WAIT_MILLIS,
                "--profile-keep-jfr");
        Path unpinned = load("unpinned");

        ServerProfile profile = result(pinned).serverProfile();
        assertThat(profile.cpu().topSelf().getFirst().frame())
                .as("the top of the CPU profile's server part")
                .isEqualTo(BURN);
        assertThat(profile.cpu().topSelf().getFirst().category()).isEqualTo("own");
        assertThat(profile.pinning().events()).isPositive();
        assertThat(profile.pinning().top().getFirst().frames())
                .anySatisfy(frame -> assertThat(frame).startsWith(PINNED_WAIT));
        // Each request pins its carrier at least for the wait (a sleep lasts at least as long as asked).
        assertThat(profile.pinning().millisPerRequest()).isGreaterThanOrEqualTo((double) PINNED_WAIT_MILLIS);
        assertThat(Files.readString(pinned.resolve("profile-pinning.collapsed")))
                .contains(PINNED_WAIT);
        assertThat(profile.files().recordings()).containsExactly("profile.jfr");
        assertThat(pinned.resolve("profile.jfr")).isNotEmptyFile();
        assertThat(Files.readString(pinned.resolve("summary.txt")))
                .contains("carriers / ")
                .contains(" ms pinned = ")
                .containsPattern("Profile: +pinning: [\\d,]+ events/s, [\\d.]+ ms pinned per request in "
                        + PINNED_WAIT.replace(".", "\\.") + "\\$Loader.loadClass");

        ServerProfile without = result(unpinned).serverProfile();
        assertThat(without.cpu().topSelf().getFirst().frame()).isEqualTo(BURN);
        assertThat(without.pinning().top())
                .allSatisfy(stack -> assertThat(stack.frames()).noneMatch(frame -> frame.startsWith(PINNED_WAIT)));
        assertThat(Files.readString(unpinned.resolve("profile-pinning.collapsed")))
                .doesNotContain(PINNED_WAIT);
        assertThat(unpinned.resolve("profile.jfr")).doesNotExist();

        Path report = temp.resolve("report");
        Cli.Run written = Cli.run("report", pinned.toString(), unpinned.toString(), "--out", report.toString());
        assertThat(written.exitCode()).as(written.err()).isZero();
        String page = Files.readString(report.resolve("index.html"));
        assertThat(page)
                .contains("id=\"flame-pinning-1\"")
                .contains("id=\"flame-cpu-2\"")
                .contains("id=\"flame-diff-cpu-2\"")
                .contains("unpinned against pinned");
    }

    @Test
    void profileOptionsThatCannotWorkAreOneLineErrors() {
        var url = Cli.run("load", "--url", "http://127.0.0.1:1/", "--profile", "--duration", "1s");
        var mode = Cli.run("load", "--approach", "loom-tomcat", "--profile", "perf", "--duration", "1s");
        var keep = Cli.run("load", "--approach", "loom-tomcat", "--profile-keep-jfr", "--duration", "1s");
        // async-profiler samples the JVM that loads it; an application in a process of its own is another.
        var asyncElsewhere = Cli.run(
                "compare",
                "--app",
                TestApps.BOOT3.toString(),
                "--app-process",
                "--variant",
                "a:",
                "--variant",
                "b:",
                "--profile",
                "async",
                "--duration",
                "1s");

        assertThat(url.exitCode()).isEqualTo(2);
        assertThat(url.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: --profile records a server in this JVM");
        assertThat(mode.exitCode()).isEqualTo(2);
        assertThat(mode.err().lines())
                .singleElement()
                .asString()
                .isEqualTo("error: --profile: profile mode 'perf' is not one of jfr, async, async-wall");
        assertThat(keep.exitCode()).isEqualTo(2);
        assertThat(keep.err().lines())
                .singleElement()
                .asString()
                .isEqualTo("error: --profile-keep-jfr keeps the recordings of --profile: give --profile too");
        assertThat(asyncElsewhere.exitCode()).as(asyncElsewhere.err()).isEqualTo(2);
        assertThat(asyncElsewhere.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: --profile async and async-wall sample the JVM that loads async-profiler");
    }

    @Test
    void theJmhSuitesOwnProfilerRecordsTheMeasurementIterations() throws Exception {
        Path json = temp.resolve("jmh.json");
        Path profiles = temp.resolve("profiles");
        String out = jmh(
                "-p",
                "approach=loom-tomcat",
                "-p",
                "workload=date",
                "-p",
                "concurrency=4",
                "-p",
                "warmup=0s",
                "-f",
                "1",
                "-wi",
                "1",
                "-w",
                "500ms",
                "-i",
                "2",
                "-r",
                "1s",
                "-rf",
                "json",
                "-rff",
                json.toString(),
                "-prof",
                "dev.stackbench.jmh.ServerProfiler:dir=" + profiles);

        var secondary = ResultFiles.json().readTree(json.toFile()).get(0).get("secondaryMetrics");
        assertThat(secondary.get("profile.alloc").get("scoreUnit").asString()).isEqualTo("B/response");
        assertThat(secondary.get("profile.alloc").get("score").asDouble()).isPositive();
        assertThat(out).contains("top frames (self, of the server's");
        Path directory;
        try (var directories = Files.list(profiles)) {
            directory = directories.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertThat(directory.getFileName().toString()).startsWith("ServerLoadBenchmark.response-approach=loom-tomcat,");
        assertThat(directory.resolve("flame-cpu.html")).content().contains("const cpool");
        ServerProfile profile =
                ResultFiles.json().readValue(directory.resolve("profile.json").toFile(), ServerProfile.class);
        assertThat(profile.windows())
                .as("the measurement iterations, not the warm-up one")
                .isEqualTo(2);
        assertThat(profile.cpu().serverSamples()).isPositive();
    }

    /** A profiled run of loom-tomcat burning {@link #BURN_MICROS} per request; its summary kept as summary.txt. */
    private Path load(String label, String... extra) throws Exception {
        Path out = temp.resolve("runs").resolve(label);
        var args = new ArrayList<>(List.of(
                "load",
                "--approach",
                "loom-tomcat",
                "--server-property",
                "stackbench.date.burn-micros=" + BURN_MICROS,
                "--concurrency",
                "4",
                "--duration",
                "3s",
                "--warmup",
                "1s",
                "--quiet",
                "--label",
                label,
                "--profile",
                "--out",
                out.toString()));
        args.addAll(List.of(extra));
        Cli.Run run = Cli.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        Files.writeString(out.resolve("summary.txt"), run.out());
        return out;
    }

    private static RunResult result(Path run) throws Exception {
        return Results.run(run);
    }

    private static String jmh(String... args) throws Exception {
        var command = Cli.javaJar(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }
}
