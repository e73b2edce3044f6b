package dev.stackbench.core.gate;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One side of a gate (the baseline or the current results), read from files: each target with
 * its runs; several files of the same target are repeats.
 *
 * @param files the files read: result.json files or JMH JSON files
 */
public record Results(List<Path> files, Map<String, TargetRuns> targets) {

    public TargetRuns target(String label) {
        return targets.get(label);
    }

    public boolean hasErrors() {
        return targets.values().stream().flatMap(t -> t.runs().stream()).anyMatch(run -> run.errors() > 0);
    }
}
