package dev.stackbench.core.result.read;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one reader of result files, for gates and reports alike: it finds them, refuses one given twice, reads each in
 * its format and groups the runs into targets by label. Each path is a file or a directory searched for
 * {@code result.json} files; a file is
 * <ul>
 *   <li>a load result, {@code "schema": "stackbench.load/1"} (the only version so far; {@link #SCHEMAS});
 *       read by {@link LoadResultFormat}, with the {@code latency.hlog} beside it;</li>
 *   <li>a JMH result ({@code -rf json}) of stackbench's ServerLoadBenchmark with the LatencyProfiler's
 *       secondaries, read by {@link JmhResultFormat}.</li>
 * </ul>
 * Runs that share a label are repeats and must share their {@link Setup}, except across the shards of a
 * scenario ({@code shard.json} beside their runs), which must be one whole split, each run in one shard
 * ({@link ShardSets}). Anything else is an
 * {@link UnreadableResultException} naming the file and the problem, before anything is used.
 *
 * <pre>{@code
 * RecordedResults results = ResultReader.read(List.of(Path.of("results/seed-002")));
 * results.targets().forEach((label, target) -> System.out.println(label + ": " + target.repeats() + " runs"));
 * }</pre>
 */
public final class ResultReader {

    /** Every result.json schema this reader knows; older versions stay here when new ones are added. */
    public static final List<String> SCHEMAS = List.of(RunResult.SCHEMA);

    /** Every file is read as a tree first, to tell the formats apart. */
    private static final JsonMapper JSON = ResultFiles.json();

    private ResultReader() {}

    /** @throws UnreadableResultException naming the file and the problem */
    public static RecordedResults read(List<Path> paths) {
        List<Path> files = new ArrayList<>();
        var manifests = new ArrayList<Path>();
        for (Path path : paths) {
            List<Path> shards = ShardSets.manifestsIn(path);
            manifests.addAll(shards);
            // A shard that had no runs to run is a directory with its shard.json alone: nothing to read, but it is
            // there.
            files.addAll(find(path, !shards.isEmpty()));
        }
        files = new ArrayList<>(ShardSets.merged(manifests, files));
        refuseGivenTwice(files);
        var runs = new ArrayList<RecordedRun>();
        for (Path file : files) {
            runs.addAll(readFile(file));
        }
        var byLabel = new LinkedHashMap<String, List<RecordedRun>>();
        for (RecordedRun run : runs) {
            List<RecordedRun> repeats = byLabel.computeIfAbsent(run.label(), label -> new ArrayList<>());
            if (!repeats.isEmpty()) {
                RecordedRun first = repeats.getFirst();
                var differences = run.setup().differencesFrom(first.setup());
                if (!differences.isEmpty()) {
                    throw new UnreadableResultException(
                            run.source() + " and " + first.source() + " both measure '" + run.label()
                                    + "' but differently (" + String.join(", ", differences)
                                    + "); repeats must be the same measurement:"
                                    + " give them different labels (load --label)");
                }
            }
            repeats.add(run);
        }
        var targets = new LinkedHashMap<String, RecordedTarget>();
        byLabel.forEach((label, repeats) ->
                targets.put(label, new RecordedTarget(label, repeats.getFirst().setup(), repeats)));
        return new RecordedResults(List.copyOf(files), List.copyOf(runs), Collections.unmodifiableMap(targets));
    }

    /**
     * A file read twice (named twice, or a copy of it) would count as two repeats of one measurement and narrow
     * the gate's intervals; JMH's files carry nothing that tells shards apart, so their contents decide.
     */
    private static void refuseGivenTwice(List<Path> files) {
        var seen = new HashMap<String, Path>();
        for (Path file : files) {
            String digest;
            try {
                digest = HexFormat.of()
                        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
            } catch (IOException e) {
                throw new UnreadableResultException(file, "cannot be read: " + e.getMessage(), e);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            Path first = seen.putIfAbsent(digest, file);
            if (first != null) {
                throw new UnreadableResultException(
                        file,
                        first.equals(file)
                                ? "given twice"
                                : "the same contents as " + first
                                        + ": one measurement given twice would count as two repeats");
            }
        }
    }

    /** The result files a path stands for: itself, or the result.json files in and below a directory. */
    public static List<Path> find(Path path) {
        return find(path, false);
    }

    private static List<Path> find(Path path, boolean noneIsFine) {
        if (!Files.exists(path)) {
            throw new UnreadableResultException(path, "no such file or directory");
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            List<Path> found = walk.filter(p -> p.getFileName().toString().equals(ResultFiles.RESULT_JSON))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
            if (found.isEmpty() && !noneIsFine) {
                throw new UnreadableResultException(
                        path, "no " + ResultFiles.RESULT_JSON + " in this directory or below it");
            }
            return found;
        } catch (IOException | UncheckedIOException e) {
            throw new UnreadableResultException(path, "cannot be read: " + e.getMessage(), e);
        }
    }

    /** The runs of one file: one for a result.json, one per fork of each benchmark for JMH JSON. */
    public static List<RecordedRun> readFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new UnreadableResultException(file, Files.exists(file) ? "not a file" : "no such file or directory");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JacksonException e) {
            throw new UnreadableResultException(file, "not JSON (" + e.getOriginalMessage() + ")", e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new UnreadableResultException(file, "empty file");
        }
        if (root.isArray()) {
            return JmhResultFormat.read(file, root);
        }
        if (root.isObject() && root.has("schema")) {
            String schema = root.get("schema").asString();
            if (RunResult.SCHEMA.equals(schema)) {
                return List.of(LoadResultFormat.read(file, root));
            }
            throw new UnreadableResultException(
                    file,
                    "schema '" + schema + "' is not one stackbench reads (" + String.join(", ", SCHEMAS)
                            + ", or JMH's -rf json)");
        }
        throw new UnreadableResultException(
                file, "neither a stackbench result (no \"schema\") nor JMH JSON (not an array)");
    }
}
