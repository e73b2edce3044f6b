package dev.stackbench.core.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.stackbench.core.gate.Gate;
import dev.stackbench.core.gate.GateInputException;
import dev.stackbench.core.gate.GateMetric;
import dev.stackbench.core.gate.ResultReader;
import dev.stackbench.core.gate.Results;
import dev.stackbench.core.gate.TargetRuns;

/**
 * Labels ranked per {@link Metric}. Runs that share a label are repeats. Throughput and latency
 * percentiles have the spread a gate computes (the 95% bootstrap interval of {@link Gate}); other
 * metrics: the min–max of repeats, or for a single run the middle half (25th to 75th percentile) of its
 * per-interval values. Labels with errors rank after every label without; a label within the spread of
 * the one ranked above it (by {@link TieRule}) shares its rank.
 */
public record Winners(List<Row> rows) {

    /** @param tiedWith the label whose rank this one shares, or null */
    public record Entry(Estimate estimate, int rank, String tiedWith) {
    }

    /** One label: its runs, failed requests (all repeats) and an entry per metric it has a value for. */
    public record Row(String label, int runs, long errors, Map<Metric, Entry> entries) {
    }

    public static Winners of(List<ReportInput.LoadedRun> runs) {
        var byLabel = new LinkedHashMap<String, List<ReportInput.LoadedRun>>();
        runs.forEach(run -> byLabel.computeIfAbsent(run.label(), label -> new ArrayList<>()).add(run));
        var entries = new LinkedHashMap<String, Map<Metric, Entry>>();
        byLabel.keySet().forEach(label -> entries.put(label, new EnumMap<>(Metric.class)));
        // Once per label: reading the runs and 2000 resamples serve every metric.
        var bootstrapped = new LinkedHashMap<String, Map<GateMetric, dev.stackbench.core.gate.Estimate>>();
        byLabel.forEach((label, repeats) -> bootstrapped.put(label, bootstrap(repeats)));
        for (Metric metric : Metric.values()) {
            rank(metric, byLabel, bootstrapped, entries);
        }
        var rows = new ArrayList<Row>();
        byLabel.forEach((label, repeats) -> rows.add(new Row(label, repeats.size(), errors(repeats), entries.get(label))));
        // Ordered by throughput rank; labels without one keep their input order at the end.
        rows.sort(Comparator.<Row>comparingInt(row -> row.entries().containsKey(Metric.RPS) ? row.entries().get(Metric.RPS).rank() : Integer.MAX_VALUE)
                .thenComparing(row -> row.entries().containsKey(Metric.RPS) ? -row.entries().get(Metric.RPS).estimate().value() : 0));
        return new Winners(List.copyOf(rows));
    }

    private static void rank(Metric metric, Map<String, List<ReportInput.LoadedRun>> byLabel,
                             Map<String, Map<GateMetric, dev.stackbench.core.gate.Estimate>> bootstrapped, Map<String, Map<Metric, Entry>> entries) {
        record Candidate(String label, Estimate estimate, boolean failed) {
        }
        var candidates = new ArrayList<Candidate>();
        byLabel.forEach((label, repeats) -> {
            Estimate estimate = estimate(metric, repeats, bootstrapped.get(label));
            if (estimate != null) {
                candidates.add(new Candidate(label, estimate, errors(repeats) > 0));
            }
        });
        Comparator<Candidate> byValue = Comparator.comparingDouble(candidate -> candidate.estimate().value());
        candidates.sort(Comparator.comparing(Candidate::failed).thenComparing(metric.higherIsBetter() ? byValue.reversed() : byValue));
        Candidate leader = null;
        int leaderRank = 0;
        for (int i = 0; i < candidates.size(); i++) {
            Candidate candidate = candidates.get(i);
            boolean tie = leader != null && leader.failed() == candidate.failed() && TieRule.tied(leader.estimate(), candidate.estimate());
            if (!tie) {
                leader = candidate;
                leaderRank = i + 1;
            }
            entries.get(candidate.label()).put(metric, new Entry(candidate.estimate(), leaderRank, tie ? leader.label() : null));
        }
    }

    /** Null when no run of the label has this metric. */
    static Estimate estimate(Metric metric, List<ReportInput.LoadedRun> repeats, Map<GateMetric, dev.stackbench.core.gate.Estimate> bootstrapped) {
        var values = repeats.stream().map(metric::of).filter(java.util.Objects::nonNull).sorted().toList();
        if (values.isEmpty()) {
            return null;
        }
        Estimate gate = metric.gateMetric() == null ? null : fromBootstrap(bootstrapped.get(metric.gateMetric()), repeats.size());
        if (gate != null) {
            return gate;
        }
        if (values.size() > 1) {
            return new Estimate(median(values), values.getFirst(), values.getLast(), "min–max of " + values.size() + " runs");
        }
        var intervals = metric.perInterval(repeats.getFirst()).stream().sorted().toList();
        if (intervals.size() < 2) {
            return new Estimate(values.getFirst(), values.getFirst(), values.getFirst(), "one run, too few intervals for a spread");
        }
        return new Estimate(values.getFirst(), quantile(intervals, 0.25), quantile(intervals, 0.75),
                "middle half of " + intervals.size() + " per-second values of one run");
    }

    /**
     * Latency percentiles and rps get the spread a gate uses (the 95% interval of its bootstrap over
     * runs and their intervals), so that the report calls a tie exactly where a gate would see no
     * difference. Empty when the runs cannot be read as a gate reads them.
     */
    private static Map<GateMetric, dev.stackbench.core.gate.Estimate> bootstrap(List<ReportInput.LoadedRun> repeats) {
        try {
            Results results = ResultReader.read(repeats.stream().map(ReportInput.LoadedRun::resultFile).toList());
            if (results.targets().size() != 1) {
                return Map.of();
            }
            TargetRuns target = results.targets().values().iterator().next();
            return Gate.estimates(target, "report");
        } catch (GateInputException unreadable) {
            return Map.of();
        }
    }

    /** Null for metrics a gate does not compute, or without a spread. */
    private static Estimate fromBootstrap(dev.stackbench.core.gate.Estimate estimate, int repeats) {
        if (estimate == null || !estimate.hasSpread() || Double.isNaN(estimate.point())) {
            return null;
        }
        double[] interval = estimate.interval95();
        return new Estimate(estimate.point(), interval[0], interval[1], "95% bootstrap interval over " + repeats
                + (repeats == 1 ? " run's intervals" : " runs and their intervals") + ", as a gate computes it");
    }

    private static long errors(List<ReportInput.LoadedRun> repeats) {
        return repeats.stream().mapToLong(run -> run.result().requests().errors()).sum();
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Linear interpolation between closest ranks. */
    private static double quantile(List<Double> sorted, double q) {
        double position = q * (sorted.size() - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.size() - 1);
        return sorted.get(below) + (position - below) * (sorted.get(above) - sorted.get(below));
    }
}
