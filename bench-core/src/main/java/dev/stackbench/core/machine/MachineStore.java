package dev.stackbench.core.machine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;

/**
 * This machine's fingerprint with its calibration, measured once per boot and JDK and kept in
 * {@code $STACKBENCH_HOME} (default {@code ~/.stackbench}) as {@value #THIS_MACHINE}, so that every run and every JVM
 * of a comparison names the same calibration without paying for it; and the last other machine measured from this
 * home ({@value #PREVIOUS_MACHINE}), so that a summary says "2.5x slower than the last other machine you measured on".
 * A lock file makes JVMs that start together calibrate once. A home that cannot be written costs a calibration per
 * process, nothing else. A calibration measured on a busy machine ({@link Calibration#busy}) is measured again before
 * the next runs, up to {@value #BUSY_CALIBRATIONS} times in a row, then before a run at least {@link #BUSY_RECHECK}
 * after the last try, and the faster kept ({@link #beforeARun}): kept as it was, it named the machine several times
 * slower than it is for the whole boot, and made its results another machine's.
 */
public final class MachineStore {

    /** The environment variable that moves the store (tests, CI caches). */
    public static final String HOME_VARIABLE = "STACKBENCH_HOME";

    public static final String THIS_MACHINE = "machine.json";
    public static final String PREVIOUS_MACHINE = "previous-machine.json";
    private static final String LOCK = "machine.lock";

    /** Calibrations a boot measures in a row while each ran busy: each costs 2 s before a run. */
    static final int BUSY_CALIBRATIONS = 3;

    /**
     * Once {@value #BUSY_CALIBRATIONS} ran busy, how long until the next run tries again. A test suite kept this
     * machine's cores busy through all three of a fresh boot's (the fastest 963 units/s at 58% of a core, 2026-11-29);
     * without a later try, the runs after it would have named the machine by that bound until the next boot.
     */
    static final Duration BUSY_RECHECK = Duration.ofMinutes(10);

    /**
     * What is kept: the machine, the boot it was calibrated in, how many calibrations that boot measured (null in files
     * written before they were counted: one), and when the last of them was measured (ISO-8601; null in files written
     * before: the kept calibration's own time).
     */
    public record Kept(String bootId, Machine machine, Integer calibrations, String lastMeasuredAt) {

        int measured() {
            return calibrations == null ? 1 : calibrations;
        }

        /** When this boot last measured a calibration; empty when the file does not say in a form that reads. */
        Optional<Instant> lastMeasured() {
            String when = lastMeasuredAt != null
                    ? lastMeasuredAt
                    : machine.calibration().measuredAt();
            try {
                return when == null ? Optional.empty() : Optional.of(Instant.parse(when));
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }
    }

    /** Held while this JVM's thread calibrates or waits for the file lock. */
    private static final Object IN_THIS_JVM = new Object();

    private final Path directory;
    private final MachineProbe probe;
    private final String bootId;
    private final Supplier<Calibration> calibration;
    private final Clock clock;

    MachineStore(Path directory, MachineProbe probe, String bootId) {
        this(directory, probe, bootId, () -> Calibration.measure(Calibration.LENGTH));
    }

    /** With {@code calibration} to measure the machine (tests give their own). */
    MachineStore(Path directory, MachineProbe probe, String bootId, Supplier<Calibration> calibration) {
        this(directory, probe, bootId, calibration, Clock.systemUTC());
    }

    /** With {@code calibration} and the {@code clock} that times the tries after busy ones (tests give their own). */
    MachineStore(Path directory, MachineProbe probe, String bootId, Supplier<Calibration> calibration, Clock clock) {
        this.directory = directory;
        this.probe = probe;
        this.bootId = bootId;
        this.calibration = calibration;
        this.clock = clock;
    }

    /** The store in {@code $STACKBENCH_HOME}, else {@code ~/.stackbench}, for this machine. */
    public static MachineStore standard() {
        return new MachineStore(home(), new MachineProbe(Path.of("/")), bootId());
    }

    /** Where stackbench keeps what it learned about this machine: {@code $STACKBENCH_HOME}, else {@code ~/.stackbench}. */
    public static Path home() {
        String home = System.getenv(HOME_VARIABLE);
        return home != null && !home.isBlank()
                ? Path.of(home)
                : Path.of(System.getProperty("user.home"), ".stackbench");
    }

    /**
     * This machine, calibrated: from the store when this boot and JDK calibrated it already, busy or not, else measured
     * now. For use inside a run (a variant's JVM assembling a trial's result), where a calibration would load the
     * machine that another JVM measures.
     */
    public Machine current() {
        return calibrated(false, why -> {});
    }

    /**
     * This machine before a run loads it: as {@link #current()}, but a calibration this boot measured busy is measured
     * again while {@link #calibrationDue()} says so, and the faster of the two kept.
     */
    public Machine beforeARun() {
        return beforeARun(line -> {});
    }

    /**
     * {@link #beforeARun()}, telling {@code say} "calibrating this machine (2s, WHY)" before it measures one (2 s that
     * would otherwise pass in silence).
     */
    public Machine beforeARun(Consumer<String> say) {
        return calibrated(
                true,
                why -> say.accept("calibrating this machine (" + Calibration.LENGTH.toSeconds() + "s, " + why + ")"));
    }

