package dev.stackbench.core.result.read;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.ShardManifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;

/**
 * The check that the shards of a scenario given together ({@code report a b c d}, {@code gate --current a
 * --current b ...}) are one whole, before their runs are merged: results read as the unsharded run's, or
 * refused. A scenario's shards must all be there, each once, made by one split (the same count and the
 * same runs), every run in exactly one shard, and each shard directory must hold its runs and nothing
 * else. Refused rather than merged as repeats: a label in two shards, or a missing shard, means the
 * shards were made by different command lines or one failed, and a report of them would silently differ
 * from the scenario's. Results outside shard directories are not concerned (their repeats stay repeats).
 */
final class ShardSets {

    private ShardSets() {}

    /** The {@code shard.json} files in and below a directory; none for a file. */
    static List<Path> manifestsIn(Path path) {
        if (!Files.isDirectory(path)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(path)) {
            return walk.filter(p -> p.getFileName().toString().equals(ShardManifest.FILE))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new UnreadableResultException(path, "cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Checks the shards among the inputs and orders their runs as the unsharded scenario's directory would be read
     * ({@code DIR/<label>/result.json}, sorted), so that a merged report lists them as the unsharded one does.
     *
     * @param manifests   every shard.json found among the inputs
     * @param resultFiles every result file found among the inputs, in the order found
     * @return the result files, those of each scenario's shards together, by label, where its first shard's first was
     * @throws UnreadableResultException naming the shards and what is wrong with them
     */
    static List<Path> merged(List<Path> manifests, List<Path> resultFiles) {
        if (manifests.isEmpty()) {
            return resultFiles;
        }
        var byScenario = new LinkedHashMap<String, Map<Path, ShardManifest>>();
        for (Path file : manifests) {
            ShardManifest manifest = read(file);
            byScenario
                    .computeIfAbsent(manifest.scenario(), name -> new LinkedHashMap<>())
                    .put(file, manifest);
        }
        Set<Path> results = new HashSet<>();
        resultFiles.forEach(file -> results.add(file.toAbsolutePath().normalize()));
        var ordered = new ArrayList<>(resultFiles);
        for (Map<Path, ShardManifest> shards : byScenario.values()) {
            checkOneSplit(shards);
            shards.forEach((file, manifest) -> checkDirectory(file, manifest, results));
            ordered = byLabel(ordered, shards);
        }
        return List.copyOf(ordered);
    }

    /** The runs of one scenario's shards, moved together where the first of them was, sorted by label. */
    private static ArrayList<Path> byLabel(List<Path> files, Map<Path, ShardManifest> shards) {
        var shardDirectories = shards.keySet().stream()
                .map(file -> file.toAbsolutePath().normalize().getParent())
                .toList();
        var ofShards = new ArrayList<Path>();
        var ordered = new ArrayList<Path>();
        int firstAt = -1;
        for (Path file : files) {
            Path absolute = file.toAbsolutePath().normalize();
            if (shardDirectories.stream().anyMatch(absolute::startsWith)) {
                firstAt = firstAt < 0 ? ordered.size() : firstAt;
                ofShards.add(file);
            } else {
                ordered.add(file);
            }
        }
        // DIR/<label>/result.json, ordered as the unsharded directory's walk orders them: by the path
        // <label>/result.json, not by
        // the label's text ('-' sorts before '/', so 01-async-tomcat-open-600rps/ comes before 01-async-tomcat/ there).
        ofShards.sort(Comparator.comparing((Path file) -> {
            Path absolute = file.toAbsolutePath().normalize();
            return absolute.getParent().getFileName().resolve(absolute.getFileName());
        }));
        ordered.addAll(Math.max(firstAt, 0), ofShards);
        return ordered;
    }

    private static ShardManifest read(Path file) {
        ShardManifest manifest;
        try {
            manifest = ResultFiles.json().readValue(file.toFile(), ShardManifest.class);
        } catch (JacksonException e) {
            throw new UnreadableResultException(file, "not a shard manifest (" + e.getOriginalMessage() + ")", e);
        }
        if (!ShardManifest.SCHEMA.equals(manifest.schema())) {
            throw new UnreadableResultException(
                    file, "schema '" + manifest.schema() + "' is not " + ShardManifest.SCHEMA);
        }
        if (manifest.scenario() == null
                || manifest.count() < 1
                || manifest.index() < 1
                || manifest.index() > manifest.count()) {
            throw new UnreadableResultException(
                    file,
                    "not a valid shard manifest (scenario " + manifest.scenario() + ", shard " + manifest.index() + "/"
                            + manifest.count() + ")");
        }
        return manifest;
    }

    /** The same count and runs in every shard of a scenario, every index once, every run in one shard. */
    private static void checkOneSplit(Map<Path, ShardManifest> shards) {
        var entries = new ArrayList<>(shards.entrySet());
        var first = entries.getFirst();
        var byIndex = new LinkedHashMap<Integer, Path>();
        var shardOfLabel = new LinkedHashMap<String, Path>();
        for (var entry : entries) {
            Path file = entry.getKey();
            ShardManifest shard = entry.getValue();
            ShardManifest one = first.getValue();
            if (shard.count() != one.count() || !shard.scenarioLabels().equals(one.scenarioLabels())) {
                throw new UnreadableResultException(
                        file.getParent() + " (" + shard.describe() + ", of "
                                + shard.scenarioLabels().size()
                                + " runs) and " + first.getKey().getParent() + " (" + one.describe() + ", of "
                                + one.scenarioLabels().size()
                                + " runs) split the scenario differently; merge the shards of one split (the same --shard count and options)");
            }
            Path twice = byIndex.putIfAbsent(shard.index(), file);
            if (twice != null) {
                throw new UnreadableResultException(
                        shard.describe() + " is given twice: " + twice.getParent() + " and " + file.getParent());
            }
            for (String label : shard.labels()) {
                Path other = shardOfLabel.putIfAbsent(label, file);
                if (other != null) {
                    throw new UnreadableResultException(
                            "run '" + label + "' of " + shard.scenario() + " is in "
                                    + shards.get(other).describe()
                                    + " (" + other.getParent() + ") and in " + shard.describe() + " ("
                                    + file.getParent()
                                    + "): the shards were split by different command lines; run every shard with the same options");
                }
            }
        }
        ShardManifest one = first.getValue();
        var missing = new TreeSet<Integer>();
        for (int index = 1; index <= one.count(); index++) {
            if (!byIndex.containsKey(index)) {
                missing.add(index);
            }
        }
        if (!missing.isEmpty()) {
            throw new UnreadableResultException("shard "
                    + String.join(
                            ", ",
                            missing.stream().map(i -> i + "/" + one.count()).toList())
                    + " of " + one.scenario() + " missing (given: "
                    + String.join(
                            ", ",
                            byIndex.values().stream()
                                    .map(f -> f.getParent().toString())
                                    .toList())
                    + "); a merged result needs every shard's directory");
        }
        for (String label : one.scenarioLabels()) {
            if (!shardOfLabel.containsKey(label)) {
                throw new UnreadableResultException("run '" + label + "' of " + one.scenario() + " is in no shard"
                        + ": the shards were split by different command lines; run every shard with the same options");
            }
        }
    }

    /** A shard directory holds a result for each of its runs, under its label, and no other result. */
    private static void checkDirectory(Path manifestFile, ShardManifest shard, Set<Path> results) {
        Path directory = manifestFile.toAbsolutePath().normalize().getParent();
        for (String label : shard.labels()) {
            Path expected = directory.resolve(label).resolve(ResultFiles.RESULT_JSON);
            if (!results.contains(expected)) {
                throw new UnreadableResultException(
                        expected, "missing, though " + shard.describe() + " ran '" + label + "'");
            }
        }
        var own = new HashSet<Path>();
        shard.labels().forEach(label -> own.add(directory.resolve(label).resolve(ResultFiles.RESULT_JSON)));
        for (Path result : results) {
            if (result.startsWith(directory) && !own.contains(result)) {
                throw new UnreadableResultException(
                        result,
                        "not one of " + shard.describe() + "'s runs (" + String.join(", ", shard.labels())
                                + "), but in its directory; a shard's directory holds its runs only");
            }
        }
    }
}
