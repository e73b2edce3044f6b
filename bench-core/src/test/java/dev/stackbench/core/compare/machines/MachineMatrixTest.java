package dev.stackbench.core.compare.machines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.TestMachines;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.SampleResults;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Comparisons of loom-netty and webflux-netty read together, made by hand with the numbers of the machines where the
 * verdict reversed: webflux-netty 1.189x ahead on an EPYC of family 23, loom-netty 1.215x ahead on one of family 25.
 */
@ChecksBehaviour
class MachineMatrixTest {

    static final Machine NAPLES = machine("h1", 23, 1, 8);
    static final Machine MILAN = machine("h2", 25, 17, 32);

    static final PairVerdict WEBFLUX_AHEAD = different("webflux-netty", "loom-netty", 1.189, 1.074, 1.317);
    static final PairVerdict LOOM_AHEAD = different("loom-netty", "webflux-netty", 1.215, 1.126, 1.310);

    @Test
    void aVerdictReversedOnAnotherMachineIsSaidAndTheMachineNamed() {
        MachineMatrix matrix = MachineMatrix.of(List.of(
                new MachineMatrix.Source("results/a", comparison(NAPLES, "G1", WEBFLUX_AHEAD)),
                new MachineMatrix.Source("results/b", comparison(MILAN, "G1", LOOM_AHEAD))));

        assertThat(matrix.columns()).hasSize(2);
        assertThat(matrix.columns().getFirst().words())
                .startsWith("column 1: " + NAPLES.id() + " AMD EPYC (AuthenticAMD family 23 model 1 stepping 2)")
                .endsWith(", JDK 25.0.1+8-LTS, G1: from results/a");
        MachineMatrix.Row row = matrix.rows().getFirst();
        // One orientation for both, the first comparison's: loom-netty (started first) over webflux-netty.
        assertThat(matrix.rows()).singleElement();
        assertThat(row.cells())
                .allSatisfy(cell -> assertThat(cell.verdict().first()).isEqualTo("loom-netty"));
        assertThat(row.cells().get(0).verdict().ratio()).isCloseTo(1 / 1.189, within(1e-9));
        assertThat(row.cells().get(0).verdict().low()).isCloseTo(1 / 1.317, within(1e-9));
        assertThat(row.cells().get(1).verdict().ratio()).isCloseTo(1.215, within(1e-9));
        assertThat(matrix.text())
                .contains("rps: loom-netty vs webflux-netty: webflux-netty ahead on 1 of 2 machines ("
                        + NAPLES.id() + ": 1.189x [1.074, 1.317]); reversed on " + MILAN.id()
                        + " (loom-netty 1.215x [1.126, 1.310])");
    }

    @Test
    void theSameFingerprintTwiceIsOneColumnAndAgrees() {
        Machine sameKindOtherHost = machine("h3", 23, 1, 8);
        MachineMatrix matrix = MachineMatrix.of(List.of(
                new MachineMatrix.Source("results/a", comparison(NAPLES, "G1", WEBFLUX_AHEAD)),
                new MachineMatrix.Source(
                        "results/b",
                        comparison(
                                sameKindOtherHost,
                                "G1",
                                different("webflux-netty", "loom-netty", 1.150, 1.050, 1.260)))));

        assertThat(matrix.columns())
                .singleElement()
                .satisfies(column -> assertThat(column.sources()).containsExactly("results/a", "results/b"));
        assertThat(matrix.rows().getFirst().words())
                .isEqualTo("rps: loom-netty vs webflux-netty: agree on 2 of 2 comparisons: webflux-netty ahead ("
                        + NAPLES.id() + " in results/a: 1.189x [1.074, 1.317]; " + NAPLES.id()
                        + " in results/b: 1.150x [1.050, 1.260])");
    }

    @Test
    void anotherCollectorOnTheSameMachineIsAColumnOfItsOwn() {
        MachineMatrix matrix = MachineMatrix.of(List.of(
                new MachineMatrix.Source("results/a", comparison(NAPLES, "G1", WEBFLUX_AHEAD)),
                new MachineMatrix.Source("results/b", comparison(NAPLES, "ZGC", WEBFLUX_AHEAD))));

        assertThat(matrix.columns())
                .extracting(MachineMatrix.Column::label)
                .containsExactly(NAPLES.id() + " [column 1]", NAPLES.id() + " [column 2]");
        assertThat(matrix.rows().getFirst().agreement()).startsWith("agree on 2 of 2 machines: webflux-netty ahead");
    }

