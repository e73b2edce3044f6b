package dev.stackbench.core.scenario;

import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.server.Approach;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A named list of runs that reproduces an experiment, validated when built and run by
 * {@link ScenarioRunner}. Read from YAML ({@link ScenarioYaml}) or from the k6 scenario CSV of
 * 004_9fdac83a6b4a27d3.txt ({@link K6ScenarioCsv}); {@link Scenarios} finds the ones shipped in the jar.
 *
 * @param source      what it reproduces, e.g. a reference experiment's file name; may be empty
 * @param scale       how it was scaled to this machine, in words (printed when it runs); may be empty
 * @param description what it measures and where it deliberately departs from the original
 * @param interleaved whether its runs are to be compared interleaved ({@code compare: interleaved} in YAML): each group of
 *                    runs under the same load becomes a comparison of variants in their own JVMs, instead of runs one after
 *                    another in one JVM
 */
public record Scenario(
        String name, String description, String source, String scale, List<ScenarioRun> runs, boolean interleaved) {

    /** A scenario whose runs run one after another. */
    public Scenario(String name, String description, String source, String scale, List<ScenarioRun> runs) {
        this(name, description, source, scale, runs, false);
    }

    /** Server start and stop between runs, for estimates: about 2 to 3 s cold, well under 1 s warm. */
    static final Duration SERVER_START_ESTIMATE = Duration.ofSeconds(3);

    /** @throws InvalidScenario.Field naming the field that is wrong */
    public Scenario {
        if (name == null || name.isBlank()) {
            throw new InvalidScenario.Field("name", "missing");
        }
        description = Objects.requireNonNullElse(description, "").strip();
        source = Objects.requireNonNullElse(source, "").strip();
        scale = Objects.requireNonNullElse(scale, "").strip();
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new InvalidScenario.Field("runs", "a scenario needs at least one run");
        }
        var labels = new HashSet<String>();
        for (ScenarioRun run : runs) {
            if (!labels.add(run.label())) {
                throw new InvalidScenario.Field(
                        "runs",
                        "two runs are labelled '" + run.label() + "'; labels name result directories and must differ");
            }
        }
    }

    /**
     * How long a full run takes at most: every run's warm-up (a warm-up until steady at its cap) and
     * measured time, plus a server start each. Drains after overloaded windows come on top.
     */
    public Duration estimatedLength() {
        return runs.stream()
                .map(run -> run.length().plus(SERVER_START_ESTIMATE))
                .reduce(Duration.ZERO, Duration::plus);
    }

    /**
     * Every run with the command line's options in place of its own ({@link ScenarioRun#overriddenBy}); a
     * workload parameter goes to the runs whose workload has it (a scenario may mix date and crud runs).
     *
     * @throws InvalidScenario naming the run and the field when a run would not be valid so, or a
     *                         workload parameter that no run's workload has
     */
    public Scenario overriddenBy(
            LoadOptions load, Map<String, String> workloadParams, Map<String, String> serverProperties) {
        for (String name : workloadParams.keySet()) {
            if (runs.stream().noneMatch(run -> workloadParams(run).containsKey(name))) {
                throw new InvalidScenario(name() + ": no run's workload has the parameter '" + name
                        + "'; its workloads have: "
                        + String.join(
                                ", ",
                                runs.stream()
                                        .flatMap(run -> workloadParams(run).keySet().stream())
                                        .distinct()
                                        .toList()));
            }
        }
        var overridden = new ArrayList<ScenarioRun>();
        for (ScenarioRun run : runs) {
            var params = new LinkedHashMap<>(workloadParams);
            params.keySet().retainAll(workloadParams(run).keySet());
            try {
                overridden.add(run.overriddenBy(load, params, serverProperties));
            } catch (InvalidScenario.Field e) {
                throw e.in(name + " with the command line's options", run.label());
            }
        }
        return new Scenario(name, description, source, scale, overridden, interleaved);
    }

    /**
     * A load option of the command line that could not be read, refused as a bad override of the runs is: named with the
     * scenario and its first run, e.g. {@code seed-000 with the command line's options: run '01-async-tomcat':
     * load.duration: 'soon' is not a duration; ...}.
     */
    public InvalidScenario commandLineOptionRefused(LoadOptions.InvalidOption e) {
        return InvalidScenario.Field.ofLoad(e)
                .in(name + " with the command line's options", runs.getFirst().label());
    }

    /** The parameters a run's workload has, with their defaults; none for a run of the user's application, which has no workload. */
    private static Map<String, String> workloadParams(ScenarioRun run) {
        return run.workload() == null ? Map.of() : WorkloadMixes.defaults(run.workload());
    }

    /**
     * The runs of one shard of this scenario ({@link Shard}'s rule, by each run's {@linkplain #SERVER_START_ESTIMATE estimated
     * length} with its server's start), in the scenario's order; empty when there are more shards than runs. Apply
     * {@link #only} and {@link #overriddenBy} first: the split is of the runs as they will run.
     */
    public List<ScenarioRun> runsOf(Shard shard) {
        return shard.of(runs, run -> run.length().plus(SERVER_START_ESTIMATE).toMillis());
    }

    /** This scenario with these of its runs only (a shard's). */
    public Scenario withRuns(List<ScenarioRun> chosen) {
        return new Scenario(name, description, source, scale, chosen, interleaved);
    }

    /**
     * Only the runs with these labels (all when empty) and of this approach (any when null).
     *
     * @throws InvalidScenario naming a label that is not in the scenario, or when no run is left
     */
    public Scenario only(Set<String> labels, Approach approach) {
        var known = runs.stream().map(ScenarioRun::label).toList();
        for (String label : labels) {
            if (!known.contains(label)) {
                throw new InvalidScenario(
                        name + ": no run labelled '" + label + "'; runs: " + String.join(", ", known));
            }
        }
        var kept = runs.stream()
                .filter(run -> labels.isEmpty() || labels.contains(run.label()))
                .filter(run -> approach == null || run.approach() == approach)
                .toList();
        if (kept.isEmpty()) {
            throw new InvalidScenario(name + ": no run is left to run" + (approach == null ? "" : " on " + approach));
        }
        return new Scenario(name, description, source, scale, kept, interleaved);
    }
}
