package dev.stackbench.core.result.read;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

    /**
     * These results restricted to the requests of one name ({@link RecordedRun#forRequest}): each target keeps the runs
     * that have such requests, and a target with none is left out (so a gate sees it missing).
     */
    public RecordedResults forRequest(String name) {
        var kept = new ArrayList<RecordedRun>();
        var byLabel = new LinkedHashMap<String, RecordedTarget>();
        for (RecordedTarget target : targets.values()) {
            var runs = target.runs().stream()
                    .flatMap(run -> run.forRequest(name).stream())
                    .toList();
            if (!runs.isEmpty()) {
                kept.addAll(runs);
                byLabel.put(target.label(), new RecordedTarget(target.label(), target.setup(), runs));
            }
        }
        return new RecordedResults(files, kept, byLabel);
    }

    public boolean hasErrors() {
        return runs().stream().anyMatch(run -> run.errors() > 0);
    }
}
