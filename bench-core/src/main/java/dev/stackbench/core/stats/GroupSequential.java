package dev.stackbench.core.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Group-sequential boundaries: a test looked at after planned shares of its information (the information fractions
 * {@code t1 < t2 < ... <= 1}, here rounds so far over the most rounds) spends its error rate over the looks by a
 * Lan-DeMets spending function {@code alpha(t)}, so that the chance of any false alarm at any look is {@code alpha},
 * where a Bonferroni split ({@code alpha / looks} at each) keeps it well below and wastes power. The boundaries come from
 * the joint distribution of the look statistics (a Brownian motion observed at the fractions), by the recursive
 * numerical integration of Armitage, McPherson and Rowe (1969), as Jennison and Turnbull (2000, ch. 19) write it: the
 * density of the statistic on the continuation region is carried from look to look on a grid, and each look's boundary
 * is the one whose crossing probability is the share of alpha that look spends.
 *
 * <p>What a look's test uses is its <b>nominal level</b>: the two-sided p-value below which it declares, {@code 2 (1 -
 * Phi(c_k))} for the boundary {@code c_k}. A test whose statistic is Student's t (estimated variance) compares its own
 * p-value with it, the usual approximation.
 *
 * <pre>{@code
 * GroupSequential looks = GroupSequential.of(new double[] {5 / 30.0, 8 / 30.0, 12 / 30.0, 18 / 30.0, 27 / 30.0, 1}, Spending.OBRIEN_FLEMING);
 * looks.nominalLevel(0.05, 5, false);   // the last look's: 0.036, where Bonferroni gives 0.05 / 6 = 0.0083
 * looks.nominalLevel(0.05, 0, false);   // the first look's: about 2e-6 (O'Brien-Fleming spends little early)
 * }</pre>
 *
 * <p>Boundaries are computed once per alpha and kept by the instance (its only state; thread-safe).
 */
public final class GroupSequential {

    /** Lan and DeMets' spending functions: how much of {@code alpha} is spent by information fraction {@code t}. */
    public enum Spending {
        /**
         * {@code 2 - 2 Phi(z_{1 - alpha/2} / sqrt(t))}: O'Brien-Fleming-like, spends almost nothing early and nearly all of
         * alpha at the last look, whose level stays close to a single test's.
         */
        OBRIEN_FLEMING("O'Brien-Fleming-like"),
        /** {@code alpha ln(1 + (e - 1) t)}: Pocock-like, spends about evenly, so early looks can decide. */
        POCOCK("Pocock-like");

        private final String words;

        Spending(String words) {
            this.words = words;
        }

        /** The share of {@code alpha} spent by information fraction {@code t} (0 at 0, {@code alpha} at 1). */
        public double spent(double alpha, double t) {
            if (t <= 0) {
                return 0;
            }
            if (t >= 1) {
                return alpha;
            }
            return switch (this) {
                case OBRIEN_FLEMING ->
                    2 * STANDARD.survivalProbability(STANDARD.inverseSurvivalProbability(alpha / 2) / Math.sqrt(t));
                case POCOCK -> alpha * Math.log(1 + (Math.E - 1) * t);
            };
        }

        /** "O'Brien-Fleming-like", for summaries. */
        public String words() {
            return words;
        }
    }

