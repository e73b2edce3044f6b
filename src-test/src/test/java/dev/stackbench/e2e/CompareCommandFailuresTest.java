package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} on bad input and failing variants, through the real jar where JVMs start: one line, exit code 2,
 * nothing half-written. What it measures decides nothing here (the verdicts are {@link CompareCommandTest}'s).
 */
@ChecksBehaviour
class CompareCommandFailuresTest {

    @TempDir
    Path temp;

    private static Cli.Run compare(String... args) throws Exception {
        var command = new ArrayList<>(List.of("compare"));
        command.addAll(Cli.variantsQuickJit());
        command.addAll(List.of(args));
        return Cli.jar(command.toArray(String[]::new));
    }

    /**
     * Ctrl-C while the variants' JVMs warm up for a minute: the comparison ends at once, each JVM's warm-up cut short
     * (its Cancel order), exit 130, no JVM left behind. A coordinator killed outright (nothing of it runs to stop them)
     * leaves no JVM behind either: each sees its orders' pipe close, ends its run and exits.
     */
    @Test
    void ctrlCInAMinuteLongWarmupEndsItAtOnceAndNoJvmOutlivesItsCoordinator() throws Exception {
        for (String signal : List.of("INT", "KILL")) {
            Path stderr = temp.resolve("stderr-" + signal);
            var command = new ArrayList<>(
                    List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die")); // INT at its default
            command.addAll(Cli.javaJar(
                    "compare",
                    Cli.VARIANTS_QUICK_JIT,
                    "--variant",
                    "webflux-netty",
                    "--aa",
                    "webflux-netty",
                    "--concurrency",
                    "2",
                    "--think-time",
                    "10ms",
                    "--warmup",
                    "60s",
                    "--duration",
                    "1s"));
            Process coordinator = new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(stderr.toFile())
                    .start();
            List<ProcessHandle> jvms = List.of();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (!Files.readString(stderr).contains("warming up ")
                        && coordinator.isAlive()
                        && System.nanoTime() < deadline) {
                    TimeUnit.MILLISECONDS.sleep(100);
                }
                assertThat(Files.readString(stderr)).as("its warm-ups began").contains("warming up ");
                jvms = coordinator.descendants().toList();
                assertThat(jvms).as("the variants' JVMs").hasSize(2);
                new ProcessBuilder("kill", "-" + signal, String.valueOf(coordinator.pid()))
                        .start()
                        .waitFor(10, TimeUnit.SECONDS);
                // Well within the minute of warm-up left: only cutting it short ends it this soon.
                boolean ended = coordinator.waitFor(30, TimeUnit.SECONDS);
                assertThat(ended)
                        .as(
                                "SIG%s: the coordinator ends soon after it; it wrote:%n%s",
                                signal, Files.readString(stderr))
                        .isTrue();
                if (signal.equals("INT")) {
                    assertThat(coordinator.exitValue())
                            .as(Files.readString(stderr))
                            .isEqualTo(130);
                }
                for (ProcessHandle jvm : jvms) {
                    assertThat(jvm.onExit())
                            .as("SIG%s: variant JVM %d exits by itself", signal, jvm.pid())
                            .succeedsWithin(Duration.ofSeconds(30));
                }
            } finally {
                // Its JVMs by the handles taken before the signal: once it is gone they are no longer its descendants.
                coordinator.descendants().forEach(ProcessHandle::destroyForcibly);
                jvms.forEach(ProcessHandle::destroyForcibly);
                coordinator.destroyForcibly();
            }
        }
    }

    @Test
    void aVariantWhoseServerDoesNotStartEndsItInOneLineWithExitCode2AndNothingWritten() throws Exception {
        Path out = temp.resolve("failed");
        Cli.Run run = compare(
                "--variant",
                "bad:webflux-netty,server.address=203.0.113.1",
                "--variant",
                "webflux-netty",
                "--concurrency",
                "2",
                "--warmup",
                "1s",
                "--duration",
                "1s",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err().lines().filter(line -> line.startsWith("error: ")))
                .singleElement()
                .asString()
                .startsWith("error: variant bad: webflux-netty failed to start: ")
                .contains("Cannot assign requested address");
        assertThat(out.resolve(ComparisonRunner.COMPARISON_JSON)).doesNotExist();
    }

    /**
     * A request no variant serves (a 404 on every one): the first round measured nothing, nor would any after it, so it
     * ends there as bad input, naming each variant and how its requests failed; the round is kept, out of the verdicts.
     */
    @Test
    void requestsThatFailOnEveryVariantEndItAtTheFirstRoundWithExitCode2NamingHow() throws Exception {
        Path out = temp.resolve("failing");
        List<String> labels = List.of("webflux-netty", "platform-tomcat");
        String rounds = "3";
        Cli.Run run = compare(
                "--variant",
                labels.getFirst(),
                "--variant",
                labels.getLast(),
                "--request",
                "1:GET:/no-such-path",
                "--concurrency",
                "2",
                "--think-time",
                "20ms",
                "--warmup",
                "1s",
                "--trial-warmup",
                "300ms",
                "--duration",
                "500ms",
                "--min-rounds",
                rounds,
                "--rounds",
                rounds,
                "--rehearsals",
                "0",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .contains("no request succeeded in its trial of round 1", "http_404: 404")
                .contains(labels);
        assertThat(run.err()).doesNotContain("Exception");
        var result = Results.comparison(out);
        assertThat(result.stopped()).isEqualTo(ComparisonResult.Stop.FAILED);
        assertThat(result.rounds())
                .singleElement()
                .satisfies(round -> assertThat(round.trials())
                        .allSatisfy(trial -> assertThat(trial.servedNothing()).isTrue()));
        assertThat(result.verdicts()).as("nothing measured, nothing decided").isEmpty();
    }

    /** Refused before any JVM starts, so in this JVM: a JVM of its own each would prove nothing more. */
    @Test
    void badVariantsAreRefusedBeforeAnyJvmStarts() throws Exception {
        Cli.Run unknown = Cli.run("compare", "--variant", "webflux-netty", "--variant", "loom-jetty");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err().strip()).startsWith("error: variant 'loom-jetty': unknown approach 'loom-jetty'");

        Cli.Run one = Cli.run("compare", "--variant", "webflux-netty");
        assertThat(one.exitCode()).isEqualTo(2);
        assertThat(one.err().strip())
                .isEqualTo("error: a comparison needs at least two variants (or one with --aa), got 1");

        Cli.Run ramps =
                Cli.run("compare", "--variant", "webflux-netty", "--variant", "loom-netty", "--stages", "5s:10,5s:10");
        assertThat(ramps.exitCode()).isEqualTo(2);
        assertThat(ramps.err().strip())
                .startsWith("error: --stages: a comparison measures every variant under the same steady load");

        // --decide-not-worse names two of the variants, with a limit as gate --not-worse takes it.
        Cli.Run noSuchLabel = Cli.run(
                "compare",
                "--variant",
                "webflux-netty",
                "--variant",
                "loom-netty",
                "--decide-not-worse",
                "head:base:5%");
        assertThat(noSuchLabel.exitCode()).isEqualTo(2);
        assertThat(noSuchLabel.err().strip())
                .isEqualTo("error: --decide-not-worse head:base:5%: no variant has the label 'head'; variants:"
                        + " webflux-netty, loom-netty");
        Cli.Run badLimit = Cli.run(
                "compare", "--variant", "webflux-netty", "--variant", "loom-netty", "--decide-not-worse", "a:b:lots");
        assertThat(badLimit.exitCode()).isEqualTo(2);
        assertThat(badLimit.err().strip())
                .isEqualTo("error: --decide-not-worse 'a:b:lots': 'lots' is not a percentage such as 5%");

        for (String detect : List.of("0%", "100%", "three")) {
            Cli.Run bad =
                    Cli.run("compare", "--variant", "webflux-netty", "--variant", "loom-netty", "--detect", detect);
            assertThat(bad.exitCode()).as(detect).isEqualTo(2);
            assertThat(bad.err().strip()).as(detect).startsWith("error: --detect ");
        }

        Cli.Run bothSchedules =
                Cli.run("compare", "--variant", "webflux-netty", "--variant", "loom-netty", "--together", "--in-turns");
        assertThat(bothSchedules.exitCode()).isEqualTo(2);
        assertThat(bothSchedules.err().strip())
                .isEqualTo("error: --together and --in-turns exclude each other: give one");
    }
}
