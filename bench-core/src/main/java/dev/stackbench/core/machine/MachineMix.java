package dev.stackbench.core.machine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The machines that a gate's, a report's or a matrix's inputs were measured on: one, several, or unknown for results
 * written before fingerprints. Results of several machines are never held against each other silently: the gate and
 * the report refuse them unless told, and then say so ({@link #words()}).
 *
 * <pre>{@code
 * MachineMix mix = MachineMix.of(Map.of("baseline", baselineMachine, "current", currentMachine));
 * if (mix.several()) throw new IllegalArgumentException(mix.words());
 * }</pre>
 *
 * @param machines the distinct machines, in the order first seen, each with the sources measured on it
 * @param unknown  the sources without a fingerprint
 */
public record MachineMix(Map<Machine, List<String>> machines, List<String> unknown) {

    /** @param bySource each input (a name for messages) and its machine, null when unknown */
    public static MachineMix of(Map<String, Machine> bySource) {
        var machines = new LinkedHashMap<Machine, List<String>>();
        var unknown = new ArrayList<String>();
        bySource.forEach((source, machine) -> {
            if (machine == null) {
                unknown.add(source);
                return;
            }
            Machine same = machines.keySet().stream()
                    .filter(seen -> seen.sameAs(machine))
                    .findFirst()
                    .orElse(machine);
            machines.computeIfAbsent(same, ignored -> new ArrayList<>()).add(source);
        });
        return new MachineMix(machines, List.copyOf(unknown));
    }

    /** More than one machine among the inputs that say. */
    public boolean several() {
        return machines.size() > 1;
    }

    /** The one machine of the inputs that say, or null when several or none. */
    public Machine single() {
        return machines.size() == 1 ? machines.keySet().iterator().next() : null;
    }

    /**
     * In words: {@code one machine: ...}, or for several each machine with its sources and what sets it apart from the
     * first ({@code processor: ... vs ...; speed: 2.5x slower than the other}); and the sources of unknown machines.
     */
    public String words() {
        var text = new StringBuilder();
        if (machines.isEmpty()) {
            text.append("machine unknown for every input (no fingerprints: written before stackbench recorded them)");
        } else if (!several()) {
            text.append("one machine: ").append(single().words());
        } else {
            text.append(machines.size()).append(" machines: ");
            Machine first = machines.keySet().iterator().next();
            var parts = new ArrayList<String>();
            machines.forEach((machine, sources) -> {
                String apart = machine == first
                        ? ""
                        : " (against the first: " + String.join("; ", machine.differencesFrom(first)) + ")";
                parts.add(sources(sources) + " on " + machine.words() + apart);
            });
            text.append(String.join("; ", parts));
        }
        if (!machines.isEmpty() && !unknown.isEmpty()) {
            text.append("; machine unknown for ")
                    .append(sources(unknown))
                    .append(" (written before fingerprints: not known to be the same machine)");
        }
        return text.toString();
    }

    private static String sources(List<String> sources) {
        return sources.size() <= 3
                ? String.join(", ", sources)
                : sources.stream().limit(3).collect(Collectors.joining(", ")) + " and " + (sources.size() - 3)
                        + " more";
    }
}
