package dev.stackbench.core.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fingerprint from the files Linux gives, in a tree of the test's own (cgroup v1 and v2), and from this machine. */
@ChecksBehaviour
class MachineProbeTest {

    @TempDir
    Path root;

    @Test
    void aKvmGuestWithCgroupV2LimitsReadsAsItsFilesSay() throws IOException {
        write("proc/cpuinfo", """
                processor	: 0
                vendor_id	: AuthenticAMD
                cpu family	: 23
                model		: 1
                model name	: AMD EPYC
                stepping	: 2
                flags		: fpu vme hypervisor avx2

                processor	: 1
                vendor_id	: AuthenticAMD
                cpu family	: 23
                """);
        write("sys/devices/system/cpu/online", "0-1\n");
        cache(0, 1, "Data", "32K");
        cache(1, 1, "Instruction", "64K");
        cache(2, 2, "Unified", "512K");
        cache(3, 3, "Unified", "8192K");
        write("proc/meminfo", "MemTotal:       24684084 kB\nMemFree: 1 kB\n");
        write("proc/sys/kernel/osrelease", "6.18.44\n");
        write("lscpu-hypervisor", "KVM\n");
        write("proc/self/cgroup", "0::/ci/job-7\n");
        write("sys/fs/cgroup/cgroup.controllers", "cpu memory\n");
        write("sys/fs/cgroup/ci/job-7/cpu.max", "150000 100000\n");
        write("sys/fs/cgroup/ci/job-7/memory.max", "4294967296\n");
        write("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
        write("sys/devices/system/clocksource/clocksource0/current_clocksource", "kvm-clock\n");

        Machine machine = new MachineProbe(root).read();

        assertThat(machine.processor().words()).isEqualTo("AMD EPYC (AuthenticAMD family 23 model 1 stepping 2)");
        assertThat(machine.processor().logicalCpus()).isEqualTo(2);
        assertThat(machine.processor().cacheWords()).isEqualTo("L1d 32 KiB, L1i 64 KiB, L2 512 KiB, L3 8 MiB");
        assertThat(machine.hypervisor()).isEqualTo("KVM");
        assertThat(machine.memoryBytes()).isEqualTo(24_684_084L * 1024);
        assertThat(machine.kernel()).isEqualTo("6.18.44");
        assertThat(machine.cgroupCpus()).isEqualTo(1.5);
        assertThat(machine.cgroupMemoryBytes()).isEqualTo(4L << 30);
        assertThat(machine.transparentHugePages()).isEqualTo("madvise");
        assertThat(machine.clockSource()).isEqualTo("kvm-clock");
        assertThat(machine.jdk()).startsWith(Runtime.version().toString());
        assertThat(machine.calibration()).as("the probe measures nothing").isNull();
    }

    @Test
    void cgroupV1QuotaAndAnUnlimitedMemoryAndBareMetal() throws IOException {
        write(
                "proc/cpuinfo",
                "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\n"
                        + "model name\t: Intel(R) Xeon(R)\nstepping\t: 7\nflags\t\t: fpu avx2\n");
        write("proc/meminfo", "MemTotal:       8000000 kB\n");
        write("proc/self/cgroup", "4:memory:/job\n3:cpu,cpuacct:/job\n");
        write("sys/fs/cgroup/cpu/job/cpu.cfs_quota_us", "200000\n");
        write("sys/fs/cgroup/cpu/job/cpu.cfs_period_us", "100000\n");
        write("sys/fs/cgroup/memory/job/memory.limit_in_bytes", "9223372036854771712\n");

        Machine machine = new MachineProbe(root).read();

        assertThat(machine.hypervisor()).isEqualTo("none");
        assertThat(machine.cgroupCpus()).isEqualTo(2.0);
        assertThat(machine.cgroupMemoryBytes()).as("v1's 'unlimited'").isNull();
        assertThat(machine.processor().logicalCpus())
                .as("counted from cpuinfo without an online file")
                .isEqualTo(1);
        assertThat(machine.processor().cacheWords()).isEqualTo("caches unknown");
        assertThat(machine.words()).contains("bare metal");
    }

    @Test
    void thisMachineHasAProcessorAndCpus() {
        Machine here = MachineProbe.here();

        assertThat(here.processor().logicalCpus()).isPositive();
        assertThat(here.id()).matches("m-[0-9a-f]{8}");
        assertThat(here.words()).isNotBlank();
    }

    private void cache(int index, int level, String type, String size) throws IOException {
        String dir = "sys/devices/system/cpu/cpu0/cache/index" + index + "/";
        write(dir + "level", level + "\n");
        write(dir + "type", type + "\n");
        write(dir + "size", size + "\n");
    }

    private void write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
