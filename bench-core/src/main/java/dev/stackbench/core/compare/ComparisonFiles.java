package dev.stackbench.core.compare;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.read.UnreadableResultException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Finds and reads {@code comparison.json}, for reports and gates alike; anything else is refused naming the file. */
public final class ComparisonFiles {

    private ComparisonFiles() {}

    /** The comparison.json that {@code path} is or holds directly; null when it is neither. */
    public static Path find(Path path) {
        if (Files.isDirectory(path)) {
            Path file = path.resolve(ComparisonRunner.COMPARISON_JSON);
            return Files.isRegularFile(file) ? file : null;
        }
        return path.getFileName() != null
                        && path.getFileName().toString().equals(ComparisonRunner.COMPARISON_JSON)
                        && Files.isRegularFile(path)
                ? path
                : null;
    }

    /** @throws UnreadableResultException naming the file: not JSON, another schema, or not a comparison */
    public static ComparisonResult read(Path file) {
        JsonNode root;
        try {
            root = ResultFiles.json().readTree(file.toFile());
        } catch (JacksonException e) {
            throw new UnreadableResultException(file, "not a comparison: " + e.getOriginalMessage(), e);
        }
        String schema = root.path("schema").asString("");
        if (!schema.equals(ComparisonResult.SCHEMA)) {
            throw new UnreadableResultException(
                    file, "schema '" + schema + "' is not " + ComparisonResult.SCHEMA + ", the one this version reads");
        }
        try {
            return ResultFiles.json().treeToValue(root, ComparisonResult.class);
        } catch (JacksonException e) {
            throw new UnreadableResultException(file, "not a complete comparison: " + e.getOriginalMessage(), e);
        }
    }
}
