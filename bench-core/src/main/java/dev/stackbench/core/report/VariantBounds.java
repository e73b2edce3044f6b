package dev.stackbench.core.report;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ThroughputBound;
import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What bounds a compared variant, in words, from its trials. A built-in approach has its bound derived as a run's
 * ({@link ThroughputBound}: its pool and the workload's delay). An application's delay is not known, so no bound in
 * requests/s is derived for it; what its limits and Little's law on its measured values say is: requests in flight
 * L = X·W (its median requests/s times its mean latency), against its request threads N when Tomcat's platform threads
 * serve (more in flight than N means about L − N wait for a thread, and each holds a request at most N / X), or none
 * on virtual threads. A database pool's bound (M connections / query time) is not derived: the query time is not
 * measured.
 */
final class VariantBounds {

    private VariantBounds() {}

    /** The words for one variant; "not derived" and why when nothing is known. */
    static String of(ComparisonResult result, String label) {
        List<RunResult> trials = result.rounds().stream()
                .flatMap(round -> round.trials(label).stream())
                .map(ComparisonResult.Trial::result)
                .sorted(Comparator.comparingDouble(RunResult::rps))
                .toList();
        if (trials.isEmpty()) {
            return "not derived: no complete round";
        }
        RunResult median = trials.get(trials.size() / 2);
        if (median.target().app() == null) {
            return ThroughputBound.binding(median)
                    .map(bound -> bound.against(median.rps()))
                    .orElseGet(() -> ThroughputBound.notDerived(median).stream()
                            .findFirst()
                            .map(reason -> "not derived: " + reason)
                            .orElse("none derived (nothing holds a thread for a known time)"));
        }
        return application(median.target().limits(), median.rps(), inFlight(trials));
    }

    private static String application(ServerLimits limits, double rps, double inFlight) {
        var parts = new ArrayList<String>();
        String littlesLaw = Double.isNaN(inFlight)
                ? "no latency measured for Little's law"
                : String.format(
                        Locale.ROOT,
                        "Little's law on its trials: %s req/s × mean latency = %.1f requests in flight",
                        ThroughputBound.rate(rps),
                        inFlight);
        Execution execution = limits == null ? null : limits.execution();
        if (execution == Execution.REQUEST_THREAD && limits.requestThreads() != null) {
            int threads = limits.requestThreads();
            parts.add(threads + " Tomcat request threads; " + littlesLaw
                    + (Double.isNaN(inFlight)
                            ? ""
                            : inFlight > threads * 1.1
                                    ? String.format(
                                            Locale.ROOT,
                                            ", at most %d in service: about %.0f wait for a thread, so the threads bound it (each holds"
                                                    + " a request at most %d / %s req/s = %s ms)",
                                            threads,
                                            inFlight - threads,
                                            threads,
                                            ThroughputBound.rate(rps),
                                            ThroughputBound.rate(1000.0 * threads / rps))
                                    : ", no more than its " + threads + " threads: they do not bound it"));
        } else if (execution == Execution.VIRTUAL_THREAD) {
            parts.add("a virtual thread per request: no thread bound; " + littlesLaw);
        } else {
            parts.add(
                    "request threads not derived (only Tomcat's platform and virtual threads are read); " + littlesLaw);
        }
        if (limits != null && limits.databaseConnections() != null) {
            parts.add(limits.databaseConnections()
                    + " database connections (their bound, connections / query time, not derived: "
                    + "the query time is not measured)");
        }
        return String.join("; ", parts);
    }

    /** The median over trials of requests/s × mean latency: requests in flight, by Little's law. */
    private static double inFlight(List<RunResult> trials) {
        double[] values = trials.stream()
                .filter(trial -> trial.latencyMs() != null && trial.latencyMs().mean() != null)
                .mapToDouble(trial -> trial.rps() * trial.latencyMs().mean() / 1000)
                .sorted()
                .toArray();
        return values.length == 0 ? Double.NaN : values[values.length / 2];
    }
}
