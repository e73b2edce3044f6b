package dev.stackbench.core.result.read;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * How a run was measured, as far as it decides whether two runs can be compared: the load profile
 * (model, users or rate, stages, think time, connections, window length, request limit, keep-alive,
 * HTTP/2, the request mix), the workload and its parameters; for JMH the benchmark, its mode,
 * parameters and iteration time. Not the warm-up (it may be judged per run), the server's settings
 * (those are what a gate is for), the machine or the JDK.
 *
 * @param facts name to value, sorted by name
 */
public record Setup(Map<String, String> facts) {

    public Setup {
        facts = Collections.unmodifiableMap(new TreeMap<>(facts));
    }

    /** The facts that differ, in words: {@code concurrency 8 vs 4}, {@code http2 (none) vs true}. */
    public List<String> differencesFrom(Setup other) {
        var names = new TreeSet<>(facts.keySet());
        names.addAll(other.facts.keySet());
        var differences = new ArrayList<String>();
        for (String name : names) {
            String mine = facts.get(name);
            String theirs = other.facts.get(name);
            if (!Objects.equals(mine, theirs)) {
                differences.add(
                        name + " " + (mine == null ? "(none)" : mine) + " vs " + (theirs == null ? "(none)" : theirs));
            }
        }
        return differences;
    }

    @Override
    public String toString() {
        return facts.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }
}
