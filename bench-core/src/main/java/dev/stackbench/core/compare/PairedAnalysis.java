package dev.stackbench.core.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.stats.Friedman;
import dev.stackbench.core.stats.Holm;
import dev.stackbench.core.stats.PairedRatio;
import dev.stackbench.core.stats.Quantile;

/**
 * The verdict on one metric from values measured in rounds, each round holding one trial of every variant in a
 * random order. Only ratios within a round are compared, never values from different rounds, so a machine that
 * drifts between rounds moves both sides of every ratio alike (paired analysis). Per pair: the geometric mean of the
 * per-round ratios with a t interval ({@link PairedRatio}); the pairs are tested together with Holm's correction at
 * the level one look may spend ({@link Looks}); an interval that excludes 1 declares a difference, one within the
 * equivalence margin declares none that large, anything else is undecided. The ordered groups follow from the pairs
 * ({@link MetricVerdict#groups()}).
 *
 * <pre>{@code
 * MetricVerdict rps = PairedAnalysis.of(Metric.RPS, List.of("a", "b"), valuesByRound, new PairedAnalysis.Settings(0.95, 6, 0.02));
 * }</pre>
 */
public final class PairedAnalysis {

    /**
     * @param confidence        the chance that no declared difference is false, over every pair and every look (0.95)
     * @param looks             how many looks share {@code 1 - confidence} ({@link Looks#count()}); 1 for a single look
     * @param equivalenceMargin a pair whose interval lies within [1/(1+m), 1+m] is equivalent (0.02 for 2%)
     */
    public record Settings(double confidence, int looks, double equivalenceMargin) {

        /** @throws IllegalArgumentException naming the setting and its bad value */
        public Settings {
            if (!(confidence > 0 && confidence < 1)) {
                throw new IllegalArgumentException("confidence must be between 0 and 1 (e.g. 0.95), got " + confidence);
            }
            if (looks < 1) {
                throw new IllegalArgumentException("looks must be at least 1, got " + looks);
            }
            if (!(equivalenceMargin > 0 && equivalenceMargin < 1)) {
                throw new IllegalArgumentException("the equivalence margin must be between 0 and 1 (e.g. 0.02 for 2%), got " + equivalenceMargin);
            }
        }

        /** The error rate one look may spend over all pairs. */
        double alphaPerLook() {
            return (1 - confidence) / looks;
        }
    }

    private PairedAnalysis() {
    }

    /**
     * @param values values[round][variant], in the order of {@code labels}; a round with a value that is not a
     *               positive number (nothing measured) is left out, for every variant
     */
    public static MetricVerdict of(Metric metric, List<String> labels, double[][] values, Settings settings) {
        int k = labels.size();
        double[][] rounds = Arrays.stream(values).filter(round -> complete(round, k)).toArray(double[][]::new);
        double[][] columns = new double[k][rounds.length];
        for (int r = 0; r < rounds.length; r++) {
            for (int v = 0; v < k; v++) {
                columns[v][r] = rounds[r][v];
            }
        }
        double alpha = settings.alphaPerLook();
        var scores = scores(labels, columns, rounds.length, alpha);
        boolean higher = metric.higherIsBetter();
        scores.sort(Comparator.comparingDouble((MetricVerdict.VariantScore score) -> score.relative()).reversed());
        if (!higher) {
            Collections.reverse(scores);
        }
        var pairs = pairs(labels, columns, higher, alpha, settings.equivalenceMargin());
        List<String> ordered = scores.stream().map(MetricVerdict.VariantScore::label).toList();
        return new MetricVerdict(metric, rounds.length, Friedman.test(rounds), scores, pairs, groups(ordered, pairs));
    }

    private static boolean complete(double[] round, int k) {
        return round.length == k && Arrays.stream(round).allMatch(value -> value > 0 && Double.isFinite(value));
    }

    /** Each variant's log value minus its round's mean log value: its value relative to the round's geometric mean. */
    private static List<MetricVerdict.VariantScore> scores(List<String> labels, double[][] columns, int n, double alpha) {
        var scores = new ArrayList<MetricVerdict.VariantScore>();
        for (int v = 0; v < labels.size(); v++) {
            double[] relative = new double[n];
            for (int r = 0; r < n; r++) {
                double meanLog = 0;
                for (double[] column : columns) {
                    meanLog += Math.log(column[r]) / columns.length;
                }
                relative[r] = Math.log(columns[v][r]) - meanLog;
            }
            var ratio = PairedRatio.ofLogs(relative);
            var interval = ratio.interval(1 - alpha);
            scores.add(new MetricVerdict.VariantScore(labels.get(v), n == 0 ? Double.NaN : ratio.ratio(), interval.low(), interval.high(),
                    Quantile.of(columns[v], 0.5)));
        }
        return scores;
    }

    private static List<PairVerdict> pairs(List<String> labels, double[][] columns, boolean higherIsBetter, double alpha, double margin) {
        int k = labels.size();
        var ratios = new ArrayList<PairedRatio>();
        var indices = new ArrayList<int[]>();
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                ratios.add(PairedRatio.of(columns[i], columns[j]));
                indices.add(new int[]{i, j});
            }
        }
        Holm.Decision[] decisions = Holm.decide(ratios.stream().mapToDouble(PairedRatio::pValue).toArray(), alpha);
        var pairs = new ArrayList<PairVerdict>();
        for (int p = 0; p < ratios.size(); p++) {
            PairedRatio ratio = ratios.get(p);
            double confidence = 1 - decisions[p].level();
            PairedRatio.Interval interval = ratio.interval(confidence);
            boolean firstBetter = higherIsBetter ? ratio.ratio() >= 1 : ratio.ratio() <= 1;
            int first = firstBetter ? indices.get(p)[0] : indices.get(p)[1];
            int second = firstBetter ? indices.get(p)[1] : indices.get(p)[0];
            PairedRatio.Interval oriented = firstBetter ? interval : interval.inverse();
            double value = firstBetter ? ratio.ratio() : 1 / ratio.ratio();
            PairVerdict.Outcome outcome = ratio.rounds() < 2 ? PairVerdict.Outcome.UNDECIDED
                    : decisions[p].rejected() && interval.excludesOne() ? PairVerdict.Outcome.DIFFERENT
                    : interval.within(margin) ? PairVerdict.Outcome.EQUIVALENT : PairVerdict.Outcome.UNDECIDED;
            pairs.add(new PairVerdict(labels.get(first), labels.get(second), value, oriented.low(), oriented.high(), confidence,
                    ratio.pValue(), ratio.roundToRoundSpread(), outcome));
        }
        return pairs;
    }

    /** The leader rule of {@link MetricVerdict#groups()}. */
    static List<List<String>> groups(List<String> bestFirst, List<PairVerdict> pairs) {
        var groups = new ArrayList<List<String>>();
        List<String> current = null;
        for (String label : bestFirst) {
            if (current != null) {
                String leader = current.getFirst();
                boolean different = pairs.stream().anyMatch(pair -> pair.is(leader, label) && pair.outcome() == PairVerdict.Outcome.DIFFERENT);
                if (!different) {
                    current.add(label);
                    continue;
                }
            }
            current = new ArrayList<>();
            current.add(label);
            groups.add(current);
        }
        return groups.stream().map(List::copyOf).toList();
    }

}
