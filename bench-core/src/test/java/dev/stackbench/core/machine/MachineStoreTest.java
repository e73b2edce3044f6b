package dev.stackbench.core.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A calibration is measured once per boot and JDK, and the last other machine is remembered. */
@ChecksBehaviour
class MachineStoreTest {

    @TempDir
    Path home;

    @TempDir
    Path root;

    @Test
    void aBootCalibratesOnceAndANewBootAgain() {
        var probe = new MachineProbe(root);
        var store = new MachineStore(home, probe, "boot-1");

        assertThat(store.calibrated()).isFalse();
        Machine first = store.current();
        boolean calibratedAfterwards = store.calibrated();
        Machine second = store.current();
        Machine afterReboot = new MachineStore(home, probe, "boot-2").current();

        assertThat(first.calibration().unitsPerSecond()).isPositive();
        assertThat(calibratedAfterwards).isTrue();
        assertThat(second.calibration()).as("kept, not measured again").isEqualTo(first.calibration());
        assertThat(afterReboot.calibration().measuredAt())
                .isNotEqualTo(first.calibration().measuredAt());
        assertThat(home.resolve(MachineStore.THIS_MACHINE)).isRegularFile();
    }

    /**
     * Two threads of one JVM asking at once: a file lock belongs to the JVM, so the second thread's lock would throw
     * OverlappingFileLockException; they take turns, and the second takes the first's calibration from the store.
     */
    @Test
    void twoThreadsOfOneJvmCalibrateOnceBetweenThem() throws Exception {
        var store = new MachineStore(home, new MachineProbe(root), "boot-1");
        var ready = new CountDownLatch(2);
        try (ExecutorService threads = Executors.newFixedThreadPool(2)) {
            Callable<Machine> ask = () -> {
                ready.countDown();
                ready.await();
                return store.current();
            };
            Future<Machine> first = threads.submit(ask);
            Future<Machine> second = threads.submit(ask);

            assertThat(first.get(1, TimeUnit.MINUTES).calibration())
                    .as("one calibration, kept for the other thread")
                    .isEqualTo(second.get(1, TimeUnit.MINUTES).calibration());
        }
    }

    @Test
    void anotherMachineMeasuredFromTheSameHomeBecomesThePreviousOne() throws IOException {
        Path otherRoot = Files.createDirectories(root.resolve("other"));
        Files.createDirectories(otherRoot.resolve("proc"));
        Files.writeString(
                otherRoot.resolve("proc/cpuinfo"),
                "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 23\nmodel\t\t: 1\nmodel name\t: AMD EPYC\n");
        Machine before = new MachineStore(home, new MachineProbe(otherRoot), "boot-1").current();
        var store = new MachineStore(home, new MachineProbe(root), "boot-2");

        Machine now = store.current();

        assertThat(now.sameAs(before)).isFalse();
        assertThat(store.previous())
                .hasValueSatisfying(previous -> assertThat(previous.id()).isEqualTo(before.id()));
        assertThat(store.speedAgainstPrevious(now))
                .hasValueSatisfying(
                        words -> assertThat(words).contains("the last other machine measured here, AMD EPYC"));
    }

    @Test
    void calibrationsOfOtherWorkAreNeverCompared() {
        var here = new Calibration(Calibration.WORK, 50_000, 1, "t", 2);
        var old = new Calibration("stackbench.calibration/0: something else", 20_000, 1, "t", 2);
        var slower = new Calibration(Calibration.WORK, 20_000, 1, "t", 2);

        assertThat(here.speedAgainst(old)).isNaN();
        assertThat(here.speedAgainst(slower)).isEqualTo(2.5);
        assertThat(Calibration.speedWords(slower.speedAgainst(here))).isEqualTo("2.5x slower than");
        assertThat(Calibration.speedWords(1.05)).isEqualTo("as fast as");
    }
}