    /**
     * Why {@link #beforeARun()} will calibrate, in words: "once per boot and JDK", or "again: this boot's ran busy,
     * median batch 60.1% slower than its best" ({@link Calibration#busyBecause}); empty when it will take the kept
     * calibration.
     */
    public Optional<String> calibrationDue() {
        return due(keptFor(probe.read()), true);
    }

    /** Why a calibration is measured now ({@link #calibrationDue()}); empty when the kept one serves. */
    private Optional<String> due(Optional<Kept> kept, boolean beforeARun) {
        if (kept.isEmpty()) {
            return Optional.of("once per boot and JDK");
        }
        if (!beforeARun) {
            return Optional.empty();
        }
        Kept before = kept.get();
        return before.machine()
                .calibration()
                .busyBecause()
                .flatMap(why -> before.measured() < BUSY_CALIBRATIONS
                        ? Optional.of(why)
                        : sinceTheLastTry(before)
                                .map(wait -> why + "; the last try was " + wait.toMinutes() + " min ago"))
                .map(why -> "again: this boot's ran busy, " + why);
    }

    /** How long ago this boot's last calibration was measured, once that is {@link #BUSY_RECHECK} or more. */
    private Optional<Duration> sinceTheLastTry(Kept kept) {
        return kept.lastMeasured()
                .map(last -> Duration.between(last, clock.instant()))
                .filter(wait -> wait.compareTo(BUSY_RECHECK) >= 0);
    }

    private Machine calibrated(boolean beforeARun, Consumer<String> measuring) {
        Machine here = probe.read();
        Optional<Kept> kept = keptFor(here);
        if (due(kept, beforeARun).isEmpty()) {
            return here.withCalibration(kept.orElseThrow().machine().calibration());
        }
        // A file lock is held by the JVM, not by a thread: two threads of one JVM taking it at once would fail with
        // OverlappingFileLockException, so they take turns here first.
        synchronized (IN_THIS_JVM) {
            return calibrateOnce(here, beforeARun, measuring);
        }
    }

    private Machine calibrateOnce(Machine here, boolean beforeARun, Consumer<String> measuring) {
        try {
            Files.createDirectories(directory);
            try (FileChannel channel = FileChannel.open(
                            directory.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = channel.lock()) {
                // Another JVM, or thread, may have calibrated while this one waited for the lock.
                Optional<Kept> kept = keptFor(here);
                Optional<String> why = due(kept, beforeARun);
                if (why.isEmpty()) {
                    return here.withCalibration(kept.orElseThrow().machine().calibration());
                }
                measuring.accept(why.get());
                Calibration measured = calibration.get();
                Machine calibrated = here.withCalibration(
                        kept.map(before -> Calibration.faster(before.machine().calibration(), measured))
                                .orElse(measured));
                try {
                    keep(calibrated, kept.map(Kept::measured).orElse(0) + 1, measured.measuredAt());
                } catch (UncheckedIOException e) {
                    // Kept nowhere: the next process calibrates again, nothing else.
                }
                return calibrated;
            }
        } catch (IOException e) {
            // No lock to be had (a home that cannot be written): calibrate without keeping it.
            measuring.accept("once per boot and JDK");
            return here.withCalibration(calibration.get());
        }
    }

    /**
     * How fast {@code here} is against the last other machine measured from this store, in words: {@code 2.5x slower
     * than the last other machine measured here, AMD EPYC (...) [m-..., host ...], calibrated 2026-11-20T...}; empty
     * when there was none, or either was not calibrated.
     */
    public Optional<String> speedAgainstPrevious(Machine here) {
        return previous()
                .filter(before -> here.calibration() != null && before.calibration() != null)
                .map(before -> here.calibration().speedWordsAgainst(before.calibration())
                        + " the last other machine measured here, " + before.words() + ", calibrated "
                        + before.calibration().measuredAt());
    }

    /** The last machine measured from this store before this one, if it was another. */
    public Optional<Machine> previous() {
        return read(directory.resolve(PREVIOUS_MACHINE)).map(Kept::machine);
    }

    /** What this boot and JDK kept of this machine: its calibration, and how many it measured. */
    private Optional<Kept> keptFor(Machine here) {
        return read(directory.resolve(THIS_MACHINE))
                .filter(kept -> bootId != null && bootId.equals(kept.bootId()))
                .filter(kept -> kept.machine().calibration() != null
                        && kept.machine().id().equals(here.id())
                        && here.jdk().equals(kept.machine().jdk()));
    }

    private void keep(Machine calibrated, int calibrations, String lastMeasuredAt) {
        Optional<Kept> before = read(directory.resolve(THIS_MACHINE));
        if (before.isPresent() && !before.get().machine().sameAs(calibrated)) {
            MachineFile.writeAtomically(directory.resolve(PREVIOUS_MACHINE), before.get());
        }
        MachineFile.writeAtomically(
                directory.resolve(THIS_MACHINE), new Kept(bootId, calibrated, calibrations, lastMeasuredAt));
    }

    private static Optional<Kept> read(Path file) {
        try {
            return Files.isRegularFile(file)
                    ? Optional.ofNullable(MachineFile.JSON.readValue(file.toFile(), Kept.class))
                    : Optional.empty();
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    /** The kernel's id of this boot; a calibration is kept for one boot, since a reboot may land on another host. */
    private static String bootId() {
        try {
            Path file = Path.of("/proc/sys/kernel/random/boot_id");
            return Files.isRegularFile(file) ? Files.readString(file).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }
}
