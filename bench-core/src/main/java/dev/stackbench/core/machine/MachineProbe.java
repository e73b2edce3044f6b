package dev.stackbench.core.machine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads this machine's fingerprint from the files Linux gives ({@code /proc/cpuinfo}, {@code /proc/meminfo},
 * {@code /sys/devices/system/cpu/cpu0/cache}, the cgroup's files, the THP and clock source settings), under a root that
 * tests replace with a tree of their own. It takes milliseconds and measures nothing: the calibration is apart
 * ({@link MachineStore}). What another OS does not give is null.
 */
public final class MachineProbe {

    private static final Pattern RANGE = Pattern.compile("(\\d+)(?:-(\\d+))?");
    private static final Pattern SELECTED = Pattern.compile("\\[(\\w+)]");
    private static final long UNLIMITED = 1L << 62;

    private final Path root;

    /** A probe of the files under {@code root} ({@code /} for this machine). */
    public MachineProbe(Path root) {
        this.root = root;
    }

    /** This machine, not calibrated. */
    public static Machine here() {
        return new MachineProbe(Path.of("/")).read();
    }

    /** The machine the files under the root describe, with this JVM's JDK; not calibrated. */
    public Machine read() {
        Map<String, String> cpu = firstProcessor();
        Processor processor = new Processor(
                cpu.getOrDefault("vendor_id", System.getProperty("os.arch")),
                cpu.get("model name"),
                integer(cpu.get("cpu family")),
                integer(cpu.get("model")),
                integer(cpu.get("stepping")),
                logicalCpus(),
                caches());
        long memTotal = memTotalBytes();
        Long cgroupMemory = cgroupMemoryBytes();
        return new Machine(
                host(),
                processor,
                hypervisor(cpu),
                memTotal > 0 ? memTotal : null,
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                text("proc/sys/kernel/osrelease"),
                cgroupCpus(),
                cgroupMemory != null && (memTotal <= 0 || cgroupMemory < memTotal) ? cgroupMemory : null,
                selected(text("sys/kernel/mm/transparent_hugepage/enabled")),
                text("sys/devices/system/clocksource/clocksource0/current_clocksource"),
                jdk(),
                null);
    }

    /** {@code 25.0.1+8-LTS (Eclipse Adoptium, OpenJDK 64-Bit Server VM)}. */
    public static String jdk() {
        return Runtime.version() + " (" + System.getProperty("java.vendor") + ", "
                + ManagementFactory.getRuntimeMXBean().getVmName() + ")";
    }

    private Map<String, String> firstProcessor() {
        var fields = new HashMap<String, String>();
        for (String line : lines("proc/cpuinfo")) {
            if (line.isBlank() && !fields.isEmpty()) {
                break;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                fields.putIfAbsent(
                        line.substring(0, colon).strip(),
                        line.substring(colon + 1).strip());
            }
        }
        return fields;
    }

    private int logicalCpus() {
        String online = text("sys/devices/system/cpu/online");
        if (online != null) {
            int count = 0;
            for (String part : online.split(",")) {
                Matcher range = RANGE.matcher(part.strip());
                if (range.matches()) {
                    int from = Integer.parseInt(range.group(1));
                    count += range.group(2) == null ? 1 : Integer.parseInt(range.group(2)) - from + 1;
                }
            }
            if (count > 0) {
                return count;
            }
        }
        long processors = lines("proc/cpuinfo").stream()
                .filter(line -> line.startsWith("processor"))
                .count();
        return processors > 0 ? (int) processors : Runtime.getRuntime().availableProcessors();
    }

    private List<Processor.Cache> caches() {
        var caches = new ArrayList<Processor.Cache>();
        for (int index = 0; index < 8; index++) {
            String dir = "sys/devices/system/cpu/cpu0/cache/index" + index + "/";
            Integer level = integer(text(dir + "level"));
            String type = text(dir + "type");
            Long size = size(text(dir + "size"));
            if (level == null || type == null || size == null) {
                break;
            }
            caches.add(new Processor.Cache(level, type, size));
        }
        return caches;
    }

    /** {@code none} without the cpuid hypervisor flag (x86), else the vendor lscpu names. */
    private String hypervisor(Map<String, String> cpu) {
        String flags = cpu.get("flags");
        if (flags == null) {
            return null;
        }
        if (!List.of(flags.split(" ")).contains("hypervisor")) {
            return "none";
        }
        String xen = text("sys/hypervisor/type");
        if (xen != null) {
            return xen;
        }
        String vendor = root.equals(Path.of("/")) ? lscpuHypervisor() : text("lscpu-hypervisor");
        return vendor != null ? vendor : "a hypervisor (vendor unknown)";
    }

