package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * check's bad input: exit code 2 with its reason. A check measured end to end, its outcomes and what CI shows of them,
 * is PullRequestCheckTest's (through the copyable script); its failures are CheckCommandFailuresTest's.
 */
@ChecksBehaviour
class CheckCommandTest {

    @TempDir
    Path temp;

    @Test
    void badInputIsExitCode2WithItsReason() {
        var missing =
                Cli.run("check", "--base", temp.resolve("no.jar").toString(), "--head", TestApps.BOOT4.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("error: --base " + temp.resolve("no.jar") + " does not exist");

        var slowdown = Cli.run(
                "check",
                "--base",
                TestApps.BOOT4.toString(),
                "--head",
                TestApps.BOOT4.toString(),
                "--max-slowdown",
                "0%");
        assertThat(slowdown.exitCode()).isEqualTo(2);
        assertThat(slowdown.err()).contains("error: --max-slowdown takes a share above 0% and below 100%");

        var variant = Cli.run(
                "check",
                "--base",
                TestApps.BOOT4.toString(),
                "--head",
                TestApps.BOOT4.toString(),
                "--variant",
                "x:a=b");
        assertThat(variant.exitCode()).as(variant.out() + variant.err()).isEqualTo(2);
        assertThat(variant.err()).contains("error: --variant is check's to set");

        // Found by the base's JVM as it starts: nothing is measured.
        var notSpringBoot = Cli.run("check", "--base", Cli.JAR.toString(), "--head", TestApps.BOOT4.toString());
        assertThat(notSpringBoot.exitCode()).as(notSpringBoot.err()).isEqualTo(2);
        assertThat(notSpringBoot.err()).contains("is not a Spring Boot executable jar");
    }
}
