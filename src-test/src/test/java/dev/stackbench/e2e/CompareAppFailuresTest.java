package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ways a variant's application fails in {@code compare --app}, through the real jar: at its start (one line, exit
 * code 2, nothing written) and mid-run (the complete rounds written, exit code 2). Counts of requests at a fixed rate
 * decide when, never the machine's speed.
 */
@ChecksBehaviour
class CompareAppFailuresTest {

    @TempDir
    Path temp;

    /** The first variant's application refuses to start: one line with its reason, its own error lines, nothing measured. */
    @Test
    void aVariantWhoseApplicationFailsAtStartIsOneLineAndExitCode2AndNothingWritten() throws Exception {
        Path out = temp.resolve("fails");
        Cli.Run run = Cli.jar(
                "compare",
                Cli.VARIANTS_QUICK_JIT,
                "--app",
                TestApps.BOOT3.toString(),
                "--variant",
                "fails:testapp.fail-at-start=true",
                "--variant",
                "fine:spring.threads.virtual.enabled=true",
                "--request",
                "1:GET:/hello",
                "--concurrency",
                "2",
                "--warmup",
                "1s",
                "--duration",
                "1s",
                "--rehearsals",
                "0",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "error: variant fails: application " + TestApps.BOOT3.toAbsolutePath()
                                + " failed to start: IllegalStateException: testapp.fail-at-start=true: this application refuses to start");
        assertThat(run.err().lines().filter(line -> line.startsWith("  | ")))
                .as("its own error lines")
                .isNotEmpty();
        assertThat(run.err()).contains("(its log: " + out.resolve("logs").resolve("fails-app.log"));
        assertThat(run.err()).doesNotContain("starting fine");
        assertThat(out.resolve(ComparisonRunner.COMPARISON_JSON)).doesNotExist();
        assertThat(out.resolve("trials")).doesNotExist();
    }

    /**
     * A variant's application exits after 290 requests. At a fixed 50 requests/s its warm-up (1 s + a 1 s window) takes
     * 100 and each trial (500 ms + 1 s) 75, so it exits in its third trial whatever the machine's speed: two rounds
     * complete, written, the third not.
     */
    @Test
    void aVariantWhoseApplicationExitsMidRunEndsItWithTheCompleteRoundsWrittenAndExitCode2() throws Exception {
        Path out = temp.resolve("exits");
        Cli.Run run = Cli.jar(
                "compare",
                Cli.VARIANTS_QUICK_JIT,
                "--app",
                TestApps.BOOT4.toString(),
                "--variant",
                "steady:spring.threads.virtual.enabled=true",
                "--variant",
                "exits:spring.threads.virtual.enabled=true,testapp.exit-after-requests=290",
                "--request",
                "1:GET:/hello",
                "--rate",
                "50",
                "--warmup",
                "1s",
                "--trial-warmup",
                "500ms",
                "--duration",
                "1s",
                "--min-rounds",
                "10",
                "--rounds",
                "10",
                "--rehearsals",
                "0",
                "--seed",
                "1",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .startsWith("error: variant exits: its application stopped serving: "
                        + "System.exit called from app:testapp-boot4.jar//dev.stackbench.testapp.ExitAfterRequests");
        var result = Results.comparison(out);
        assertThat(result.stopped()).isEqualTo(ComparisonResult.Stop.FAILED);
        assertThat(result.rounds()).hasSize(2);
        for (var round : result.rounds()) {
            assertThat(round.trials())
                    .extracting(ComparisonResult.Trial::label)
                    .containsExactlyInAnyOrder("steady", "exits");
            round.trials()
                    .forEach(trial -> assertThat(out.resolve(trial.directory()).resolve(ResultFiles.RESULT_JSON))
                            .exists());
        }
        assertThat(result.warnings().getFirst())
                .startsWith("variant exits: its application stopped serving: ")
                .endsWith("the verdicts are of the 2 complete rounds before it");
        assertThat(run.out()).contains("Rounds:       2 complete");
    }
}