    /** lscpu reads the hypervisor's cpuid leaf, which no file shows. */
    private static String lscpuHypervisor() {
        try {
            Process lscpu =
                    new ProcessBuilder("lscpu").redirectErrorStream(true).start();
            byte[] output = lscpu.getInputStream().readAllBytes();
            if (!lscpu.waitFor(5, TimeUnit.SECONDS)) {
                lscpu.destroyForcibly();
                return null;
            }
            for (String line : new String(output, StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("Hypervisor vendor:")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private long memTotalBytes() {
        for (String line : lines("proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                Long kib = longValue(line.replaceAll("[^0-9]", ""));
                return kib == null ? 0 : kib * 1024;
            }
        }
        return 0;
    }

    /** cgroup v2's {@code cpu.max} ("max 100000" or "150000 100000"), else v1's CFS quota and period. */
    private Double cgroupCpus() {
        String v2 = cgroupFile("", "cpu.max");
        if (v2 != null) {
            String[] parts = v2.split("\\s+");
            return parts.length == 2 && !parts[0].equals("max")
                    ? quota(longValue(parts[0]), longValue(parts[1]))
                    : null;
        }
        String quota = cgroupFile("cpu", "cpu.cfs_quota_us");
        String period = cgroupFile("cpu", "cpu.cfs_period_us");
        return quota == null || period == null ? null : quota(longValue(quota), longValue(period));
    }

    private static Double quota(Long quota, Long period) {
        return quota == null || period == null || quota <= 0 || period <= 0 ? null : quota / (double) period;
    }

    private Long cgroupMemoryBytes() {
        String v2 = cgroupFile("", "memory.max");
        String value = v2 != null ? v2 : cgroupFile("memory", "memory.limit_in_bytes");
        Long bytes = value == null || value.equals("max") ? null : longValue(value);
        return bytes == null || bytes >= UNLIMITED ? null : bytes;
    }

    /**
     * A cgroup file of this process: for v2 ({@code controller} empty) under the unified hierarchy, for v1 under the
     * controller's; at the process's own cgroup path, else at the hierarchy's root (a container sees its own as root).
     */
    private String cgroupFile(String controller, String name) {
        boolean v2 = controller.isEmpty();
        if (v2 && !Files.exists(root.resolve("sys/fs/cgroup/cgroup.controllers"))) {
            return null;
        }
        String own = "/";
        for (String line : lines("proc/self/cgroup")) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3
                    && (v2
                            ? parts[0].equals("0") && parts[1].isEmpty()
                            : List.of(parts[1].split(",")).contains(controller))) {
                own = parts[2];
            }
        }
        String base = v2 ? "sys/fs/cgroup" : "sys/fs/cgroup/" + controller;
        String atOwn = text(base + own + (own.endsWith("/") ? "" : "/") + name);
        return atOwn != null ? atOwn : text(base + "/" + name);
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return System.getenv("HOSTNAME");
        }
    }

    /** The bracketed choice of a kernel setting: {@code always [madvise] never} is {@code madvise}. */
    private static String selected(String setting) {
        if (setting == null) {
            return null;
        }
        Matcher matcher = SELECTED.matcher(setting);
        return matcher.find() ? matcher.group(1) : setting;
    }

    private static Long size(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        char unit = Character.toUpperCase(text.charAt(text.length() - 1));
        Long number = longValue(Character.isDigit(unit) ? text : text.substring(0, text.length() - 1));
        if (number == null) {
            return null;
        }
        return switch (unit) {
            case 'K' -> number << 10;
            case 'M' -> number << 20;
            case 'G' -> number << 30;
            default -> number;
        };
    }

    private static Integer integer(String text) {
        Long value = longValue(text);
        return value == null ? null : value.intValue();
    }

    private static Long longValue(String text) {
        try {
            return text == null ? null : Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private String text(String relative) {
        try {
            Path file = root.resolve(relative.startsWith("/") ? relative.substring(1) : relative);
            return Files.isRegularFile(file) ? Files.readString(file).strip() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private List<String> lines(String relative) {
        try {
            Path file = root.resolve(relative);
            return Files.isRegularFile(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
