package dev.stackbench.core.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a pilot's trials differ by, split by level, on the log scale (so that a relative difference is what is planned):
 * between JVMs of one variant (an offset a JVM keeps for its whole life: its JIT's choices, its memory's layout) and
 * between trials of one JVM. The unbiased estimator of Kalibera and Jones ("Rigorous Benchmarking in Reasonable Time",
 * ISMM 2013), corrected as in softdevteam/libkalibera: with {@code n} trials in each of {@code J} JVMs,
 *
 * <pre>
 *   S²trial = Σj Σk (yjk − ȳj)² / (J (n − 1))      the trials' variance about their JVM's mean
 *   S²jvm   = Σj (ȳj − ȳ)² / (J − 1)               the variance of the JVMs' means
 *   between-JVM variance = max(0, S²jvm − S²trial / n)   (a JVM's mean carries S²trial / n of trial noise)
 *   within-JVM variance  = S²trial
 * </pre>
 *
 * <pre>{@code
 * VarianceComponents pilot = VarianceComponents.of(new double[][] {{41.2, 40.8}, {43.0, 43.5}, {39.9, 40.3}}); // µs per request
 * pilot.betweenJvm();   // the variance of a JVM's log offset
 * pilot.withinJvm();    // the variance of a trial's log value about its JVM's mean
 * }</pre>
 *
 * @param betweenJvm   the variance of the JVMs' own offsets, on the log scale (0 when the JVMs' means differ no more
 *                     than their trials' noise explains)
 * @param withinJvm    the variance of a trial about its JVM's mean, on the log scale
 * @param jvms         how many JVMs it was estimated from
 * @param trialsPerJvm how many trials each of them had
 */
public record VarianceComponents(double betweenJvm, double withinJvm, int jvms, int trialsPerJvm) {

    /** @throws IllegalArgumentException naming the bad value */
    public VarianceComponents {
        if (!(betweenJvm >= 0) || !Double.isFinite(betweenJvm)) {
            throw new IllegalArgumentException("the between-JVM variance must be 0 or more, got " + betweenJvm);
        }
        if (!(withinJvm >= 0) || !Double.isFinite(withinJvm)) {
            throw new IllegalArgumentException("the within-JVM variance must be 0 or more, got " + withinJvm);
        }
        if (betweenJvm == 0 && withinJvm == 0) {
            throw new IllegalArgumentException(
                    "the variances are both 0: nothing varies, so there is nothing to plan (a pilot of equal values?)");
        }
    }

    /** From known variances (on the log scale), as if from a pilot of that size. */
    public static VarianceComponents known(double betweenJvm, double withinJvm) {
        return new VarianceComponents(betweenJvm, withinJvm, 0, 0);
    }

    /**
     * @param byJvm measured values, byJvm[jvm][trial], all positive; every JVM with the same number of trials
     * @throws IllegalArgumentException on fewer than 2 JVMs or 2 trials per JVM, unequal trials per JVM, or a value that
     *                                  is not a positive number
     */
    public static VarianceComponents of(double[][] byJvm) {
        double[][] logs = new double[byJvm.length][];
        for (int j = 0; j < byJvm.length; j++) {
            logs[j] = new double[byJvm[j].length];
            for (int k = 0; k < byJvm[j].length; k++) {
                double value = byJvm[j][k];
                if (!(value > 0) || !Double.isFinite(value)) {
                    throw new IllegalArgumentException("a pilot's values must be positive numbers (they are planned as "
                            + "ratios), got " + value + " in JVM " + (j + 1) + ", trial " + (k + 1));
                }
                logs[j][k] = Math.log(value);
            }
        }
        return ofLogs(logs);
    }

    /** As {@link #of}, from values already on the log scale. */
    public static VarianceComponents ofLogs(double[][] byJvm) {
        int jvms = byJvm.length;
        if (jvms < 2) {
            throw new IllegalArgumentException("a pilot needs at least 2 JVMs to see what JVMs differ by, got " + jvms);
        }
        int n = byJvm[0].length;
        if (n < 2) {
            throw new IllegalArgumentException(
                    "a pilot needs at least 2 trials per JVM to see what trials differ by, got " + n);
        }
        for (int j = 1; j < jvms; j++) {
            if (byJvm[j].length != n) {
                throw new IllegalArgumentException("every JVM of a pilot needs the same number of trials, got " + n
                        + " in JVM 1 and " + byJvm[j].length + " in JVM " + (j + 1));
            }
        }
        double[] means = new double[jvms];
        double within = 0;
        for (int j = 0; j < jvms; j++) {
            means[j] = Arrays.stream(byJvm[j]).average().orElseThrow();
            for (double value : byJvm[j]) {
                within += (value - means[j]) * (value - means[j]);
            }
        }
        double withinVariance = within / (jvms * (n - 1.0));
        double grand = Arrays.stream(means).average().orElseThrow();
        double between = 0;
        for (double mean : means) {
            between += (mean - grand) * (mean - grand);
        }
        double jvmMeansVariance = between / (jvms - 1.0);
        return new VarianceComponents(Math.max(0, jvmMeansVariance - withinVariance / n), withinVariance, jvms, n);
    }

    /**
     * Several pilots' components pooled (e.g. one per variant of a comparison), each weighted by its degrees of freedom
     * at its level: {@code J - 1} between JVMs, {@code J (n - 1)} within.
     *
     * @throws IllegalArgumentException when there is none, or one was not estimated from a pilot
     */
    public static VarianceComponents pooled(List<VarianceComponents> pilots) {
        if (pilots.isEmpty()) {
            throw new IllegalArgumentException("pooling needs at least one pilot's components, got none");
        }
        double between = 0;
        double within = 0;
        int betweenDf = 0;
        int withinDf = 0;
        int jvms = 0;
        for (VarianceComponents pilot : pilots) {
            if (pilot.jvms() < 2) {
                throw new IllegalArgumentException(
                        "only components estimated from a pilot can be pooled, got " + pilot);
            }
            between += pilot.betweenJvm() * (pilot.jvms() - 1);
            betweenDf += pilot.jvms() - 1;
            within += pilot.withinJvm() * pilot.jvms() * (pilot.trialsPerJvm() - 1);
            withinDf += pilot.jvms() * (pilot.trialsPerJvm() - 1);
            jvms += pilot.jvms();
        }
        return new VarianceComponents(
                between / betweenDf, within / withinDf, jvms, pilots.getFirst().trialsPerJvm());
    }

    /**
     * These components pooled with {@code earlier} pilots' ({@link #pooled}), these first; themselves when there is none.
     * A pilot of three JVMs per variant estimates what JVMs differ by poorly (0.0% in one pilot here, 2.1% in another of
     * the same comparison on the same afternoon): earlier pilots of the same kind on the same machine steady it.
     */
    public VarianceComponents pooledWith(List<VarianceComponents> earlier) {
        if (earlier.isEmpty()) {
            return this;
        }
        var all = new ArrayList<VarianceComponents>();
        all.add(this);
        all.addAll(earlier);
        return pooled(all);
    }

    /** The variance, on the log scale, of the mean of {@code trials} trials of one JVM: what one JVM tells. */
    public double ofJvmMean(int trials) {
        return betweenJvm + withinJvm / trials;
    }
}
