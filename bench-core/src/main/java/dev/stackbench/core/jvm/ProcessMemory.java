package dev.stackbench.core.jvm;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's memory as the OS and the heap see it, read at each interval tick:
 * <ul>
 *   <li>resident set size, {@code VmRSS} of {@code /proc/self/status} (Linux): the whole process, so with an
 *       in-process server the load generator's memory too. Read at the tick, not the lifetime peak
 *       ({@code VmHWM}), which would include the start-up; a resident set grows in steps and shrinks
 *       slowly (the collector uncommits after seconds), so the largest reading of a window is near its peak.</li>
 *   <li>the heap's peak within the interval: the sum of the heap pools' peak use since the previous
 *       reading, after which the peaks are reset. The JVM records each pool's peak at every collection, so
 *       the eden filled just before one is seen, which a reading of the heap at the tick misses; as the pools
 *       peak at different moments, the sum may exceed the heap's true peak, never fall short of it.</li>
 * </ul>
 */
final class ProcessMemory {

    private static final Path STATUS = Path.of("/proc/self/status");
    private static final String RESIDENT = "VmRSS:";
    private static final long BYTES_PER_KIB = 1024;

    private ProcessMemory() {}

    /** The resident set in bytes; null where {@code /proc/self/status} cannot say (not Linux). */
    static Long residentBytes() {
        return residentBytes(STATUS);
    }

    /** The resident set of another process of this machine (a server in its own process); null where Linux cannot say or it has ended. */
    static Long residentBytes(long pid) {
        return residentBytes(Path.of("/proc", Long.toString(pid), "status"));
    }

    private static Long residentBytes(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith(RESIDENT)) { // "VmRSS:	  123456 kB"
                    return Long.parseLong(line.substring(RESIDENT.length())
                                    .replace("kB", "")
                                    .strip())
                            * BYTES_PER_KIB;
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The sum of the heap pools' peak use since the previous call (or the JVM's start), then resets the peaks. */
    static long heapPeakBytesSinceLastCall() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                var peak = pool.getPeakUsage();
                sum += peak == null ? 0 : peak.getUsed();
                pool.resetPeakUsage();
            }
        }
        return sum;
    }
}
