package dev.stackbench.core.machine;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A machine's fingerprint: what a measurement's numbers depend on besides the code measured. The same comparison has
 * reversed between two 2-core KVM machines whose processors were both named "AMD EPYC" (family 23 model 1 with an
 * 8 MiB L3, family 25 model 17 with 32 MiB), so a verdict holds on the machine that produced it, and
 * {@link #differencesFrom} says when two results cannot be held against each other. A value the OS does not give is
 * null.
 *
 * <p>{@link #id()} digests what makes the machine (processor, caches, CPUs, hypervisor, memory, cgroup limits), not
 * the host name: two hosts of one kind share it. The calibration tells same-looking machines of different speed apart.
 *
 * @param host                 the host name, for people; not part of the identity
 * @param processor            the processor, its caches and CPUs
 * @param hypervisor           {@code KVM}, {@code Microsoft}, ...; {@code none} on bare metal; null when unknown
 * @param memoryBytes          the RAM the kernel sees
 * @param os                   the OS and architecture, e.g. {@code Linux amd64}
 * @param kernel               the kernel release
 * @param cgroupCpus           the cgroup's CPU quota in CPUs (quota / period); null when unlimited or unknown
 * @param cgroupMemoryBytes    the cgroup's memory limit; null when unlimited or unknown
 * @param transparentHugePages the kernel's THP mode ({@code always}, {@code madvise}, {@code never})
 * @param clockSource          the kernel's clock source ({@code tsc}, {@code kvm-clock}, ...): what timers cost
 * @param jdk                  the JDK that measured: version, build, vendor and VM
 * @param calibration          how fast it ran {@link Calibration#WORK}; null when not calibrated
 */
@JsonIgnoreProperties(
        value = {"id"},
        allowGetters = true)
public record Machine(
        String host,
        Processor processor,
        String hypervisor,
        Long memoryBytes,
        String os,
        String kernel,
        Double cgroupCpus,
        Long cgroupMemoryBytes,
        String transparentHugePages,
        String clockSource,
        String jdk,
        Calibration calibration) {

    /**
     * Two machines whose calibrations differ by more than this factor are different machines, even with one
     * fingerprint: a quiet calibration's best batch moves by a few percent, the machines this was made for by 2-3x. A
     * busy one ({@link Calibration#busy}) is only a lower bound, so it sets its machine apart only as the faster.
     */
    public static final double SPEED_FACTOR = 1.5;

    /** In summaries and reports, where a result has no fingerprint (written before they existed). */
    public static final String UNKNOWN = "machine unknown (no fingerprint: written before stackbench recorded one)";

    public Machine {
        Objects.requireNonNull(processor, "processor");
    }

    /** The same machine with another calibration. */
    public Machine withCalibration(Calibration calibration) {
        return new Machine(
                host,
                processor,
                hypervisor,
                memoryBytes,
                os,
                kernel,
                cgroupCpus,
                cgroupMemoryBytes,
                transparentHugePages,
                clockSource,
                jdk,
                calibration);
    }

    /** {@code m-} and 8 hex digits of what makes the machine; written to JSON for people and tools, read as derived. */
    @JsonProperty("id")
    public String id() {
        String identity = String.join(
                "|",
                String.valueOf(processor.vendor()),
                String.valueOf(processor.model()),
                String.valueOf(processor.family()),
                String.valueOf(processor.modelNumber()),
                String.valueOf(processor.stepping()),
                String.valueOf(processor.logicalCpus()),
                processor.cacheWords(),
                String.valueOf(hypervisor),
                String.valueOf(memoryGib()),
                String.valueOf(cgroupCpus),
                String.valueOf(cgroupMemoryBytes),
                String.valueOf(os));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return "m-" + HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Memory in whole GiB: the kernel's total moves by megabytes between boots of one machine. */
    private Long memoryGib() {
        return memoryBytes == null ? null : Math.round(memoryBytes / (double) (1L << 30));
    }

    /**
     * One line: {@code AMD EPYC (AuthenticAMD family 25 model 17 stepping 1), 2 CPUs, L3 32 MiB, KVM, 24 GiB, Linux
     * 6.18.44 [m-1a2b3c4d, host vm]}.
     */
    public String words() {
        var parts = new ArrayList<String>();
        parts.add(processor.words());
        parts.add(processor.logicalCpus() + " CPUs"
                + (cgroupCpus == null ? "" : String.format(Locale.ROOT, " (cgroup quota %.2f)", cgroupCpus)));
        processor.caches().stream()
                .filter(cache -> cache.level() == 3)
                .findFirst()
                .ifPresent(cache -> parts.add(cache.words()));
        if (hypervisor != null) {
            parts.add(hypervisor.equals("none") ? "bare metal" : hypervisor);
        }
        if (memoryBytes != null) {
            parts.add(bytes(memoryBytes)
                    + (cgroupMemoryBytes == null ? "" : " (cgroup limit " + bytes(cgroupMemoryBytes) + ")"));
        }
        if (kernel != null) {
            parts.add("kernel " + kernel);
        }
        return String.join(", ", parts) + " [" + id() + (host == null ? "" : ", host " + host) + "]";
    }

    /** {@link #words()}, or {@link #UNKNOWN} for a result without a fingerprint. */
    public static String words(Machine machine) {
        return machine == null ? UNKNOWN : machine.words();
    }

    /**
     * What sets {@code other} apart from this machine, in words, each naming this machine's value first; empty when
     * they are the same machine. The host name alone does not: two hosts of one kind and speed are one machine here.
     */
    public List<String> differencesFrom(Machine other) {
        var differences = new ArrayList<String>();
        differ(differences, "processor", processor.words(), other.processor.words());
        differ(differences, "logical CPUs", processor.logicalCpus(), other.processor.logicalCpus());
        differ(differences, "caches", processor.cacheWords(), other.processor.cacheWords());
        differ(differences, "hypervisor", hypervisor, other.hypervisor);
        differ(differences, "memory (GiB)", memoryGib(), other.memoryGib());
        differ(differences, "cgroup CPU quota", cgroupCpus, other.cgroupCpus);
        differ(differences, "cgroup memory limit", cgroupMemoryBytes, other.cgroupMemoryBytes);
        differ(differences, "OS", os, other.os);
        double speed = calibration == null ? Double.NaN : calibration.speedAgainst(other.calibration);
        if (!Double.isNaN(speed)
                && !calibration.slowerBusy(other.calibration)
                && (speed > SPEED_FACTOR || speed < 1 / SPEED_FACTOR)) {
            differences.add("speed: " + Calibration.speedWords(speed) + " the other (calibration "
                    + String.format(
                            Locale.ROOT,
                            "%,.0f vs %,.0f units/s",
                            calibration.unitsPerSecond(),
                            other.calibration.unitsPerSecond())
                    + ")");
        }
        return List.copyOf(differences);
    }

    /** What differs without making another machine (kernel, JDK, huge pages, clock source), in words. */
    public List<String> softwareDifferencesFrom(Machine other) {
        var differences = new ArrayList<String>();
        differ(differences, "kernel", kernel, other.kernel);
        differ(differences, "JDK", jdk, other.jdk);
        differ(differences, "transparent huge pages", transparentHugePages, other.transparentHugePages);
        differ(differences, "clock source", clockSource, other.clockSource);
        return List.copyOf(differences);
    }

    /** Whether both are one machine: nothing in {@link #differencesFrom} sets them apart. */
    public boolean sameAs(Machine other) {
        return other != null && differencesFrom(other).isEmpty();
    }

    private static void differ(List<String> differences, String what, Object mine, Object theirs) {
        if (!Objects.equals(mine, theirs)) {
            differences.add(what + ": " + mine + " vs " + theirs);
        }
    }

    /** {@code 32 KiB}, {@code 1 MiB}, {@code 23.5 GiB}. */
    static String bytes(long bytes) {
        if (bytes >= 1L << 30) {
            double gib = bytes / (double) (1L << 30);
            return gib == Math.rint(gib)
                    ? String.format(Locale.ROOT, "%.0f GiB", gib)
                    : String.format(Locale.ROOT, "%.1f GiB", gib);
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return bytes / (1L << 20) + " MiB";
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return bytes / 1024 + " KiB";
    }
}
