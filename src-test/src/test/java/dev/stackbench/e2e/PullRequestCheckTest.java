package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.MeasuresSpeed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The copyable pull-request check (scripts/check-pull-request.sh, docs/operations.md) on two builds of this repository's
 * test application: base {@code testapp-boot3}, and as head either {@code testapp-boot3-costlier} (its {@code /hello}
 * spends 1500 µs more CPU, in {@code ExtraCost.spend}) or base's jar copied (a head without the cost, the same bytes:
 * checked as an A/A pair). The first fails and names the method that costs more; the second passes, and every output a
 * CI shows says so.
 *
 * <p>What decides is the application's own threads' CPU per request (serverCpuPerRequest: in windows this short the
 * JIT's and the GC's CPU, which process CPU also counts, are most of the noise), about 300 µs here with C1, so the cost
 * is a ratio of about 4 against a margin of 30% (with 500 µs, a ratio of about 2, one run in five stopped with its
 * interval's low end just under 1.3: 1.852 [1.285, 2.669], not decided). One JVM per build, and each round's trials at once ({@code
 * --together}), so that what the machine does to one it does to all three. Measured alone: with two such checks at once
 * (6 application JVMs serving, one of them the costlier) the intervals widened past any useful margin (0.804 [0.483,
 * 1.337] for the unchanged head), and beside them CompareCommandTest's and CompareAppCommandTest's verdicts came out
 * undecided, where beside each other they decide (the bound-by-waits run).
 */
@MeasuresSpeed
class PullRequestCheckTest {

    private static final Path SCRIPT = Path.of("..", "scripts", "check-pull-request.sh");

    @TempDir
    Path temp;

    @Test
    void aHeadWithAKnownExtraCostFailsAndNamesTheMethodThatCostsMore() throws Exception {
        Path out = temp.resolve("costlier");
        Cli.Run run = check(TestApps.BOOT3_COSTLIER, out);
        print("costlier head", run);

        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.err()).contains("check: FAILED: head is worse than base");
        assertThat(run.out()).containsPattern("head +base +server CPU µs/request .* FAIL");
        List<String> where = whereTheTimeWent(run.out());
        assertThat(where).as(run.out()).isNotEmpty();
        // ExtraCost.spend, or the thread clock it reads "(under ...ExtraCost.cpuNanos)": JFR's samples land in either
        assertThat(where.getFirst())
                .as("the top line of where the time went")
                .contains("dev.stackbench.testapp.ExtraCost.");
        assertThat(Files.readString(out.resolve("summary.md")))
                .startsWith("### stackbench check: head against base, at most 30% worse: WORSE")
                .contains("dev.stackbench.testapp.ExtraCost.");
        assertThat(Files.readString(out.resolve("check.xml"))).contains("<failure");
        assertThat(out.resolve("comparison/report/index.html")).exists();
        stoppedWhenHeadWasDecidedAgainstTheLimit(out);
    }

    @Test
    void aHeadWithoutItPassesAndEveryOutputSaysSo() throws Exception {
        Path head = Files.copy(TestApps.BOOT3, temp.resolve("head.jar"));
        Path out = temp.resolve("unchanged");
        Cli.Run run = check(head, out);
        print("unchanged head", run);

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.err()).contains("note: --base and --head are the same bytes: checked as an A/A pair");
        assertThat(run.out())
                .contains("stackbench check: head against base, at most 30% worse: not worse")
                .contains("check: head is not worse than base");
        assertThat(Files.readString(out.resolve("summary.md")))
                .startsWith("### stackbench check: head against base, at most 30% worse: not worse")
                .contains("| head | base | server CPU µs/request |", "| head | base | requests/s |")
                .contains("Report, with the differential flame graphs: `");
        // Where the time went: the profiles of head and base held against each other, in words and on the report page.
        assertThat(run.out()).contains("Where the time went, head against base", "Report:       ");
        assertThat(out.resolve("comparison/report/index.html")).exists();
        String xml = Files.readString(out.resolve("check.xml"));
        assertThat(xml)
                .contains("<testsuite name=\"stackbench check\" tests=\"")
                .contains("errors=\"0\"", "failures=\"0\"")
                .doesNotContain("<failure", "<error");
        stoppedWhenHeadWasDecidedAgainstTheLimit(out);
    }

    /**
     * The comparison stopped at the look where head against base was decided against the limit (compare
     * --decide-not-worse), not where the pair merely differed or every pair was decided.
     */
    private static void stoppedWhenHeadWasDecidedAgainstTheLimit(Path out) throws Exception {
        Path comparison;
        try (var files = Files.walk(out.resolve("comparison"))) {
            comparison = files.filter(file -> file.getFileName().toString().equals("comparison.json"))
                    .findFirst()
                    .orElseThrow();
        }
        // Answered at a look; or, on a noisy machine, at the round cap with the check's verdict from the last look
        // (seen once in four CIs on m-3a9b66aa: WORSE, its rounds spent): never "decided", every pair merely differing.
        assertThat(Files.readString(comparison)).containsPattern("\"stopped\"\\s*:\\s*\"(answered|rounds)\"");
    }

    /** The verdict's rows and the first lines of where the time went, for the build's log. */
    private static void print(String which, Cli.Run run) {
        var shown = new ArrayList<String>();
        run.out().lines().filter(line -> line.startsWith("head ")).forEach(shown::add);
        whereTheTimeWent(run.out()).stream().limit(2).forEach(shown::add);
        System.out.printf(
                "PullRequestCheckTest, %s: exit %d%n  %s%n", which, run.exitCode(), String.join("\n  ", shown));
    }

    /** The script, as a CI job runs it, with a load and windows short enough for a test. */
    private static Cli.Run check(Path head, Path out) throws Exception {
        var command = new ArrayList<>(List.of(
                "bash",
                SCRIPT.toString(),
                TestApps.BOOT3.toString(),
                head.toString(),
                Cli.VARIANTS_QUICK_JIT,
                "--forks",
                "1",
                "--together",
                "--request",
                "1:GET:/hello",
                "-c",
                "4",
                "--think-time",
                "10ms",
                "--warmup",
                "2s",
                "--trial-warmup",
                "300ms",
                "--duration",
                "1s",
                "--min-rounds",
                "3",
                "--rounds",
                "8",
                "--rehearsals",
                "0",
                "--metric",
                "serverCpuPerRequest,rps",
                "--max-slowdown",
                "30%"));
        return Cli.command(
                Duration.ofMinutes(4),
                command,
                Map.of(
                        "CHECK_OUT", out.toString(),
                        "STACKBENCH_JAR", Cli.JAR.toString(),
                        "JAVA_HOME", System.getProperty("java.home")));
    }

    /** The lines under "Where the time went", without their indent. */
    private static List<String> whereTheTimeWent(String out) {
        var lines = out.lines().toList();
        int first = lines.indexOf("Where the time went, head against base (profiles of the measured windows):") + 1;
        return first == 0
                ? List.of()
                : lines.subList(first, lines.size()).stream()
                        .takeWhile(line -> line.startsWith("  "))
                        .map(String::strip)
                        .toList();
    }
}
