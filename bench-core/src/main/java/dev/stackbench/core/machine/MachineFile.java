package dev.stackbench.core.machine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A machine's fingerprint in a file of its own, for results whose format has no place for it: beside a JMH result
 * ({@code jmh.json} gets {@code jmh.machine.json}), and in {@code results/machines/} for the machines our published
 * verdicts came from.
 */
public final class MachineFile {

    /** Lenient in what it reads: fields added since a file was written read as absent. */
    static final JsonMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private MachineFile() {}

    /** {@code DIR/NAME.machine.json} for {@code DIR/NAME.json}. */
    public static Path beside(Path result) {
        String name = result.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return result.resolveSibling(stem + ".machine.json");
    }

    /** Writes it atomically (a temporary file, then a rename). */
    public static void write(Path file, Machine machine) {
        writeAtomically(file, machine);
    }

    /** {@code value} as JSON in {@code file}, atomically: a reader sees the old file or the new one, never half. */
    static void writeAtomically(Path file, Object value) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path temp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
            try {
                Files.write(temp, JSON.writeValueAsBytes(value));
                try {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The machine in {@code file}; empty when there is no such file.
     *
     * @throws IllegalArgumentException naming what is wrong when it is there but not a fingerprint
     */
    public static Optional<Machine> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Machine machine = JSON.readValue(file.toFile(), Machine.class);
            if (machine == null) {
                throw new IllegalArgumentException(file + ": empty, not a machine's fingerprint");
            }
            return Optional.of(machine);
        } catch (JacksonException | NullPointerException e) {
            throw new IllegalArgumentException(
                    file + ": not a machine's fingerprint ("
                            + e.getMessage().lines().findFirst().orElse("") + ")",
                    e);
        }
    }
}
