package dev.stackbench.core.compare;

import dev.stackbench.core.compare.jvm.LoadSetup;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.scenario.ScenarioRun;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario's runs as comparisons: the runs under the same load (workload, its parameters, request mix and load
 * options) form a group, and each group of two or more runs is compared interleaved, a run becoming a variant (its
 * approach and server properties, under its label). A run alone under its load has nothing to be compared with.
 *
 * <pre>{@code
 * for (ScenarioComparisons.Group group : ScenarioComparisons.groups(Scenarios.find("seed-002"))) {
 *     Comparison comparison = group.comparison(design, List.of(), null);
 * }
 * }</pre>
 */
public final class ScenarioComparisons {

    /**
     * Runs under one load.
     *
     * @param name the group's directory under the comparison's {@code --out}: {@code group-1}, ...
     */
    public record Group(String name, String load, List<ScenarioRun> runs) {

        public List<String> labels() {
            return runs.stream().map(ScenarioRun::label).toList();
        }

        /**
         * The comparison of this group's runs. A run's measured duration (often tens of seconds) becomes the trial's window
         * only when {@code window} is null; else each trial measures {@code window}.
         *
         * @throws IllegalArgumentException when a run cannot be a variant (its nested calls go to a second service)
         */
        public Comparison comparison(Duration window, Design design, List<String> jvmOptions, String aa) {
            ScenarioRun first = runs.getFirst();
            for (ScenarioRun run : runs) {
                if (run.upstream() != null) {
                    throw new IllegalArgumentException(
                            "run '" + run.label() + "': a second service (upstream) is not compared yet; "
                                    + "compare runs whose nested calls go to their own server");
                }
            }
            var variants = runs.stream()
                    .map(run -> new Variant(
                            run.label(),
                            run.app() != null
                                    ? new ServerSource.Application(run.app())
                                    : new ServerSource.BuiltIn(run.approach(), run.workload()),
                            run.serverProperties(),
                            List.of()))
                    .toList();
            LoadOptions load = window == null
                    ? first.load()
                    : LoadOptions.builder()
                            .duration(window)
                            .parent(first.load())
                            .build();
            var setup = LoadSetup.of(load, first.workloadParams(), first.requests(), first.bodyDirectory());
            return new Comparison(
                    variants,
                    setup,
                    Boolean.TRUE.equals(load.http2()),
                    Boolean.TRUE.equals(load.tls()),
                    jvmOptions,
                    design,
                    aa);
        }
    }

    private ScenarioComparisons() {}

    /** The scenario's runs grouped by their load, in the order each group's first run comes. */
    public static List<Group> groups(Scenario scenario) {
        Map<Object, List<ScenarioRun>> byLoad = new LinkedHashMap<>();
        for (ScenarioRun run : scenario.runs()) {
            var key = Arrays.asList(
                    run.workload(),
                    run.workloadParams(),
                    run.requests(),
                    run.bodyDirectory(),
                    run.load(),
                    run.upstream(),
                    run.app() == null ? "built-in" : "application");
            byLoad.computeIfAbsent(key, k -> new ArrayList<>()).add(run);
        }
        var groups = new ArrayList<Group>();
        for (List<ScenarioRun> runs : byLoad.values()) {
            ScenarioRun first = runs.getFirst();
            String requests = first.workload() != null
                    ? first.workload().id() + " " + first.resolvedWorkloadParams()
                    : first.requests().isEmpty() ? "GET /" : String.join(" ", first.requests());
            groups.add(new Group(
                    "group-" + (groups.size() + 1),
                    requests + ", "
                            + first.load()
                                    .profile(LoadOption.Naming.SCENARIO_FILE)
                                    .describe(),
                    List.copyOf(runs)));
        }
        return groups;
    }
}
