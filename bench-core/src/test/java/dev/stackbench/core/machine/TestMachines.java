package dev.stackbench.core.machine;

import dev.stackbench.core.result.ResultFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** Two machines of the kind the same comparison reversed on, and results edited to carry either. */
public final class TestMachines {

    private TestMachines() {}

    /** The machine this was written on: Zen 4 "AMD EPYC", 32 MiB L3. */
    public static Machine genoa() {
        return machine(25, 17, 1, 32, "host-a", 60_000);
    }

    /** The machine: Zen 1 "AMD EPYC", 8 MiB L3, and slower. */
    public static Machine naples() {
        return machine(23, 1, 2, 8, "host-b", 24_000);
    }

    /** A machine of one processor and L3, calibrated at {@code unitsPerSecond}. */
    public static Machine machine(int family, int model, int stepping, int l3Mib, String host, double unitsPerSecond) {
        return new Machine(
                host,
                new Processor(
                        "AuthenticAMD",
                        "AMD EPYC",
                        family,
                        model,
                        stepping,
                        2,
                        List.of(
                                new Processor.Cache(1, "Data", 32 << 10),
                                new Processor.Cache(1, "Instruction", 32 << 10),
                                new Processor.Cache(2, "Unified", 512 << 10),
                                new Processor.Cache(3, "Unified", (long) l3Mib << 20))),
                "KVM",
                24L << 30,
                "Linux amd64",
                "6.18.44",
                null,
                null,
                "madvise",
                "tsc",
                "25.0.1+8-LTS (Eclipse Adoptium, OpenJDK 64-Bit Server VM)",
                new Calibration(Calibration.WORK, unitsPerSecond, 2.0, "2026-11-26T00:00:00Z", 2.0, null));
    }

    /** Host {@code host}: 2 cores of an AMD EPYC of {@code family} and {@code model} with {@code l3MiB} of L3, not calibrated. */
    public static Machine uncalibrated(String host, int family, int model, int l3MiB) {
        var processor = new Processor(
                "AuthenticAMD",
                "AMD EPYC",
                family,
                model,
                2,
                2,
                List.of(new Processor.Cache(3, "Unified", (long) l3MiB << 20)));
        return new Machine(
                host,
                processor,
                "KVM",
                8L << 30,
                "Linux amd64",
                "6.1.0",
                null,
                null,
                "madvise",
                "kvm-clock",
                "25.0.1+8-LTS",
                null);
    }

    /** Rewrites the result.json at {@code file} as if it had been measured on {@code machine}. */
    public static void measuredOn(Path file, Machine machine) throws IOException {
        var json = ResultFiles.json();
        var root = (ObjectNode) json.readTree(file.toFile());
        ((ObjectNode) root.get("environment")).set("machine", json.valueToTree(machine));
        Files.write(file, json.writeValueAsBytes(root));
    }
}
