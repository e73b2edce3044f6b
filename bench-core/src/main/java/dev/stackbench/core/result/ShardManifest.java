package dev.stackbench.core.result;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What one shard of a scenario ran, written as {@code shard.json} beside its runs' directories
 * ({@code DIR/shard.json}, {@code DIR/<label>/result.json}) once every run of the shard is written,
 * so that gate and report can tell a complete set of shards from a partial or overlapping one
 * ({@code result.read.ShardSets}). A shard directory without it is an unfinished shard.
 *
 * <pre>{@code
 * {"schema": "stackbench.shard/1", "scenario": "seed-002", "index": 2, "count": 4,
 *  "labels": ["platform-tomcat"], "scenarioLabels": ["webflux-netty", "platform-tomcat", "loom-tomcat", ...]}
 * }</pre>
 *
 * @param scenario       the scenario's name
 * @param index          this shard, from 1 to {@code count}
 * @param labels         the runs this shard ran (each a directory beside this file); empty when the shard had none
 * @param scenarioLabels every run of the scenario as it was split (after --only and --approach), in its order
 */
public record ShardManifest(
        String schema, String scenario, int index, int count, List<String> labels, List<String> scenarioLabels) {

    public static final String SCHEMA = "stackbench.shard/1";
    public static final String FILE = "shard.json";

    public ShardManifest {
        labels = List.copyOf(Objects.requireNonNullElse(labels, List.of()));
        scenarioLabels = List.copyOf(Objects.requireNonNullElse(scenarioLabels, List.of()));
    }

    public ShardManifest(String scenario, int index, int count, List<String> labels, List<String> scenarioLabels) {
        this(SCHEMA, scenario, index, count, labels, scenarioLabels);
    }

    /** "shard 2/4 of seed-002", as messages name it. */
    public String describe() {
        return "shard " + index + "/" + count + " of " + scenario;
    }

    /** Atomically, as every result file. */
    public void writeInto(Path directory) {
        ResultFiles.writeAtomically(directory.resolve(FILE), ResultFiles.json().writeValueAsBytes(this));
    }
}
