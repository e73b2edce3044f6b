package dev.stackbench.core.profile;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.ServerProfile;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A profile's files beside a run's results: its collapsed stacks always (small), its recordings only when the settings
 * keep them (large: a 30 s window records tens of megabytes). Each written atomically, as the results are.
 */
public final class ProfileFiles {

    /** JFR's recording of the run, kept as {@code profile.jfr}. */
    public static final String JFR_RECORDING = "profile.jfr";
    /** async-profiler's CPU or wall-clock samples, kept as {@code profile-async.jfr}. */
    public static final String ASYNC_RECORDING = "profile-async.jfr";

    private ProfileFiles() {}

    /**
     * Writes the collapsed stacks of every kind into {@code directory}, and the recordings when the profile's settings keep
     * them; returns their names for result.json.
     *
     * @throws UncheckedIOException naming the directory and the problem
     */
    public static ServerProfile.Files write(Path directory, Profile profile) {
        for (ProfileKind kind : ProfileKind.values()) {
            ResultFiles.writeAtomically(
                    directory.resolve(kind.fileName()),
                    profile.stacks(kind).collapsed().getBytes(StandardCharsets.UTF_8));
        }
        var kept = new ArrayList<String>();
        if (profile.settings().keepRecordings()) {
            for (Path recording : profile.recordings()) {
                copyAtomically(
                        recording, directory.resolve(recording.getFileName().toString()));
                kept.add(recording.getFileName().toString());
            }
        }
        return new ServerProfile.Files(
                ProfileKind.CPU.fileName(),
                ProfileKind.ALLOCATION.fileName(),
                ProfileKind.LOCKS.fileName(),
                ProfileKind.PINNING.fileName(),
                List.copyOf(kept));
    }

    /**
     * The collapsed stacks of {@code kind} beside a result; empty when the run was not profiled or the file is missing.
     *
     * @throws IllegalArgumentException naming the file and its bad line
     */
    public static Optional<StackCounts> read(Path resultDirectory, ProfileKind kind) {
        Path file = resultDirectory.resolve(kind.fileName());
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(StackCounts.parse(new StringReader(Files.readString(file, StandardCharsets.UTF_8))));
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + ResultFiles.reason(e), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static void copyAtomically(Path from, Path to) {
        Path temp = to.resolveSibling("." + to.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.createDirectories(to.toAbsolutePath().getParent());
            Files.copy(from, temp);
            Files.move(temp, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the recording " + to + ": " + ResultFiles.reason(e), e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                // a leftover temporary copy is harmless
            }
        }
    }
}
