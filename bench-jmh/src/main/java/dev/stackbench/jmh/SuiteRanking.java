package dev.stackbench.jmh;

import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.vocabulary.Percent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ranking of JMH forks measured round by round ({@link InterleavedSuite}): in each round every benchmark ran one fork,
 * its own JVM, so a fork is the unit of replication and the round its moment. compare's paired analysis takes them as
 * JVMs in generations of one ({@link PairedAnalysis}): each fork's score relative to its round's, what the machine's
 * speed did between rounds cancels, and a pair's interval is Student's over the forks with their spread pooled over the
 * benchmarks, Holm over the pairs. Only benchmarks that differ in nothing but the approach are ranked together (one
 * ranking per workload and other parameters).
 *
 * <pre>{@code
 * var ranking = new SuiteRanking();
 * ranking.fork(1, "date", "webflux-netty", Map.of(Metric.RPS, 57_239.0, Metric.P99, 3.8));
 * ...
 * String text = ranking.text();
 * }</pre>
 */
public final class SuiteRanking {

    /** What is ranked: JMH's score (successful responses per second), then the tail's latency. */
    static final List<Metric> METRICS = List.of(Metric.RPS, Metric.P99);

    /** A pair is equivalent when its interval lies within this margin, as compare's default. */
    static final double EQUIVALENCE_MARGIN = Design.EQUIVALENCE_MARGIN;

    /** round -> (what is ranked together -> approach -> metric -> the fork's score) */
    private final Map<Integer, Map<String, Map<String, Map<Metric, Double>>>> forks = new LinkedHashMap<>();

    /**
     * One fork's scores.
     *
     * @param round    its round, from 1
     * @param together what it is ranked with: the benchmark's parameters other than the approach ("date")
     * @param approach its approach
     */
    public void fork(int round, String together, String approach, Map<Metric, Double> scores) {
        forks.computeIfAbsent(round, r -> new LinkedHashMap<>())
                .computeIfAbsent(together, t -> new LinkedHashMap<>())
                .put(approach, Map.copyOf(scores));
    }

    /** Each set of benchmarks ranked together, with its verdict per metric; empty before two rounds. */
    public Map<String, List<MetricVerdict>> verdicts() {
        var verdicts = new LinkedHashMap<String, List<MetricVerdict>>();
        if (forks.size() < 2) {
            return verdicts;
        }
        var rounds = new ArrayList<>(forks.keySet());
        var sets = new LinkedHashMap<String, List<String>>();
        forks.values()
                .forEach(round -> round.forEach((together, byApproach) -> byApproach
                        .keySet()
                        .forEach(approach -> {
                            List<String> approaches = sets.computeIfAbsent(together, t -> new ArrayList<>());
                            if (!approaches.contains(approach)) {
                                approaches.add(approach);
                            }
                        })));
        sets.forEach((together, approaches) -> {
            if (approaches.size() < 2) {
                return;
            }
            var byMetric = new ArrayList<MetricVerdict>();
            for (Metric metric : METRICS) {
                if (forks.values().stream()
                        .flatMap(round -> round.getOrDefault(together, Map.of()).values().stream())
                        .noneMatch(scores -> scores.containsKey(metric))) {
                    continue; // not measured (JMH without stackbench's latency profiler has no p99)
                }
                // values[round][approach][fork]: one fork per approach and round, each its own JVM (generation =
                // round).
                double[][][] values = new double[rounds.size()][approaches.size()][1];
                int[] generations = new int[rounds.size()];
                for (int r = 0; r < rounds.size(); r++) {
                    generations[r] = r;
                    var round = forks.get(rounds.get(r)).getOrDefault(together, Map.of());
                    for (int a = 0; a < approaches.size(); a++) {
                        // A fork that failed (no score) leaves its round out, for every approach.
                        values[r][a][0] =
                                round.getOrDefault(approaches.get(a), Map.of()).getOrDefault(metric, Double.NaN);
                    }
                }
                byMetric.add(PairedAnalysis.of(
                        metric,
                        approaches,
                        values,
                        generations,
                        new PairedAnalysis.Settings(0.95, EQUIVALENCE_MARGIN, Schedule.TURNS)));
            }
            verdicts.put(together, byMetric);
        });
        return verdicts;
    }

    /** The ranking in words: per set of benchmarks and metric, the ordered groups and every pair; or why there is none. */
    public String text() {
        var verdicts = verdicts();
        if (verdicts.isEmpty()) {
            return String.format(
                    "%nNo ranking: it needs at least 2 rounds (each approach in 2 JVMs of its own) and 2 approaches;"
                            + " %d round(s) measured%n",
                    forks.size());
        }
        var text = new StringBuilder();
        verdicts.forEach((together, byMetric) -> {
            for (MetricVerdict verdict : byMetric) {
                if (verdict.rounds() < 2) {
                    // a fork that measured nothing of this metric (no p99 in an empty window) leaves its round out
                    text.append(String.format(
                            Locale.ROOT,
                            "%nNo ranking on %s, %s: %d complete round(s), a fork without a value leaving its round out;"
                                    + " it needs 2%n",
                            together,
                            verdict.metric().title(),
                            verdict.rounds()));
                    continue;
                }
                text.append(String.format(
                        Locale.ROOT,
                        "%nRanking on %s, %s (%s is better), %d rounds of one JVM per approach: each fork"
                                + " compared within its round, intervals over forks (95%% over all pairs, Holm),"
                                + " equivalent within %s%n",
                        together,
                        verdict.metric().title(),
                        verdict.metric().higherIsBetter() ? "higher" : "lower",
                        verdict.rounds(),
                        Percent.format(EQUIVALENCE_MARGIN)));
                text.append(ComparisonSummary.groupsAndPairs(verdict));
            }
        });
        return text.toString();
    }
}
