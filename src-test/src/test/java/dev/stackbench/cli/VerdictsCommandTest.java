package dev.stackbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.TestMachines;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.e2e.Cli;
import dev.stackbench.e2e.Cli.Run;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdicts command in-process on two comparison.json files written as compare writes them: its matrix, and exit
 * code 2 naming the problem on bad input.
 */
@ChecksBehaviour
class VerdictsCommandTest {

    @TempDir
    Path dir;

    @Test
    void twoMachinesWhereTheVerdictReversesArePrintedAsAMatrix() throws Exception {
        Machine naples = machine("h1", 23, 8);
        Machine milan = machine("h2", 25, 32);
        Path a = write("a", naples, pair("webflux-netty", "loom-netty", 1.189, 1.074, 1.317));
        Path b = write("b", milan, pair("loom-netty", "webflux-netty", 1.215, 1.126, 1.310));

        Run run = run("verdicts", a.toString(), b.resolve("comparison.json").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("column 1: " + naples.id() + " AMD EPYC", "column 2: " + milan.id() + " AMD EPYC")
                .contains("rps: loom-netty vs webflux-netty: webflux-netty ahead on 1 of 2 machines (" + naples.id()
                        + ": 1.189x [1.074, 1.317]); reversed on " + milan.id()
                        + " (loom-netty 1.215x [1.126, 1.310])");
    }

    @Test
    void oneComparisonOrOneThatIsNotIsExitCode2NamingTheProblem() throws Exception {
        Path a = write("a", machine("h1", 23, 8), pair("webflux-netty", "loom-netty", 1.189, 1.074, 1.317));

        Run single = run("verdicts", a.toString());
        assertThat(single.exitCode()).isEqualTo(2);
        assertThat(single.err()).contains("error: give 2 or more comparisons");

        Path empty = Files.createDirectories(dir.resolve("empty"));
        Run notOne = run("verdicts", a.toString(), empty.toString());
        assertThat(notOne.exitCode()).isEqualTo(2);
        assertThat(notOne.err()).contains(empty + ": no comparison.json there");
    }

    private static Run run(String... args) {
        return Cli.run(args);
    }

    /** A comparison of loom-netty and webflux-netty with one verdict on requests/s, in {@code DIR/comparison.json}. */
    private Path write(String name, Machine machine, PairVerdict pair) throws Exception {
        List<ComparisonResult.VariantRecord> variants = List.of("loom-netty", "webflux-netty").stream()
                .map(label -> new ComparisonResult.VariantRecord(label, 1, null, 1, null, null, 0, 0, 0, 0, null, null))
                .toList();
        var result = new ComparisonResult(
                ComparisonResult.SCHEMA,
                "2025-01-01T00:00:00Z",
                600,
                ComparisonResult.Stop.DECIDED,
                null,
                null,
                variants,
                List.of(),
                List.of(new MetricVerdict(Metric.RPS, 10, null, List.of(), List.of(pair), List.of())),
                List.of(),
                List.of(),
                machine);
        Path out = Files.createDirectories(dir.resolve(name));
        ResultFiles.json().writeValue(out.resolve("comparison.json").toFile(), result);
        return out;
    }

    private static PairVerdict pair(String first, String second, double ratio, double low, double high) {
        return new PairVerdict(first, second, ratio, low, high, 0.99, 0.001, 0.05, PairVerdict.Outcome.DIFFERENT);
    }

    private static Machine machine(String host, int family, int l3MiB) {
        return TestMachines.uncalibrated(host, family, 1, l3MiB);
    }
}