    /** Two comparisons without fingerprints are two columns: nothing says they ran on one machine. */
    @Test
    void aComparisonWithoutAFingerprintIsAColumnOfUnknownMachine() {
        MachineMatrix matrix = MachineMatrix.of(List.of(
                new MachineMatrix.Source(
                        "results/old",
                        comparison(null, "G1", equivalent("loom-netty", "webflux-netty", 1.004, 0.980, 1.030))),
                new MachineMatrix.Source("results/a", comparison(NAPLES, "G1", WEBFLUX_AHEAD)),
                new MachineMatrix.Source(
                        "results/older",
                        comparison(null, "G1", equivalent("webflux-netty", "loom-netty", 1.010, 0.990, 1.040)))));

        assertThat(matrix.columns()).hasSize(3);
        assertThat(matrix.columns().getFirst().words())
                .isEqualTo("column 1: machine unknown (results/old), no fingerprint (written before stackbench"
                        + " recorded one), JDK 25.0.1+8-LTS, G1: from results/old");
        assertThat(matrix.rows().getFirst().agreement())
                .isEqualTo("tied on 2 of 3 machines (machine unknown (results/old): ratio 1.004 within [0.980, 1.030]; "
                        + "machine unknown (results/older): ratio 0.990 within [0.962, 1.010]); webflux-netty ahead on "
                        + NAPLES.id() + " (1.189x [1.074, 1.317])");
    }

    @Test
    void fewerThanTwoComparisonsOrNoPairInCommonIsRefused() {
        var one = new MachineMatrix.Source("results/a", comparison(NAPLES, "G1", WEBFLUX_AHEAD));
        assertThatThrownBy(() -> MachineMatrix.of(List.of(one)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 or more comparisons");
        var other = new MachineMatrix.Source(
                "results/c",
                new ComparisonResult(
                        ComparisonResult.SCHEMA,
                        "",
                        1,
                        ComparisonResult.Stop.DECIDED,
                        null,
                        null,
                        List.of(variant("platform-tomcat", "G1"), variant("loom-netty", "G1")),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        MILAN));
        assertThatThrownBy(() -> MachineMatrix.of(List.of(one, other)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no pair of variants in common")
                .hasMessageContaining("results/c compared [platform-tomcat, loom-netty]");
    }

    static Machine machine(String host, int family, int model, int l3MiB) {
        return TestMachines.uncalibrated(host, family, model, l3MiB);
    }

    static PairVerdict different(String first, String second, double ratio, double low, double high) {
        return new PairVerdict(first, second, ratio, low, high, 0.99, 0.001, 0.05, PairVerdict.Outcome.DIFFERENT);
    }

    static PairVerdict equivalent(String first, String second, double ratio, double low, double high) {
        return new PairVerdict(first, second, ratio, low, high, 0.99, 0.6, 0.05, PairVerdict.Outcome.EQUIVALENT);
    }

    /** loom-netty started first, then webflux-netty, both on {@code collector}, with one verdict on requests/s. */
    static ComparisonResult comparison(Machine machine, String collector, PairVerdict pair) {
        var verdict = new MetricVerdict(Metric.RPS, 10, null, List.of(), List.of(pair), List.of());
        return new ComparisonResult(
                ComparisonResult.SCHEMA,
                "2025-01-01T00:00:00Z",
                600,
                ComparisonResult.Stop.DECIDED,
                null,
                null,
                List.of(variant("loom-netty", collector), variant("webflux-netty", collector)),
                List.of(),
                List.of(verdict),
                List.of(),
                List.of(),
                machine);
    }

    static ComparisonResult.VariantRecord variant(String label, String collector) {
        return new ComparisonResult.VariantRecord(label, 1, null, 1, null, warmup(collector), 0, 0, 0, 0, null, null);
    }

    /** A warm-up that says only its JVM: what the matrix reads of it. */
    static RunResult warmup(String collector) {
        var environment = new RunResult.Environment(
                "25.0.1+8-LTS",
                "OpenJDK 64-Bit Server VM",
                2,
                "Linux amd64",
                1L << 30,
                true,
                1,
                null,
                List.of("-Xmx1g"),
                List.of(collector.equals("G1") ? "G1 Young Generation" : "ZGC Cycles"));
        return SampleResults.builder().environment(environment).build();
    }
}
