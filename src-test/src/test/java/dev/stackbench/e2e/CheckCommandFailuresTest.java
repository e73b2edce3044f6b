package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * check when a build fails: requests that fail on base are bad input naming base (2); requests that fail on head only, or a
 * head that stops mid-run, are a failed check naming head (1), in every output, never a pass.
 */
@ChecksBehaviour
class CheckCommandFailuresTest {

    @TempDir
    Path temp;

    /**
     * A mix base does not serve (a 404 on every request): compare stops at the first round, and check refuses it as
     * bad input naming base and how its requests failed, rather than checking head against nothing.
     */
    @Test
    void requestsThatFailOnBaseAreBadInputNamingBase() throws Exception {
        Path junit = temp.resolve("check.xml");
        Cli.Run run = check(
                TestApps.BOOT4,
                "--request",
                "1:GET:/no-such-path",
                "-c",
                "2",
                "--think-time",
                "20ms",
                "--warmup",
                "1s",
                "--trial-warmup",
                "300ms",
                "--duration",
                "500ms",
                "--rehearsals",
                "0",
                "--junit",
                junit.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.errorLines())
                .last()
                .asString()
                .startsWith("error: the mix's requests failed on base, the build held to: ")
                .contains("http_404: 404");
        assertThat(run.err()).doesNotContain("Exception");
        assertThat(junit).as("no verdict to report").doesNotExist();
    }

    /**
     * A head that moved every path (another context path in its properties, the rest of the jar as base's): its requests
     * all fail where base's succeed, which is a failed check (1) with the reason in its report, not bad input.
     */
    @Test
    void requestsThatFailOnHeadOnlyAreAFailedCheckNamingHead() throws Exception {
        Path head = withProperty("moved.jar", "server.servlet.context-path=/moved");
        Path markdown = temp.resolve("summary.md");
        Cli.Run run = check(
                head,
                "--request",
                "1:GET:/hello",
                "-c",
                "2",
                "--think-time",
                "20ms",
                "--warmup",
                "1s",
                "--trial-warmup",
                "300ms",
                "--duration",
                "500ms",
                "--rehearsals",
                "0",
                "--markdown",
                markdown.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out())
                .contains("FAIL: head failed requests that base served: ", "http_404: 404")
                .containsPattern("stackbench check: head against base, .*: WORSE");
        assertThat(run.err()).doesNotContain("Exception");
        assertThat(Files.readString(markdown)).contains("head failed requests that base served");
    }

    /**
     * A head whose application stops mid-run (System.exit after its 140th request: 50 in its warm-up, 75 in each
     * trial at 50 requests/s, so in its second trial):
     * compare keeps the complete rounds and names head; the check fails (1) on it, in every output, never passes nor
     * calls it bad input.
     */
    @Test
    void aHeadThatStopsMidRunIsAFailedCheckNamingIt() throws Exception {
        Path head = withProperty("exits.jar", "testapp.exit-after-requests=140");
        Path markdown = temp.resolve("summary.md");
        Path junit = temp.resolve("check.xml");
        Cli.Run run = check(
                head,
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
                "--markdown",
                markdown.toString(),
                "--junit",
                junit.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .startsWith("error: variant head: its application stopped serving: ");
        assertThat(run.out())
                .contains("FAIL: the comparison ended because a variant failed: variant head: its application stopped")
                .containsPattern("stackbench check: head against base, .*: WORSE");
        assertThat(run.err()).doesNotContain("Exception");
        assertThat(Files.readString(markdown)).contains("the comparison ended because a variant failed: variant head");
        assertThat(Files.readString(junit)).contains("<failure");
    }
    /**
     * A head whose application refuses to start: what a check is for, so a failed check (1) naming head, why and its
     * log, in every output; not bad input, which a base that does not start is.
     */
    @Test
    void aHeadThatDoesNotStartIsAFailedCheckNamingItAndItsLog() throws Exception {
        Path head = withProperty("refuses.jar", "testapp.fail-at-start=true");
        Path markdown = temp.resolve("summary.md");
        Path junit = temp.resolve("check.xml");
        Cli.Run run = check(
                head,
                "--request",
                "1:GET:/hello",
                "-c",
                "2",
                "--warmup",
                "1s",
                "--rehearsals",
                "0",
                "--markdown",
                markdown.toString(),
                "--junit",
                junit.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.errorLines())
                .singleElement()
                .asString()
                .startsWith("error: variant head: application ")
                .endsWith("failed to start: IllegalStateException: testapp.fail-at-start=true: this application refuses"
                        + " to start");
        assertThat(run.out())
                .contains("FAIL: head did not start: variant head: application ", "(its log: ")
                .containsPattern("stackbench check: head against base, .*: WORSE");
        assertThat(Files.readString(markdown)).contains("head did not start: variant head: application ");
        assertThat(Files.readString(junit)).contains("<failure");
    }

    /** {@code check} of {@code head} against the test application, one JVM per build, its variants on C1 only. */
    private static Cli.Run check(Path head, String... more) throws Exception {
        var args = new ArrayList<>(List.of("check"));
        args.addAll(Cli.variantsQuickJit());
        args.addAll(List.of("--base", TestApps.BOOT4.toString(), "--head", head.toString(), "--forks", "1"));
        args.addAll(List.of(more));
        return Cli.jar(Duration.ofMinutes(3), args.toArray(String[]::new));
    }

    /** A copy of the test application with {@code property} added to its application.properties. */
    private Path withProperty(String name, String property) throws Exception {
        Path jar = temp.resolve(name);
        Files.copy(TestApps.BOOT4, jar);
        try (FileSystem files = FileSystems.newFileSystem(jar)) {
            Path properties = files.getPath("BOOT-INF/classes/application.properties");
            Files.writeString(properties, "%n%s%n".formatted(property), StandardOpenOption.APPEND);
        }
        return jar;
    }
}
