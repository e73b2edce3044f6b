package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * check: two builds of an application, one verdict with its exit code, where the time went, and what CI shows of it. Bad input is exit code
 * 2 with its reason; two identical builds are said to be, and checked as an A/A pair: whatever the noise makes of
 * them (not worse, or not decided in three short rounds), the exit code, the markdown and the JUnit report agree.
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

    @Test
    void identicalBuildsAreCheckedAsAnAaPairAndEveryOutputSaysTheSame() throws Exception {
        Path markdown = temp.resolve("summary.md");
        Path junit = temp.resolve("check.xml");
        Cli.Run run = Cli.jar(
                Duration.ofMinutes(3),
                "check",
                Cli.VARIANTS_QUICK_JIT,
                "--base",
                TestApps.BOOT4.toString(),
                "--head",
                TestApps.BOOT4.toString(),
                "--forks",
                "1",
                "--request",
                "1:GET:/hello",
                "-c",
                "4",
                "--think-time",
                "20ms",
                "--warmup",
                "1s",
                "--trial-warmup",
                "300ms",
                "--duration",
                "500ms",
                "--min-rounds",
                "3",
                "--rounds",
                "3",
                "--rehearsals",
                "0",
                "--profile",
                "--out",
                temp.resolve("check").toString(),
                "--markdown",
                markdown.toString(),
                "--junit",
                junit.toString());

        assertThat(run.err()).contains("note: --base and --head are the same bytes: checked as an A/A pair");
        // 0 not worse, 3 not decided; 1 only if the A/A control itself was declared different, which fails the check.
        var words = Map.of(0, "not worse", 1, "WORSE", 3, "NOT DECIDED");
        assertThat(words).as(run.out() + run.err()).containsKey(run.exitCode());
        String outcome = words.get(run.exitCode());
        assertThat(run.out()).contains("stackbench check: head against base, at most 5% worse: " + outcome);
        assertThat(Files.readString(markdown))
                .startsWith("### stackbench check: head against base, at most 5% worse: " + outcome)
                .contains("| head | base | process CPU µs/request |", "| head | base | requests/s |");
        // Where the time went: the profiles of head and base held against each other, in words and on the report page.
        assertThat(run.out()).contains("Where the time went, head against base", "Report:       ");
        assertThat(Files.readString(markdown)).contains("Report, with the differential flame graphs: `");
        assertThat(temp.resolve("check/report/index.html")).exists();
        String xml = Files.readString(junit);
        assertThat(xml).contains("<testsuite name=\"stackbench check\" tests=\"");
        long notDecided = run.out()
                .lines()
                .filter(line -> line.startsWith("head ") && line.contains("NOT DECIDED"))
                .count();
        assertThat(xml).contains("errors=\"" + notDecided + "\"");
        if (run.exitCode() != 1) { // 1: the control's false alarm fails the check whatever its rows say
            assertThat(run.exitCode() == 3).as(run.out()).isEqualTo(notDecided > 0);
        } else {
            assertThat(run.out()).contains("FAIL: its A/A control declared base and base-aa different");
            assertThat(xml)
                    .contains("<testcase classname=\"stackbench check\" name=\"the comparison can be trusted\">");
        }
    }
}
