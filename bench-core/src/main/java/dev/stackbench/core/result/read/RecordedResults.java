package dev.stackbench.core.result.read;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Results as read from files: every run in the order read, and each label with its runs (repeats), in
 * the order first seen.
 *
 * @param files the files read: result.json files or JMH JSON files
 */
public record RecordedResults(List<Path> files, List<RecordedRun> runs, Map<String, RecordedTarget> targets) {

    public RecordedTarget target(String label) {
        return targets.get(label);
    }

    public boolean hasErrors() {
        return runs().stream().anyMatch(run -> run.errors() > 0);
    }
}
