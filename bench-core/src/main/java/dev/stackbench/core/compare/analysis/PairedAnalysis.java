package dev.stackbench.core.compare.analysis;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.stats.Friedman;
import dev.stackbench.core.stats.Holm;
import dev.stackbench.core.stats.PairedRatio;
import dev.stackbench.core.stats.Quantile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The verdict on one metric from values measured in rounds, each round holding one trial of every variant's JVM in a
 * random order. Only values within a round are compared, never values from different rounds, so a machine that drifts
 * between rounds moves every value of a round alike and cancels (paired analysis).
 *
 * <p>With one JVM per variant, each round gives one log ratio per pair, and the pair's interval is Student's over rounds
 * ({@link PairedRatio#of(double[], double[])}). That interval cannot see what a JVM adds of its own and keeps (its JIT's
 * choices, its memory's layout: measured here, two JVMs of one variant 3% apart in CPU per request for as long as they
 * ran), so a difference that small is not told apart from the JVMs' luck. With several JVMs per variant (forks), each
 * JVM's mean over the rounds (relative to each round's mean) is one value, and a pair's interval is Student's over
 * JVMs, with their spread pooled over all variants: what JVMs differ by is then in the interval.
 *
 * <p>The pairs are tested together with Holm's correction, each share of alpha spent over the looks ({@link Looks}: the
 * group-sequential Holm procedure, {@link Holm#decide(double[], double, java.util.function.DoubleUnaryOperator)}); an
 * interval that excludes 1 declares a difference, one within the equivalence margin declares none that large, anything else is
 * undecided. The ordered groups follow from the pairs ({@link MetricVerdict#groups()}).
 *
 * <pre>{@code
 * MetricVerdict rps = PairedAnalysis.of(Metric.RPS, List.of("a", "b"), valuesByRound, new PairedAnalysis.Settings(0.95, 0.02));
 * }</pre>
 */
public final class PairedAnalysis {

    /**
     * @param confidence        the chance that no declared difference is false, over every pair and every look (0.95)
     * @param level             the look this analysis is and the level it tests at ({@link Looks#level}); {@link
     *                          Looks.Level#single()} for a single look
     * @param equivalenceMargin a pair whose interval lies within [1/(1+m), 1+m] is equivalent (0.02 for 2%)
     * @param schedule          how the trials ran: together, with forks, the JVMs measured at the same time are compared
     *                          with each other (see {@link Estimates#overSlots})
     */
    public record Settings(double confidence, Looks.Level level, double equivalenceMargin, Schedule schedule) {

        /** A single look, trials in turns ({@link Schedule#TURNS}). */
        public Settings(double confidence, double equivalenceMargin) {
            this(confidence, Looks.Level.single(), equivalenceMargin, Schedule.TURNS);
        }

        /** A single look. */
        public Settings(double confidence, double equivalenceMargin, Schedule schedule) {
            this(confidence, Looks.Level.single(), equivalenceMargin, schedule);
        }

        /** @throws IllegalArgumentException naming the setting and its bad value */
        public Settings {
            if (schedule == null) {
                throw new IllegalArgumentException("the schedule of the trials must be given (TURNS or TOGETHER)");
            }
            if (!(confidence > 0 && confidence < 1)) {
                throw new IllegalArgumentException("confidence must be between 0 and 1 (e.g. 0.95), got " + confidence);
            }
            if (level == null) {
                throw new IllegalArgumentException(
                        "the look's level must be given (Looks.level, or Looks.Level.single())");
            }
            if (!(equivalenceMargin > 0 && equivalenceMargin < 1)) {
                throw new IllegalArgumentException(
                        "the equivalence margin must be between 0 and 1 (e.g. 0.02 for 2%), got " + equivalenceMargin);
            }
        }

        /** The error rate of all pairs over all looks. */
        double alpha() {
            return 1 - confidence;
        }

        /** The level this look tests a share of alpha at. */
        double nominal(double share) {
            return level.nominal(share);
        }
    }

    private PairedAnalysis() {}

    /** One JVM per variant: values[round][variant], in the order of {@code labels}. */
    public static MetricVerdict of(Metric metric, List<String> labels, double[][] values, Settings settings) {
        double[][][] forked = Arrays.stream(values)
                .map(round -> Arrays.stream(round)
                        .mapToObj(value -> new double[] {value})
                        .toArray(double[][]::new))
                .toArray(double[][][]::new);
        return of(metric, labels, forked, settings);
    }

    /**
     * JVMs that live through every round.
     *
     * @param values values[round][variant][fork]: every variant with the same number of JVMs; a round with a value that is
     *               not a positive number (nothing measured) is left out, for every variant
     */
    public static MetricVerdict of(Metric metric, List<String> labels, double[][][] values, Settings settings) {
        return of(metric, labels, values, new int[values.length], settings);
    }

    /**
     * JVMs in generations: fork f of a round of generation g is one JVM, another than fork f of another generation.
     *
     * @param values      values[round][variant][fork]: every variant with the same number of JVMs alive at once; a round
     *                    with a value that is not a positive number (nothing measured) is left out, for every variant
     * @param generations the generation of each round's JVMs
     */
    public static MetricVerdict of(
            Metric metric, List<String> labels, double[][][] values, int[] generations, Settings settings) {
        int k = labels.size();
        var kept = new ArrayList<Integer>();
        for (int r = 0; r < values.length; r++) {
            if (complete(values[r], k)) {
                kept.add(r);
            }
        }
        double[][][] rounds = kept.stream().map(r -> values[r]).toArray(double[][][]::new);
        int[] generation = kept.stream().mapToInt(r -> generations[r]).toArray();
        int forks = rounds.length == 0 ? 1 : rounds[0][0].length;
        boolean oneJvmEach = forks == 1 && Arrays.stream(generation).distinct().count() <= 1;
        // Each variant's value in a round: the geometric mean of its JVMs' values there.
        double[][] byVariant = new double[rounds.length][k];
        for (int r = 0; r < rounds.length; r++) {
            for (int v = 0; v < k; v++) {
                byVariant[r][v] = Math.exp(
                        Arrays.stream(rounds[r][v]).map(Math::log).average().orElse(Double.NaN));
            }
        }
        double alpha = settings.alpha();
        Estimates rounded = Estimates.overRounds(byVariant, k);
        Estimates estimates = oneJvmEach
                ? rounded
                : settings.schedule() == Schedule.TOGETHER
                        ? Estimates.overSlots(rounds, generation, rounded)
                        : Estimates.overForks(rounds, generation, rounded);
        var scores = new ArrayList<MetricVerdict.VariantScore>();
        for (int v = 0; v < k; v++) {
            PairedRatio.Interval interval = estimates.relative(v).interval(1 - settings.nominal(alpha));
            double[] column = new double[byVariant.length];
            for (int r = 0; r < byVariant.length; r++) {
                column[r] = byVariant[r][v];
            }
            scores.add(new MetricVerdict.VariantScore(
                    labels.get(v),
                    rounds.length == 0 ? Double.NaN : estimates.relative(v).ratio(),
                    interval.low(),
                    interval.high(),
                    Quantile.of(column, 0.5)));
        }
        boolean higher = metric.higherIsBetter();
        scores.sort(Comparator.comparingDouble((MetricVerdict.VariantScore score) -> score.relative())
                .reversed());
        if (!higher) {
            Collections.reverse(scores);
        }
        var pairs = pairs(labels, estimates, higher, settings);
        List<String> ordered =
                scores.stream().map(MetricVerdict.VariantScore::label).toList();
        return new MetricVerdict(
                metric,
                rounds.length,
                Friedman.test(oneJvmEach ? byVariant : jvmMeans(rounds, generation, k)),
                scores,
                pairs,
                groups(ordered, pairs));
    }

    /**
     * Friedman's blocks when each variant has several JVMs: each group of JVMs (fork f of a generation, one JVM of every
     * variant) with each JVM's mean over its rounds, [group][variant] (relative to the values measured with it, which
     * keeps the ranks within a group). Its rounds are not independent blocks: what a JVM keeps of its own repeats in
     * every one of them, and ranks within rounds would count it once per round.
     */
    private static double[][] jvmMeans(double[][][] rounds, int[] generation, int k) {
        if (rounds.length == 0) {
            return new double[0][k];
        }
        double[][] byVariant = Estimates.slotMeans(rounds, Estimates.Jvms.of(rounds, generation));
        double[][] byGroup = new double[byVariant[0].length][k];
        for (int v = 0; v < k; v++) {
            for (int g = 0; g < byGroup.length; g++) {
                byGroup[g][v] = Math.exp(byVariant[v][g]);
            }
        }
        return byGroup;
    }

    private static boolean complete(double[][] round, int k) {
        return round.length == k
                && Arrays.stream(round)
                        .allMatch(forks -> forks.length > 0
                                && Arrays.stream(forks).allMatch(value -> value > 0 && Double.isFinite(value)));
    }

    /** How the ratios of the pairs and of each variant to the rest are estimated: over rounds, or over JVMs. */
    private interface Estimates {

        /** Variant {@code i} over variant {@code j}. */
        PairedRatio pair(int i, int j);

        /** Variant {@code v} over the geometric mean of all. */
        PairedRatio relative(int v);

        /** One JVM per variant: Student's t over the rounds' log ratios; {@code k} variants, whether or not any round is. */
        static Estimates overRounds(double[][] byVariant, int k) {
            double[][] relative = relativeLogs(byVariant, k);
            return new Estimates() {
                @Override
                public PairedRatio pair(int i, int j) {
                    double[] logs = new double[byVariant.length];
                    for (int r = 0; r < byVariant.length; r++) {
                        logs[r] = Math.log(byVariant[r][i] / byVariant[r][j]);
                    }
                    return PairedRatio.ofLogs(logs);
                }

                @Override
                public PairedRatio relative(int v) {
                    return PairedRatio.ofLogs(relative[v]);
                }
            };
        }

        /**
         * Several JVMs per variant: each JVM's mean, over its rounds, of its log value minus the round's mean log value
         * (drift removed), is one value; a variant's estimate is the mean of its JVMs', and the spread between JVMs of one
         * variant, pooled over all variants, is the estimates' noise. A JVM is fork f of one generation. Its degrees of
         * freedom are those of the variant-plus-generation model, k J - k - G + 1 for J JVMs per variant in G
         * generations: taking each value relative to its round's costs one per generation beyond the first (k (J - 1)
         * with one generation; (k - 1) (R - 1) with R generations of one JVM, where two variants give exactly Student's
         * paired t over the rounds).
         */
        static Estimates overForks(double[][][] rounds, int[] generation, Estimates rounded) {
            int k = rounds[0].length;
            Jvms jvms = Jvms.of(rounds, generation);
            double[][] jvmMeans = new double[k][jvms.count()];
            for (int r = 0; r < rounds.length; r++) {
                double[][] round = rounds[r];
                double roundMean = Arrays.stream(round)
                        .flatMapToDouble(Arrays::stream)
                        .map(Math::log)
                        .average()
                        .orElseThrow();
                for (int v = 0; v < k; v++) {
                    for (int f = 0; f < round[v].length; f++) {
                        jvmMeans[v][jvms.index(r, f)] += (Math.log(round[v][f]) - roundMean) / jvms.rounds(r);
                    }
                }
            }
            int count = jvms.count();
            double[] variantMeans = new double[k];
            double squares = 0;
            for (int v = 0; v < k; v++) {
                variantMeans[v] = Arrays.stream(jvmMeans[v]).average().orElseThrow();
                for (int j = 0; j < count; j++) {
                    squares += (jvmMeans[v][j] - variantMeans[v]) * (jvmMeans[v][j] - variantMeans[v]);
                }
            }
            int degreesOfFreedom = k * count - k - jvms.generations() + 1;
            double jvmVariance = squares / degreesOfFreedom;
            double grandMean = Arrays.stream(variantMeans).average().orElseThrow();
            return new Estimates() {
                @Override
                public PairedRatio pair(int i, int j) {
                    return PairedRatio.of(
                            variantMeans[i] - variantMeans[j],
                            Math.sqrt(2 * jvmVariance / count),
                            degreesOfFreedom,
                            rounded.pair(i, j).roundSpreadLog());
                }

                @Override
                public PairedRatio relative(int v) {
                    return PairedRatio.of(
                            variantMeans[v] - grandMean,
                            Math.sqrt(jvmVariance / count),
                            degreesOfFreedom,
                            rounded.relative(v).roundSpreadLog());
                }
            };
        }

        /**
         * Several JVMs per variant measured together, one JVM of each variant at a time (fork f of every variant at
         * once): JVMs measured at the same time are compared only with each other. A slot (fork f of one generation)'s
         * value of a variant is its mean, over the slot's rounds, of its log value minus the mean log value of the JVMs
         * measured with it (the machine's speed at that moment removed); a pair's estimate is Student's over the slots'
         * differences (S - 1 degrees of freedom for S slots), which carry what JVMs differ by. Comparing JVMs measured at
         * different moments (as {@link #overForks} does) would bring the machine's moves between those moments back in.
         */
        static Estimates overSlots(double[][][] rounds, int[] generation, Estimates rounded) {
            Jvms slots = Jvms.of(rounds, generation);
            double[][] slotMeans = slotMeans(rounds, slots);
            return new Estimates() {
                @Override
                public PairedRatio pair(int i, int j) {
                    double[] logs = new double[slots.count()];
                    for (int s = 0; s < logs.length; s++) {
                        logs[s] = slotMeans[i][s] - slotMeans[j][s];
                    }
                    return acrossForks(logs, rounded.pair(i, j).roundSpreadLog());
                }

                @Override
                public PairedRatio relative(int v) {
                    return acrossForks(slotMeans[v], rounded.relative(v).roundSpreadLog());
                }

                private static PairedRatio acrossForks(double[] logs, double roundSpread) {
                    PairedRatio forks = PairedRatio.ofLogs(logs);
                    return PairedRatio.of(
                            forks.meanLog(), forks.standardError(), forks.degreesOfFreedom(), roundSpread);
                }
            };
        }

        /**
         * Each variant's mean log value in each slot (its JVM there over that JVM's rounds), each value taken relative to
         * the mean of the values measured with it: [variant][slot].
         */
        static double[][] slotMeans(double[][][] rounds, Jvms slots) {
            int k = rounds[0].length;
            double[][] slotMeans = new double[k][slots.count()];
            for (int r = 0; r < rounds.length; r++) {
                double[][] round = rounds[r];
                for (int f = 0; f < round[0].length; f++) {
                    double slotMean = 0;
                    for (int v = 0; v < k; v++) {
                        slotMean += Math.log(round[v][f]) / k;
                    }
                    for (int v = 0; v < k; v++) {
                        slotMeans[v][slots.index(r, f)] += (Math.log(round[v][f]) - slotMean) / slots.rounds(r);
                    }
                }
            }
            return slotMeans;
        }

        /**
         * Which JVM (or slot) each round's fork f is: fork f of the round's generation, numbered over the generations
         * present (a generation may have fewer JVMs than the others: the last, when the time left held only some); and how
         * many rounds each generation has, to average a JVM over its own.
         */
        record Jvms(int[] generationIndex, int[] firstOfGeneration, int[] roundsOfGeneration, int count) {

            static Jvms of(double[][][] rounds, int[] generation) {
                int[] distinct = Arrays.stream(generation).distinct().sorted().toArray();
                int[] index = new int[rounds.length];
                int[] counts = new int[distinct.length];
                int[] sizes = new int[distinct.length];
                for (int r = 0; r < rounds.length; r++) {
                    index[r] = Arrays.binarySearch(distinct, generation[r]);
                    counts[index[r]]++;
                    sizes[index[r]] = rounds[r][0].length;
                }
                int[] first = new int[distinct.length];
                int count = 0;
                for (int g = 0; g < distinct.length; g++) {
                    first[g] = count;
                    count += sizes[g];
                }
                return new Jvms(index, first, counts, count);
            }

            /** The generations present. */
            int generations() {
                return roundsOfGeneration.length;
            }

            int index(int round, int fork) {
                return firstOfGeneration[generationIndex[round]] + fork;
            }

            /** The rounds of round {@code round}'s generation. */
            int rounds(int round) {
                return roundsOfGeneration[generationIndex[round]];
            }
        }

        /**
         * Each variant's log value minus its round's mean log value: relative[variant][round]. {@code k} is given, not
         * read off the first round: with no complete round there is none, and every variant still gets its (empty) row.
         */
        private static double[][] relativeLogs(double[][] byVariant, int k) {
            double[][] relative = new double[k][byVariant.length];
            for (int r = 0; r < byVariant.length; r++) {
                double mean =
                        Arrays.stream(byVariant[r]).map(Math::log).average().orElseThrow();
                for (int v = 0; v < k; v++) {
                    relative[v][r] = Math.log(byVariant[r][v]) - mean;
                }
            }
            return relative;
        }
    }

    private static List<PairVerdict> pairs(
            List<String> labels, Estimates estimates, boolean higherIsBetter, Settings settings) {
        double margin = settings.equivalenceMargin();
        int k = labels.size();
        var ratios = new ArrayList<PairedRatio>();
        var indices = new ArrayList<int[]>();
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                ratios.add(estimates.pair(i, j));
                indices.add(new int[] {i, j});
            }
        }
        Holm.Decision[] decisions = Holm.decide(
                ratios.stream().mapToDouble(PairedRatio::pValue).toArray(), settings.alpha(), settings::nominal);
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
            PairVerdict.Outcome outcome = !ratio.estimable()
                    ? PairVerdict.Outcome.UNDECIDED
                    : decisions[p].rejected() && interval.excludesOne()
                            ? PairVerdict.Outcome.DIFFERENT
                            : interval.within(margin) ? PairVerdict.Outcome.EQUIVALENT : PairVerdict.Outcome.UNDECIDED;
            pairs.add(new PairVerdict(
                    labels.get(first),
                    labels.get(second),
                    value,
                    oriented.low(),
                    oriented.high(),
                    confidence,
                    ratio.pValue(),
                    ratio.roundToRoundSpread(),
                    outcome));
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
                boolean different = pairs.stream()
                        .anyMatch(pair -> pair.is(leader, label) && pair.outcome() == PairVerdict.Outcome.DIFFERENT);
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
