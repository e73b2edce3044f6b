package dev.stackbench.core.stats;

import java.util.Arrays;
import java.util.Comparator;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/**
 * Friedman's test of whether k variants measured in the same rounds differ at all: within each round the
 * variants are ranked (ties share their mean rank), and the statistic grows as the variants' rank sums move
 * apart. Ranks within a round do not care how fast the machine was in that round, so drift cannot fake a
 * difference. Corrected for ties; its p-value is from the chi-squared distribution with k-1 degrees of freedom.
 *
 * <pre>{@code
 * Friedman.Result overall = Friedman.test(valuesByRound);   // double[round][variant]
 * overall.pValue();                                        // small: the variants differ somewhere
 * }</pre>
 */
public final class Friedman {

    /** @param statistic the tie-corrected chi-squared statistic; @param degreesOfFreedom k - 1; @param pValue NaN when not computable */
    public record Result(double statistic, int degreesOfFreedom, double pValue) {}

    private Friedman() {}

    /** @param values values[round][variant]; at least two variants and two rounds, else a NaN p-value */
    public static Result test(double[][] values) {
        int n = values.length;
        int k = n == 0 ? 0 : values[0].length;
        if (n < 2 || k < 2) {
            return new Result(Double.NaN, Math.max(k - 1, 0), Double.NaN);
        }
        double[] rankSums = new double[k];
        double ties = 0;
        for (double[] round : values) {
            if (round.length != k) {
                throw new IllegalArgumentException("every round needs " + k + " values, got " + round.length);
            }
            double[] ranks = ranks(round);
            for (int j = 0; j < k; j++) {
                rankSums[j] += ranks[j];
            }
            ties += tieTerm(round);
        }
        double sumSquares = Arrays.stream(rankSums).map(r -> r * r).sum();
        double statistic = 12.0 / (n * k * (k + 1.0)) * sumSquares - 3.0 * n * (k + 1);
        double correction = 1 - ties / (n * (k * (double) k * k - k));
        if (correction <= 0) {
            return new Result(0, k - 1, 1); // every round all ties: nothing differs
        }
        statistic /= correction;
        return new Result(statistic, k - 1, ChiSquaredDistribution.of(k - 1).survivalProbability(statistic));
    }

    /** Ranks 1..k, ties sharing their mean rank. */
    static double[] ranks(double[] values) {
        int k = values.length;
        Integer[] order = new Integer[k];
        for (int i = 0; i < k; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        double[] ranks = new double[k];
        for (int start = 0; start < k; ) {
            int end = start;
            while (end + 1 < k && values[order[end + 1]] == values[order[start]]) {
                end++;
            }
            double mean = (start + end) / 2.0 + 1;
            for (int i = start; i <= end; i++) {
                ranks[order[i]] = mean;
            }
            start = end + 1;
        }
        return ranks;
    }

    /** Sum over groups of tied values of (t^3 - t). */
    private static double tieTerm(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double term = 0;
        for (int start = 0; start < sorted.length; ) {
            int end = start;
            while (end + 1 < sorted.length && sorted[end + 1] == sorted[start]) {
                end++;
            }
            int t = end - start + 1;
            term += (double) t * t * t - t;
            start = end + 1;
        }
        return term;
    }
}
