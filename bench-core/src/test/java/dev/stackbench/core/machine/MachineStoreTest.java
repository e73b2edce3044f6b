package dev.stackbench.core.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
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
        // Quiet calibrations (a real one, beside the other test classes, may run busy and be measured again).
        var measured = new ArrayDeque<>(List.of(calibration(3_000, 5), calibration(3_100, 6)));
        var store = new MachineStore(home, probe, "boot-1", measured::removeFirst);

        assertThat(store.calibrationDue()).hasValue("once per boot and JDK");
        Machine first = store.current();
        boolean calibratedAfterwards = store.calibrationDue().isEmpty();
        Machine second = store.beforeARun();
        Machine afterReboot = new MachineStore(home, probe, "boot-2", measured::removeFirst).current();

        assertThat(first.calibration().unitsPerSecond()).isPositive();
        assertThat(calibratedAfterwards).isTrue();
        assertThat(second.calibration()).as("kept, not measured again").isEqualTo(first.calibration());
        assertThat(afterReboot.calibration().unitsPerSecond()).isEqualTo(3_100);
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
        Path otherRoot = otherMachineRoot();
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

    /**
     * A calibration measured while the machine was busy is a lower bound: inside a run it is kept as it is (a
     * calibration there would load the machine another JVM measures); before the next run it is measured again, the
     * faster kept, at most {@value MachineStore#BUSY_CALIBRATIONS} times a boot.
     */
    @Test
    void aBusyCalibrationIsMeasuredAgainBeforeTheNextRunsAndTheFasterKept() {
        var measured = new ArrayDeque<>(
                List.of(calibration(546, 60.1), calibration(1_800, 70), calibration(1_200, 40), calibration(3_000, 5)));
        var store = new MachineStore(home, new MachineProbe(root), "boot-1", measured::removeFirst);

        Machine busy = store.beforeARun();
        assertThat(busy.calibration().busy()).isTrue();
        assertThat(busy.calibration().words()).endsWith("(busy: at least this fast)");
        assertThat(store.current().calibration())
                .as("inside a run: kept as it is")
                .isEqualTo(busy.calibration());
        assertThat(store.calibrationDue())
                .hasValue("again: this boot's ran busy, median batch 60.1% slower than its best");

        assertThat(store.beforeARun().calibration().unitsPerSecond()).isEqualTo(1_800);
        assertThat(store.beforeARun().calibration().unitsPerSecond())
                .as("a slower one measured again keeps the faster")
                .isEqualTo(1_800);
        assertThat(store.calibrationDue())
                .as("three calibrations a boot at most")
                .isEmpty();
        assertThat(store.beforeARun().calibration().unitsPerSecond()).isEqualTo(1_800);
        assertThat(measured).as("the fourth never measured").hasSize(1);
        assertThat(store.previous())
                .as("a busy calibration of this machine makes no other machine")
                .isEmpty();

        var quietFirst = new MachineStore(home, new MachineProbe(root), "boot-2", measured::removeFirst);
        assertThat(quietFirst.beforeARun().calibration().unitsPerSecond()).isEqualTo(3_000);
        assertThat(quietFirst.calibrationDue())
                .as("a quiet calibration is kept for the boot")
                .isEmpty();
    }

    /**
     * A calibration whose batches all slowed alike (every core had other work: a spread of 24.7%, as one kept for a whole
     * boot here read 998 units/s where quiet ones read 2,061-3,233) is busy by the share of a core its thread had, and
     * measured again before the next run.
     */
    @Test
    void aCalibrationThatHadTooLittleOfACoreIsBusyAndMeasuredAgain() {
        var measured = new ArrayDeque<>(List.of(
                new Calibration(Calibration.WORK, 998, 24.7, "t", 2, 52.0),
                new Calibration(Calibration.WORK, 2_400, 12, "t", 2, 99.0)));
        var store = new MachineStore(home, new MachineProbe(root), "boot-1", measured::removeFirst);

        Machine first = store.beforeARun();
        assertThat(first.calibration().busy()).isTrue();
        assertThat(first.calibration().words())
                .isEqualTo("998 units/s, median batch 24.7% slower, 52.0% of a core (busy: at least this fast)");
        assertThat(store.calibrationDue()).hasValue("again: this boot's ran busy, its thread had 52.0% of a core");

        Machine again = store.beforeARun();
        assertThat(again.calibration().unitsPerSecond()).isEqualTo(2_400);
        assertThat(again.calibration().busy()).isFalse();
        assertThat(store.calibrationDue())
                .as("a quiet one is kept for the boot")
                .isEmpty();
        assertThat(measured).isEmpty();
    }

    /**
     * Three busy calibrations in a row (a test suite kept the cores busy through all three of a fresh boot's), then
     * none until {@link MachineStore#BUSY_RECHECK} after the last try; the next run then measures again, and a quiet
     * calibration ends the tries for the boot.
     */
    @Test
    void afterThreeBusyCalibrationsTheNextTryWaitsForTheRecheck() {
        var measured = new ArrayDeque<>(List.of(
                new Calibration(Calibration.WORK, 900, 51, "t", 2, 58.0),
                new Calibration(Calibration.WORK, 963, 51, "t", 2, 58.0),
                new Calibration(Calibration.WORK, 700, 51, "t", 2, 58.0),
                new Calibration(Calibration.WORK, 2_400, 12, "t", 2, 96.0)));
        for (String at : List.of("10:00:00", "10:01:00", "10:02:00")) {
            storeAt(at, measured).beforeARun();
        }
        assertThat(storeAt("10:03:00", measured).current().calibration().unitsPerSecond())
                .isEqualTo(963);

        assertThat(storeAt("10:11:59", measured).calibrationDue())
                .as("9 min 59 s after the last try")
                .isEmpty();

        assertThat(storeAt("10:12:00", measured).calibrationDue())
                .hasValue(
                        "again: this boot's ran busy, median batch 51.0% slower than its best; the last try was 10 min"
                                + " ago");
        assertThat(storeAt("10:12:00", measured).beforeARun().calibration().unitsPerSecond())
                .isEqualTo(2_400);

        assertThat(storeAt("11:12:00", measured).calibrationDue())
                .as("a quiet one ends the tries")
                .isEmpty();
        assertThat(measured).isEmpty();
    }

    /**
     * This machine's store in boot-1 at {@code time} on 2026-11-29 (UTC), measuring the next of {@code measured} as
     * taken then.
     */
    private MachineStore storeAt(String time, Deque<Calibration> measured) {
        Instant at = Instant.parse("2026-11-29T" + time + "Z");
        return new MachineStore(
                home,
                new MachineProbe(root),
                "boot-1",
                () -> {
                    var next = measured.removeFirst();
                    return new Calibration(
                            next.work(),
                            next.unitsPerSecond(),
                            next.spreadPercent(),
                            at.toString(),
                            next.seconds(),
                            next.corePercent());
                },
                Clock.fixed(at, ZoneOffset.UTC));
    }

    /** Slower than the last other machine by a busy calibration: said as a bound. */
    @Test
    void aBusyCalibrationIsAtMostThatMuchSlowerThanTheLastOtherMachine() throws IOException {
        Path otherRoot = otherMachineRoot();
        new MachineStore(home, new MachineProbe(otherRoot), "boot-1", () -> calibration(3_000, 5)).current();
        var store = new MachineStore(home, new MachineProbe(root), "boot-2", () -> calibration(600, 60));

        assertThat(store.speedAgainstPrevious(store.current()))
                .hasValueSatisfying(words -> assertThat(words)
                        .startsWith("at most 5.0x slower than the last other machine measured here, AMD EPYC"));
    }

    /** A root whose /proc says another machine: a Zen 1 "AMD EPYC". */
    private Path otherMachineRoot() throws IOException {
        Path otherRoot = Files.createDirectories(root.resolve("other"));
        Files.createDirectories(otherRoot.resolve("proc"));
        Files.writeString(
                otherRoot.resolve("proc/cpuinfo"),
                "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 23\nmodel\t\t: 1\nmodel name\t: AMD EPYC\n");
        return otherRoot;
    }

    private static Calibration calibration(double unitsPerSecond, double spreadPercent) {
        return new Calibration(Calibration.WORK, unitsPerSecond, spreadPercent, "t", 2, null);
    }

    @Test
    void calibrationsOfOtherWorkAreNeverCompared() {
        var here = new Calibration(Calibration.WORK, 50_000, 1, "t", 2, null);
        var old = new Calibration("stackbench.calibration/0: something else", 20_000, 1, "t", 2, null);
        var slower = new Calibration(Calibration.WORK, 20_000, 1, "t", 2, null);

        assertThat(here.speedAgainst(old)).isNaN();
        assertThat(here.speedAgainst(slower)).isEqualTo(2.5);
        assertThat(Calibration.speedWords(slower.speedAgainst(here))).isEqualTo("2.5x slower than");
        assertThat(Calibration.speedWords(1.05)).isEqualTo("as fast as");
    }
}
