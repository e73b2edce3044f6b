package dev.stackbench.core.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What sets two machines apart, and what does not. */
@ChecksBehaviour
class MachineTest {

    @Test
    void twoProcessorsOfOneModelNameAreTwoMachinesAndTheWordsSayWhy() {
        Machine genoa = TestMachines.genoa();
        Machine naples = TestMachines.naples();

        assertThat(genoa.sameAs(naples)).isFalse();
        assertThat(genoa.id()).isNotEqualTo(naples.id()).matches("m-[0-9a-f]{8}");
        assertThat(genoa.differencesFrom(naples))
                .anySatisfy(line -> assertThat(line).startsWith("processor: AMD EPYC (AuthenticAMD family 25 model 17"))
                .anySatisfy(line -> assertThat(line).contains("L3 32 MiB vs", "L3 8 MiB"))
                .anySatisfy(line -> assertThat(line).startsWith("speed: 2.5x faster than the other"));
        assertThat(genoa.words())
                .startsWith("AMD EPYC (AuthenticAMD family 25 model 17 stepping 1), 2 CPUs, L3 32 MiB, KVM, 24 GiB")
                .endsWith("[" + genoa.id() + ", host host-a]");
    }

    @Test
    void anotherHostOfTheSameKindAndSpeedIsTheSameMachineButNotOfAnotherSpeed() {
        Machine here = TestMachines.machine(25, 17, 1, 32, "host-a", 60_000);
        Machine twin = TestMachines.machine(25, 17, 1, 32, "host-c", 52_000);
        Machine slowTwin = TestMachines.machine(25, 17, 1, 32, "host-d", 30_000);

        assertThat(here.sameAs(twin)).as("same kind, 1.15x apart: noise").isTrue();
        assertThat(here.id()).isEqualTo(slowTwin.id());
        assertThat(here.sameAs(slowTwin)).as("same kind, 2x apart").isFalse();
        assertThat(here.differencesFrom(slowTwin)).singleElement().asString().startsWith("speed: 2.0x faster");
    }

    /** A busy calibration is a lower bound: slower than the other, it says nothing; faster, it still sets them apart. */
    @Test
    void aBusyCalibrationSetsItsMachineApartOnlyAsTheFaster() {
        Machine quiet = TestMachines.machine(25, 17, 1, 32, "host-a", 60_000);
        Machine busySlower = busy(TestMachines.machine(25, 17, 1, 32, "host-a", 10_000));
        Machine busyFaster = busy(TestMachines.machine(25, 17, 1, 32, "host-e", 120_000));

        assertThat(quiet.sameAs(busySlower)).as("6x slower, measured busy").isTrue();
        assertThat(busySlower.sameAs(quiet)).isTrue();
        assertThat(quiet.sameAs(busyFaster)).as("2x faster even busy").isFalse();
        assertThat(busyFaster.sameAs(quiet)).isFalse();
    }

    private static Machine busy(Machine machine) {
        var calibration = machine.calibration();
        return machine.withCalibration(new Calibration(
                calibration.work(),
                calibration.unitsPerSecond(),
                Calibration.BUSY_SPREAD_PERCENT + 35,
                calibration.measuredAt(),
                calibration.seconds(),
                calibration.corePercent()));
    }

    @Test
    void kernelAndJdkAreReportedButDoNotMakeAnotherMachine() {
        Machine here = TestMachines.genoa();
        Machine updated = new Machine(
                here.host(),
                here.processor(),
                here.hypervisor(),
                here.memoryBytes(),
                here.os(),
                "6.19.1",
                null,
                null,
                "always",
                "tsc",
                "21.0.5",
                here.calibration());

        assertThat(here.sameAs(updated)).isTrue();
        assertThat(here.softwareDifferencesFrom(updated))
                .containsExactly(
                        "kernel: 6.18.44 vs 6.19.1",
                        "JDK: 25.0.1+8-LTS (Eclipse Adoptium, OpenJDK 64-Bit Server VM) vs 21.0.5",
                        "transparent huge pages: madvise vs always");
    }

    @Test
    void itsJsonReadsBackAsTheSameMachineWithItsIdWrittenForPeople() {
        var json = ResultFiles.json();
        Machine genoa = TestMachines.genoa();

        String text = json.writeValueAsString(genoa);
        Machine read = json.readValue(text, Machine.class);

        assertThat(text).contains("\"id\" : \"" + genoa.id() + "\"", "\"family\" : 25", "\"unitsPerSecond\"");
        assertThat(read).isEqualTo(genoa);
    }

    @Test
    void aMixOfMachinesNamesEachWithItsSourcesAndUnknownOnesApart() {
        var bySource = new LinkedHashMap<String, Machine>();
        bySource.put("baseline a", TestMachines.genoa());
        bySource.put("current a", TestMachines.naples());
        bySource.put("current b", TestMachines.genoa());
        bySource.put("old", null);

        MachineMix mix = MachineMix.of(bySource);

        assertThat(mix.several()).isTrue();
        assertThat(mix.machines().values())
                .containsExactly(java.util.List.of("baseline a", "current b"), java.util.List.of("current a"));
        assertThat(mix.unknown()).containsExactly("old");
        assertThat(mix.words())
                .startsWith("2 machines: baseline a, current b on AMD EPYC (AuthenticAMD family 25")
                .contains("current a on AMD EPYC (AuthenticAMD family 23 model 1", "(against the first: processor:")
                .contains("machine unknown for old");
        assertThat(MachineMix.of(Map.of("x", TestMachines.genoa())).several()).isFalse();
    }
}
