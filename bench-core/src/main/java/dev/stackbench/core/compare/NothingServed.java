package dev.stackbench.core.compare;

import dev.stackbench.core.compare.jvm.VariantFailure;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Ends a comparison at the round where a variant's JVM served nothing (every request failed): such a round is left
 * out of the verdicts, and so would every later one be, so going on to the round cap would measure nothing. It is the
 * variant's doing, so bad input, as an application that stops mid-run is: in the first round, requests it does not
 * serve (a 404 on every one); later, it stopped serving.
 */
final class NothingServed {

    private NothingServed() {}

    /**
     * @param round the round just run, kept in the result: its trials' results say what failed
     * @param first whether it is the comparison's first round, which says what went wrong
     * @param several whether a variant has several JVMs, each then named by its number
     * @return the failure naming every JVM that served nothing, how its requests failed; empty when all served
     */
    static Optional<VariantFailure> in(ComparisonResult.Round round, boolean first, boolean several) {
        List<ComparisonResult.Trial> empty = round.trials().stream()
                .filter(ComparisonResult.Trial::servedNothing)
                .toList();
        if (empty.isEmpty()) {
            return Optional.empty();
        }
        String others = empty.stream()
                .skip(1)
                .map(trial -> name(trial, several) + "'s (" + how(trial) + ")")
                .collect(Collectors.joining(", "));
        String reason = "no request succeeded in its trial of round " + round.number() + " (" + how(empty.getFirst())
                + ")" + (others.isEmpty() ? "" : "; nor in " + others)
                + (first
                        ? ": nothing to measure, the requests (--request, --workload) may not be ones it serves"
                        : ": it had served requests in the rounds before, and stopped serving");
        return Optional.of(new VariantFailure(name(empty.getFirst(), several), reason, true, false, List.of(), null));
    }

    private static String name(ComparisonResult.Trial trial, boolean several) {
        return several ? trial.label() + " (JVM " + trial.fork() + ")" : trial.label();
    }

    /** {@code 1691 of 1691 failed, http_404: 404 Not Found (1691, 1 distinct)}. */
    private static String how(ComparisonResult.Trial trial) {
        var requests = trial.result().requests();
        String failed = requests.errors() + " of " + requests.scheduled() + " failed";
        return requests.errorLines().isEmpty() ? failed : failed + ", " + String.join(", ", requests.errorLines());
    }
}
