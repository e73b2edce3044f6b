package dev.stackbench.core.report;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.RecordedTarget;
import dev.stackbench.core.stats.Bootstrap;
import dev.stackbench.core.stats.Estimate;
import dev.stackbench.core.stats.Quantile;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Labels ranked per column ({@link #COLUMNS}). Runs that share a label are repeats. Throughput and
 * latency percentiles have the spread a gate computes ({@link Bootstrap}: the 95% interval over runs
 * and their intervals); server CPU per request, which no gate checks, the min–max of repeats, or for a
 * single run the middle half (25th to 75th percentile) of its per-second values. A label ranks in one
 * of three groups, in this order: clean and steady (or of unknown steadiness), not steady, with failed
 * requests; within a group a label that {@link TieRule} cannot tell from the one ranked above it shares
 * its rank. A label is never ranked among steady ones while its numbers were still moving.
 */
public record Winners(List<Row> rows) {

    /** The columns of the winners table, in order. */
    public static final List<Metric> COLUMNS =
            List.of(Metric.RPS, Metric.P50, Metric.P99, Metric.P999, Metric.SERVER_CPU_PER_REQUEST);

    /** @param tiedWith the label whose rank this one shares, or null */
    public record Entry(Estimate estimate, int rank, String tiedWith) {}

    /**
     * One label: its runs, failed requests (all repeats), its steadiness and an entry per column it has a value for.
     *
     * @param notSteady         why its window was not steady (each unsteady run's reason), or null when every known window was
     * @param steadinessUnknown whether some run's steadiness is unknown (written before stackbench judged it)
     */
    public record Row(
            String label,
            int runs,
            long errors,
            String notSteady,
            boolean steadinessUnknown,
            Map<Metric, Entry> entries) {}

    /** Which group a label ranks in: each group after the one before, whatever its numbers. */
    private enum Group {
        CLEAN,
        NOT_STEADY,
        FAILED
    }

    public static Winners of(RecordedResults results) {
        var targets = results.targets();
        var entries = new LinkedHashMap<String, Map<Metric, Entry>>();
        targets.keySet().forEach(label -> entries.put(label, new EnumMap<>(Metric.class)));
        // Once per label: 2000 resamples serve every metric.
        var bootstrapped = new LinkedHashMap<String, Map<Metric, Estimate>>();
        targets.forEach((label, target) -> bootstrapped.put(label, Bootstrap.estimate(target, "report")));
        for (Metric metric : COLUMNS) {
            rank(metric, targets, bootstrapped, entries);
        }
        var rows = new ArrayList<Row>();
        targets.forEach((label, target) -> rows.add(new Row(
                label,
                target.repeats(),
                target.errors(),
                target.unsteadyReason().orElse(null),
                target.steadinessUnknown(),
                entries.get(label))));
        // Ordered by throughput rank; labels without one keep their input order at the end.
        rows.sort(Comparator.<Row>comparingInt(row -> row.entries().containsKey(Metric.RPS)
                        ? row.entries().get(Metric.RPS).rank()
                        : Integer.MAX_VALUE)
                .thenComparing(row -> row.entries().containsKey(Metric.RPS)
                        ? -row.entries().get(Metric.RPS).estimate().point()
                        : 0));
        return new Winners(List.copyOf(rows));
    }

    private static Group group(RecordedTarget target) {
        if (target.errors() > 0) {
            return Group.FAILED;
        }
        return target.unsteadyRuns().isEmpty() ? Group.CLEAN : Group.NOT_STEADY;
    }

    private static void rank(
            Metric metric,
            Map<String, RecordedTarget> targets,
            Map<String, Map<Metric, Estimate>> bootstrapped,
            Map<String, Map<Metric, Entry>> entries) {
        record Candidate(String label, Estimate estimate, Group group) {}
        var candidates = new ArrayList<Candidate>();
        targets.forEach((label, target) -> {
            Estimate estimate = estimate(metric, target, bootstrapped.get(label));
            if (estimate != null) {
                candidates.add(new Candidate(label, estimate, group(target)));
            }
        });
        Comparator<Candidate> byValue =
                Comparator.comparingDouble(candidate -> candidate.estimate().point());
        candidates.sort(Comparator.comparing(Candidate::group)
                .thenComparing(metric.higherIsBetter() ? byValue.reversed() : byValue));
        Candidate leader = null;
        int leaderRank = 0;
        for (int i = 0; i < candidates.size(); i++) {
            Candidate candidate = candidates.get(i);
            boolean tie = leader != null
                    && leader.group() == candidate.group()
                    && TieRule.tied(leader.estimate(), candidate.estimate());
            if (!tie) {
                leader = candidate;
                leaderRank = i + 1;
            }
            entries.get(candidate.label())
                    .put(metric, new Entry(candidate.estimate(), leaderRank, tie ? leader.label() : null));
        }
    }

    /** Null when no run of the label has this metric. */
    static Estimate estimate(Metric metric, RecordedTarget target, Map<Metric, Estimate> bootstrapped) {
        List<RecordedRun> repeats = target.runs();
        var values = repeats.stream()
                .map(run -> run.result() == null ? null : metric.of(run.result()))
                .filter(Objects::nonNull)
                .sorted()
                .toList();
        if (values.isEmpty()) {
            return null;
        }
        Estimate gate = bootstrapped.get(metric);
        if (gate != null && gate.hasResamples() && !Double.isNaN(gate.point())) {
            return gate;
        }
        if (values.size() > 1) {
            double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
            return Estimate.range(
                    metric,
                    Quantile.ofSorted(sorted, 0.5),
                    values.getFirst(),
                    values.getLast(),
                    repeats.size(),
                    "min–max of " + values.size() + " runs");
        }
        double[] intervals = perInterval(metric, repeats.getFirst()).stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        if (intervals.length < 2) {
            return Estimate.range(
                    metric,
                    values.getFirst(),
                    values.getFirst(),
                    values.getFirst(),
                    1,
                    "one run, too few intervals for a spread");
        }
        return Estimate.range(
                metric,
                values.getFirst(),
                Quantile.ofSorted(intervals, 0.25),
                Quantile.ofSorted(intervals, 0.75),
                1,
                "middle half of " + intervals.length + " per-second values of one run");
    }

    /** A run's values per measured interval, for the spread of a single run where there are no resamples. */
    private static List<Double> perInterval(Metric metric, RecordedRun run) {
        return switch (metric) {
            case RPS -> perRow(run, TimelineRow::rps);
            case P50 -> perRow(run, TimelineRow::p50Ms);
            case P99 -> perRow(run, TimelineRow::p99Ms);
            case P999 -> { // the timeline has no p99.9; the .hlog's interval histograms do
                var values = new ArrayList<Double>();
                run.intervals().stream()
                        .map(interval -> interval.latencyNanos())
                        .filter(h -> h.getTotalCount() > 0)
                        .forEach((Histogram h) -> values.add(h.getValueAtPercentile(Metric.P999.percentile()) / 1e6));
                yield values;
            }
            case SERVER_CPU_PER_REQUEST -> {
                var values = new ArrayList<Double>();
                for (var row : measuredRows(run)) {
                    long finished = row.ok() + row.errors();
                    if (row.jvm() != null && row.jvm().serverCpuSeconds() != null && finished > 0) {
                        values.add(row.jvm().serverCpuSeconds() * 1e6 / finished);
                    }
                }
                yield values;
            }
            default -> List.of();
        };
    }

    private static List<TimelineRow> measuredRows(RecordedRun run) {
        return run.result() == null
                ? List.of()
                : run.result().timeline().stream()
                        .filter(row -> row.phase() == TimelinePhase.MEASURED)
                        .toList();
    }

    private static List<Double> perRow(RecordedRun run, Function<TimelineRow, Double> field) {
        return measuredRows(run).stream().map(field).filter(Objects::nonNull).toList();
    }
}
