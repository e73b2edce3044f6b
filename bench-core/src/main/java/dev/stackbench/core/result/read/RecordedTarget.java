package dev.stackbench.core.result.read;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ThroughputBound;
import java.util.List;
import java.util.Optional;

/**
 * The runs of one label: K repeats of the same setup (several result.json files of one label, or the
 * forks of one JMH benchmark).
 */
public record RecordedTarget(String label, Setup setup, List<RecordedRun> runs) {

    public RecordedTarget {
        runs = List.copyOf(runs);
    }

    public int repeats() {
        return runs.size();
    }

    public long errors() {
        return runs.stream().mapToLong(RecordedRun::errors).sum();
    }

    public long finished() {
        return runs.stream().mapToLong(RecordedRun::finished).sum();
    }

    /** The bound that explains this target's throughput, from its first run's own settings; empty if none applies. */
    public Optional<ThroughputBound> bound() {
        return runs.getFirst().bound();
    }

    /** The runs whose window was judged not steady. */
    public List<RecordedRun> unsteadyRuns() {
        return runs.stream()
                .filter(run -> run.steadiness() != null && !run.steadiness().steady())
                .toList();
    }

    /** Whether any run's steadiness is unknown (older results, JMH). */
    public boolean steadinessUnknown() {
        return runs.stream().anyMatch(run -> run.steadiness() == null);
    }

    /** Why the target is not steady, in words (each unsteady run's reason); empty when every known window was steady. */
    public Optional<String> unsteadyReason() {
        var unsteady = unsteadyRuns();
        if (unsteady.isEmpty()) {
            return Optional.empty();
        }
        var reasons = unsteady.stream()
                .map(run -> {
                    RunResult.Steadiness steadiness = run.steadiness();
                    String reason =
                            steadiness.reason() == null || steadiness.reason().isBlank()
                                    ? "no reason given"
                                    : steadiness.reason();
                    return (runs.size() > 1 ? run.source() + ": " : "") + reason;
                })
                .toList();
        return Optional.of(unsteady.size() + " of " + runs.size() + (runs.size() == 1 ? " run" : " runs")
                + " not steady (" + String.join("; ", reasons) + ")");
    }

    /**
     * Why the target's numbers miss part of its load, in words: a run from several generator hosts that lost an agent
     * ({@code load --agents}); empty when every run is whole.
     */
    public Optional<String> partialReason() {
        var partial = runs.stream()
                .filter(run -> run.result() != null
                        && run.result().agents() != null
                        && run.result().agents().partial())
                .toList();
        if (partial.isEmpty()) {
            return Optional.empty();
        }
        var lost = partial.stream()
                .flatMap(run -> run.result().agents().agents().stream()
                        .filter(agent -> !agent.finished())
                        .map(agent -> (runs.size() > 1 ? run.source() + ": " : "") + "agent " + agent.name()
                                + " (segment " + agent.segment() + ") lost"))
                .toList();
        return Optional.of("PARTIAL: " + partial.size() + " of " + runs.size() + (runs.size() == 1 ? " run" : " runs")
                + " lost part of its load (" + String.join("; ", lost) + ")");
    }
}
