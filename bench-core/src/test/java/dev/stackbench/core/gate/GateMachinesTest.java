package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.machine.TestMachines;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.ResultReader;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gate holds a baseline and current results against each other only when one machine measured both: a result whose
 * fingerprint says another processor is unusable input unless the gate is told, and then the table says so.
 */
@ChecksBehaviour
class GateMachinesTest {

    private static final Path OLD = Path.of("src", "test", "resources", "old-results", "seed-002-webflux-netty");

    @TempDir
    Path dir;

    @Test
    void aBaselineFromAnotherMachineIsRefusedNamingBothMachinesAndWhatSetsThemApart() throws IOException {
        RecordedResults baseline = results("baseline", TestMachines.naples());
        RecordedResults current = results("current", TestMachines.genoa());

        assertThatThrownBy(() -> Gate.check(GateRules.defaults(), baseline, current))
                .isInstanceOf(GateInputException.class)
                .hasMessageContaining("results of different machines: 2 machines: baseline webflux-netty on AMD EPYC"
                        + " (AuthenticAMD family 23 model 1")
                .hasMessageContaining("current webflux-netty on AMD EPYC (AuthenticAMD family 25 model 17")
                .hasMessageContaining("speed: 2.5x faster than the other")
                .hasMessageContaining("add --across-machines");
    }

    @Test
    void acrossMachinesTheTableSaysSo() throws IOException {
        RecordedResults baseline = results("baseline", TestMachines.naples());
        RecordedResults current = results("current", TestMachines.genoa());

        GateReport report = Gate.check(GateRules.defaults(), baseline, current, new GateOptions(false, false, true));

        assertThat(report.table()).contains("note: ACROSS MACHINES (--across-machines): 2 machines: ");
    }

    @Test
    void oneMachineIsNamedAndResultsWithoutAFingerprintAreComparedWithANote() throws IOException {
        RecordedResults sameMachine = results("baseline", TestMachines.genoa());
        RecordedResults current = results("current", TestMachines.genoa());
        RecordedResults old = ResultReader.read(List.of(OLD));

        assertThat(Gate.check(GateRules.defaults(), sameMachine, current).table())
                .contains("note: one machine: AMD EPYC (AuthenticAMD family 25 model 17 stepping 1)");
        assertThat(Gate.check(GateRules.defaults(), old, current).table())
                .contains("machine unknown for baseline webflux-netty (written before fingerprints");
    }

    /** The committed old result, copied and edited to have been measured on {@code machine}. */
    private RecordedResults results(String name, dev.stackbench.core.machine.Machine machine) throws IOException {
        Path copy = Files.createDirectories(dir.resolve(name));
        for (Path file : List.of(ResultFiles.RESULT_JSON, ResultFiles.LATENCY_HLOG).stream()
                .map(OLD::resolve)
                .filter(Files::exists)
                .toList()) {
            Files.copy(file, copy.resolve(file.getFileName()));
        }
        TestMachines.measuredOn(copy.resolve(ResultFiles.RESULT_JSON), machine);
        return ResultReader.read(List.of(copy));
    }
}