    /** The grid's points over a look's continuation region (odd, for Simpson's rule). */
    static final int GRID_POINTS = 301;
    /** A boundary beyond this many standard deviations is never crossed: the look spends nothing. */
    static final double NO_BOUNDARY = 40;

    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);

    private final double[] fractions;
    private final Spending spending;
    private final Map<String, double[]> levels = new ConcurrentHashMap<>();

    private GroupSequential(double[] fractions, Spending spending) {
        this.fractions = fractions;
        this.spending = spending;
    }

    /**
     * @param fractions each look's information fraction, increasing, in (0, 1]; the last is usually 1
     * @throws IllegalArgumentException when they are not increasing within (0, 1]
     */
    public static GroupSequential of(double[] fractions, Spending spending) {
        check(fractions);
        if (spending == null) {
            throw new IllegalArgumentException("a spending function must be given (OBRIEN_FLEMING or POCOCK)");
        }
        return new GroupSequential(fractions.clone(), spending);
    }

    public int looks() {
        return fractions.length;
    }

    public Spending spending() {
        return spending;
    }

    /**
     * The nominal two-sided level of look {@code look} (from 0) for a family error rate of {@code alpha} over all looks.
     *
     * @param spendsTheRest whether this look is the last analysis, whatever its fraction: it then spends all of alpha
     *                      that the looks before it left (valid when the decision to stop there did not depend on the
     *                      data, e.g. a time limit); otherwise it spends {@code alpha(t_look)} in all
     */
    public double nominalLevel(double alpha, int look, boolean spendsTheRest) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be between 0 and 1, got " + alpha);
        }
        if (look < 0 || look >= fractions.length) {
            throw new IllegalArgumentException(
                    "look must be between 0 and " + (fractions.length - 1) + ", got " + look);
        }
        String key = alpha + (spendsTheRest ? "/rest/" + look : "");
        double[] nominal = levels.computeIfAbsent(key, unused -> {
            int count = spendsTheRest ? look + 1 : fractions.length;
            double[] cumulative = new double[count];
            for (int k = 0; k < count; k++) {
                cumulative[k] = spendsTheRest && k == look ? alpha : spending.spent(alpha, fractions[k]);
            }
            return levels(boundaries(Arrays.copyOf(fractions, count), cumulative));
        });
        return nominal[look];
    }

    /** Two-sided nominal levels of boundaries on the z scale. */
    public static double[] levels(double[] boundaries) {
        return Arrays.stream(boundaries)
                .map(c -> 2 * STANDARD.survivalProbability(c))
                .toArray();
    }

    /**
     * The two-sided boundaries {@code c_k} on the z scale such that, for a standardised Brownian motion observed at
     * {@code fractions} ({@code Z_k = B(t_k) / sqrt(t_k)}), the chance of {@code |Z_j| >= c_j} at some look {@code j <= k}
     * is {@code cumulative[k]}.
     *
     * @param cumulative non-decreasing, the error spent by each look, below 1
     */
    public static double[] boundaries(double[] fractions, double[] cumulative) {
        check(fractions);
        if (cumulative.length != fractions.length) {
            throw new IllegalArgumentException(
                    "one cumulative error per look, got " + cumulative.length + " for " + fractions.length + " looks");
        }
        int looks = fractions.length;
        double[] boundaries = new double[looks];
        double spentBefore = 0;
        // The density of S_k = B(t_k) on the continuation region of look k, for paths not stopped yet.
        double[] grid = null;
        double[] density = null;
        double[] weights = null;
        for (int k = 0; k < looks; k++) {
            double spend = cumulative[k] - spentBefore;
            if (!(cumulative[k] < 1) || spend < -1e-12) {
                throw new IllegalArgumentException(
                        "the cumulative error must be non-decreasing and below 1, got " + Arrays.toString(cumulative));
            }
            double t = fractions[k];
            if (k == 0) {
                boundaries[0] = spend <= 0 ? NO_BOUNDARY : STANDARD.inverseSurvivalProbability(spend / 2);
            } else {
                double step = t - fractions[k - 1];
                double[] fromGrid = grid;
                double[] fromMass = new double[grid.length];
                for (int i = 0; i < grid.length; i++) {
                    fromMass[i] = density[i] * weights[i];
                }
                boundaries[k] = spend <= 0 ? NO_BOUNDARY : solve(fromGrid, fromMass, Math.sqrt(t), step, spend);
            }
            spentBefore = Math.max(spentBefore, cumulative[k]);
            if (k == looks - 1) {
                break;
            }
            // the density on this look's continuation region, carried to the next look
            double half = Math.min(boundaries[k], NO_BOUNDARY / 4) * Math.sqrt(t);
            double[] next = new double[GRID_POINTS];
            double[] nextWeights = simpson(-half, half);
            double[] nextGrid = new double[GRID_POINTS];
            for (int i = 0; i < GRID_POINTS; i++) {
                nextGrid[i] = -half + 2 * half * i / (GRID_POINTS - 1);
            }
            if (k == 0) {
                double sd = Math.sqrt(t);
                for (int i = 0; i < GRID_POINTS; i++) {
                    next[i] = STANDARD.density(nextGrid[i] / sd) / sd;
                }
            } else {
                double sd = Math.sqrt(t - fractions[k - 1]);
                for (int i = 0; i < GRID_POINTS; i++) {
                    double sum = 0;
                    for (int j = 0; j < grid.length; j++) {
                        sum += weights[j] * density[j] * STANDARD.density((nextGrid[i] - grid[j]) / sd);
                    }
                    next[i] = sum / sd;
                }
            }
            grid = nextGrid;
            density = next;
            weights = nextWeights;
        }
        return boundaries;
    }

    /** The boundary c whose crossing probability at the next look is {@code spend}, by bisection. */
    private static double solve(double[] grid, double[] mass, double sqrtT, double step, double spend) {
        double sd = Math.sqrt(step);
        double low = 0;
        double high = NO_BOUNDARY;
        for (int iteration = 0; iteration < 100; iteration++) {
            double c = (low + high) / 2;
            double crossing = 0;
            for (int i = 0; i < grid.length; i++) {
                crossing += mass[i]
                        * (STANDARD.survivalProbability((c * sqrtT - grid[i]) / sd)
                                + STANDARD.cumulativeProbability((-c * sqrtT - grid[i]) / sd));
            }
            if (crossing > spend) {
                low = c;
            } else {
                high = c;
            }
        }
        return (low + high) / 2;
    }

    /** Simpson's weights for {@link #GRID_POINTS} equally spaced points over [a, b]. */
    private static double[] simpson(double a, double b) {
        double h = (b - a) / (GRID_POINTS - 1);
        double[] weights = new double[GRID_POINTS];
        for (int i = 0; i < GRID_POINTS; i++) {
            weights[i] = h / 3 * (i == 0 || i == GRID_POINTS - 1 ? 1 : i % 2 == 1 ? 4 : 2);
        }
        return weights;
    }

    private static void check(double[] fractions) {
        if (fractions == null || fractions.length == 0) {
            throw new IllegalArgumentException("a sequential test needs at least one look");
        }
        double previous = 0;
        for (double fraction : fractions) {
            if (!(fraction > previous && fraction <= 1)) {
                throw new IllegalArgumentException(
                        "the information fractions must increase within (0, 1], got " + Arrays.toString(fractions));
            }
            previous = fraction;
        }
    }
}
