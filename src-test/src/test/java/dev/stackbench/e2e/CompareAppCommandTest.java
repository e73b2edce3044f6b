package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.testing.BoundByWaits;
import dev.stackbench.testing.SharedResources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code compare --app} through the real jar, as a user runs it on an application of their own: our test application
 * on Spring Boot 3.5 and on 4.0 (jar=), platform and virtual threads, in one comparison, each variant in a JVM of its
 * own starting the application in-process. Short windows, few rounds: the verdict checked is the one the physics
 * decides, not a number (the ways a variant's application fails are {@link CompareAppFailuresTest}'s).
 */
@BoundByWaits
@ResourceLock(value = SharedResources.JVM_STARTS, mode = ResourceAccessMode.READ)
class CompareAppCommandTest {

    /** The platform variants' Tomcat request threads, and the wait of the mix's blocking requests. */
    private static final int THREADS = 4;

    private static final double WORK_SECONDS = 0.050;

    @TempDir
    Path temp;

    /**
     * 16 users on a mix of the application's endpoints, half of them a blocking 50 ms wait (the others: a greeting, a
     * row saved and one read through HikariCP and H2). On 4 platform threads the waits alone hold every thread for
     * 50 ms, so by Little's law at most 4 / 50 ms = 80 of them a second; on virtual threads the 16 users are the only
     * bound, about 4 times as much. Both Spring Boot versions in-process beside stackbench's own (Boot 4 on virtual threads
     * only: three JVMs instead of four keep the test's time; AppCommandTest runs Boot 4 on platform threads).
     */
    @Test
    void platformAndVirtualThreadsOfBothBootVersionsGiveTheVerdictLittlesLawPredicts() throws Exception {
        Path out = temp.resolve("threads");
        Path item = Files.writeString(temp.resolve("item.json"), "{\"name\":\"pencil\"}");
        String platform = "spring.threads.virtual.enabled=false,server.tomcat.threads.max=" + THREADS;
        String boot4 = "jar=" + TestApps.BOOT4 + ",web-server=tomcat,";
        Cli.Run run = Cli.jar(
                "compare",
                "--app",
                TestApps.BOOT3.toString(),
                "--variant",
                "boot3-platform:" + platform,
                "--variant",
                "boot3-virtual:spring.threads.virtual.enabled=true",
                "--variant",
                "boot4-virtual:" + boot4 + "spring.threads.virtual.enabled=true",
                "--request",
                "work=3:GET:/work?millis=" + Math.round(WORK_SECONDS * 1000),
                "--request",
                "hello=1:GET:/hello",
                "--request",
                "create=1:POST:/items:@" + item,
                "--request",
                "read=1:GET:/items/{id}",
                "--concurrency",
                "16",
                "--warmup",
                "1s",
                "--trial-warmup",
                "500ms",
                "--duration",
                "1s",
                "--min-rounds",
                "4",
                "--rounds",
                "4",
                "--rehearsals",
                "0",
                "--seed",
                "1",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        var result = Results.comparison(out);
        assertThat(result.labels()).containsExactly("boot3-platform", "boot3-virtual", "boot4-virtual");
        assertThat(result.rounds()).hasSize(4);
        for (var round : result.rounds()) {
            for (var trial : round.trials()) {
                RunResult.App app = trial.result().target().app();
                assertThat(app.springBootVersion())
                        .as(trial.label())
                        .startsWith(trial.label().startsWith("boot3") ? "3.5." : "4.0.");
                assertThat(app.isolation()).hasToString("isolated class loader");
                assertThat(trial.result().requests().errors())
                        .as(trial.label() + " errors")
                        .isZero();
                if (trial.label().endsWith("platform")) {
                    double work = trial.result().byRequest().stream()
                            .filter(stats -> stats.name().equals("work"))
                            .findFirst()
                            .orElseThrow()
                            .rps();
                    assertThat(work)
                            .as(trial.label() + ": its waits within Little's law")
                            .isLessThanOrEqualTo(THREADS / WORK_SECONDS * 1.02);
                }
            }
        }
        var rps = result.verdict(Metric.RPS).orElseThrow();
        for (String virtual : List.of("boot3-virtual", "boot4-virtual")) {
            PairVerdict pair = rps.pair(virtual, "boot3-platform").orElseThrow();
            assertThat(pair.outcome()).as(pair.toString()).isEqualTo(PairVerdict.Outcome.DIFFERENT);
            assertThat(pair.first()).isEqualTo(virtual);
            assertThat(pair.ratio()).as("16 users over 4 threads: about 4x").isGreaterThan(2);
        }
        assertThat(rps.groups().getLast()).containsExactly("boot3-platform");

        // The report (in this JVM: it reads files) explains the result: each variant's threads, and Little's law on
        // what it measured.
        Cli.Run report =
                Cli.run("report", out.toString(), "-o", temp.resolve("report").toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        String page = Files.readString(temp.resolve("report").resolve("index.html"));
        assertThat(page)
                .contains(
                        "4 Tomcat request threads; Little&#39;s law on its trials: ",
                        "wait for a thread, so the threads bound it",
                        "a virtual thread per request: no thread bound",
                        "10 database connections");
    }
}
