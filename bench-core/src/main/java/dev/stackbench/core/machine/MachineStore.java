package dev.stackbench.core.machine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import tools.jackson.core.JacksonException;

/**
 * This machine's fingerprint with its calibration, measured once per boot and JDK and kept in
 * {@code $STACKBENCH_HOME} (default {@code ~/.stackbench}) as {@value #THIS_MACHINE}, so that every run and every JVM
 * of a comparison names the same calibration without paying for it; and the last other machine measured from this
 * home ({@value #PREVIOUS_MACHINE}), so that a summary says "2.5x slower than the last other machine you measured on".
 * A lock file makes JVMs that start together calibrate once. A home that cannot be written costs a calibration per
 * process, nothing else.
 */
public final class MachineStore {

    /** The environment variable that moves the store (tests, CI caches). */
    public static final String HOME_VARIABLE = "STACKBENCH_HOME";

    public static final String THIS_MACHINE = "machine.json";
    public static final String PREVIOUS_MACHINE = "previous-machine.json";
    private static final String LOCK = "machine.lock";

    /** What is kept: the machine, and the boot it was calibrated in. */
    public record Kept(String bootId, Machine machine) {}

    /** Held while this JVM's thread calibrates or waits for the file lock. */
    private static final Object IN_THIS_JVM = new Object();

    private final Path directory;
    private final MachineProbe probe;
    private final String bootId;

    MachineStore(Path directory, MachineProbe probe, String bootId) {
        this.directory = directory;
        this.probe = probe;
        this.bootId = bootId;
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

    /** This machine, calibrated: from the store when this boot and JDK calibrated it already, else measured now. */
    public Machine current() {
        Machine here = probe.read();
        Optional<Machine> kept = keptFor(here);
        if (kept.isPresent()) {
            return kept.get();
        }
        // A file lock is held by the JVM, not by a thread: two threads of one JVM taking it at once would fail with
        // OverlappingFileLockException, so they take turns here first.
        synchronized (IN_THIS_JVM) {
            return calibrateOnce(here);
        }
    }

    private Machine calibrateOnce(Machine here) {
        try {
            Files.createDirectories(directory);
            try (FileChannel channel = FileChannel.open(
                            directory.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = channel.lock()) {
                // Another JVM, or thread, may have calibrated while this one waited for the lock.
                Optional<Machine> kept = keptFor(here);
                if (kept.isPresent()) {
                    return kept.get();
                }
                Machine calibrated = here.withCalibration(Calibration.measure(Calibration.LENGTH));
                try {
                    keep(calibrated);
                } catch (UncheckedIOException e) {
                    // Kept nowhere: the next process calibrates again, nothing else.
                }
                return calibrated;
            }
        } catch (IOException e) {
            // No lock to be had (a home that cannot be written): calibrate without keeping it.
            return here.withCalibration(Calibration.measure(Calibration.LENGTH));
        }
    }

    /** Whether this boot and JDK calibrated this machine already: {@link #current()} then costs milliseconds. */
    public boolean calibrated() {
        return keptFor(probe.read()).isPresent();
    }

    /**
     * How fast {@code here} is against the last other machine measured from this store, in words: {@code 2.5x slower
     * than the last other machine measured here, AMD EPYC (...) [m-..., host ...], calibrated 2026-11-20T...}; empty
     * when there was none, or either was not calibrated.
     */
    public Optional<String> speedAgainstPrevious(Machine here) {
        return previous()
                .filter(before -> here.calibration() != null && before.calibration() != null)
                .map(before -> Calibration.speedWords(here.calibration().speedAgainst(before.calibration()))
                        + " the last other machine measured here, " + before.words() + ", calibrated "
                        + before.calibration().measuredAt());
    }

    /** The last machine measured from this store before this one, if it was another. */
    public Optional<Machine> previous() {
        return read(directory.resolve(PREVIOUS_MACHINE)).map(Kept::machine);
    }

    private Optional<Machine> keptFor(Machine here) {
        return read(directory.resolve(THIS_MACHINE))
                .filter(kept -> bootId != null && bootId.equals(kept.bootId()))
                .map(Kept::machine)
                .filter(machine -> machine.calibration() != null
                        && machine.id().equals(here.id())
                        && here.jdk().equals(machine.jdk()))
                .map(machine -> here.withCalibration(machine.calibration()));
    }

    private void keep(Machine calibrated) {
        Optional<Kept> before = read(directory.resolve(THIS_MACHINE));
        if (before.isPresent() && !before.get().machine().sameAs(calibrated)) {
            MachineFile.writeAtomically(directory.resolve(PREVIOUS_MACHINE), before.get());
        }
        MachineFile.writeAtomically(directory.resolve(THIS_MACHINE), new Kept(bootId, calibrated));
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
