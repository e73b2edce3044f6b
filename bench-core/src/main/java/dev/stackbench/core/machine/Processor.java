package dev.stackbench.core.machine;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The processor as the kernel reports it ({@code /proc/cpuinfo}, {@code /sys/devices/system/cpu}). Two processors
 * with one model name can differ (the name "AMD EPYC" covers Naples and Genoa on a hypervisor), so family, model and
 * stepping and the caches are part of it; a value the OS does not give is null.
 *
 * @param vendor      {@code AuthenticAMD}, {@code GenuineIntel}, or the architecture's own word
 * @param model       the model name, e.g. {@code AMD EPYC}
 * @param family      cpuid family; null when not given (not x86)
 * @param modelNumber cpuid model; null when not given
 * @param stepping    cpuid stepping; null when not given
 * @param logicalCpus the CPUs the OS schedules on (online), before any cgroup limit
 * @param caches      one per level and type, as seen by CPU 0
 */
public record Processor(
        String vendor,
        String model,
        Integer family,
        Integer modelNumber,
        Integer stepping,
        int logicalCpus,
        List<Cache> caches) {

    public Processor {
        caches = caches == null ? List.of() : List.copyOf(caches);
    }

    /**
     * One cache as CPU 0 sees it.
     *
     * @param level 1, 2, 3
     * @param type  {@code Data}, {@code Instruction} or {@code Unified}
     * @param bytes its size
     */
    public record Cache(int level, String type, long bytes) {

        /** {@code L1d 32 KiB}, {@code L3 32 MiB}. */
        public String words() {
            String suffix = switch (type) {
                case "Data" -> "d";
                case "Instruction" -> "i";
                default -> "";
            };
            return "L" + level + suffix + " " + Machine.bytes(bytes);
        }
    }

    /** {@code AMD EPYC (AuthenticAMD family 25 model 17 stepping 1)}. */
    public String words() {
        String name = model == null ? "unknown processor" : model;
        if (family == null) {
            return vendor == null ? name : name + " (" + vendor + ")";
        }
        return String.format(
                Locale.ROOT,
                "%s (%s family %d model %d stepping %s)",
                name,
                vendor,
                family,
                modelNumber,
                stepping == null ? "?" : stepping);
    }

    /** {@code L1d 32 KiB, L1i 32 KiB, L2 1 MiB, L3 32 MiB}, or {@code caches unknown}. */
    public String cacheWords() {
        return caches.isEmpty()
                ? "caches unknown"
                : caches.stream().map(Cache::words).collect(Collectors.joining(", "));
    }
}
