/**
 * The statistics gates and reports share, so that both call the same thing a difference: one
 * definition of a sample quantile ({@link dev.stackbench.core.stats.Quantile}), the latency percentile
 * of merged histograms exactly as HdrHistogram computes it, the two-level bootstrap over runs and
 * their within-run samples ({@link dev.stackbench.core.stats.Bootstrap}), the
 * {@link dev.stackbench.core.stats.Estimate} it yields, the one-sided test on the excess over a
 * limit ({@link dev.stackbench.core.stats.Excess}), and the paired tests of comparisons: ratios
 * ({@link dev.stackbench.core.stats.PairedRatio}), Holm's correction over pairs
 * ({@link dev.stackbench.core.stats.Holm}) and the error rate spent over looks
 * ({@link dev.stackbench.core.stats.GroupSequential}).
 *
 * <p>The t and chi-squared distributions come from Apache Commons Statistics (commons-statistics-distribution); the
 * tests stay ours on purpose: its inference module has no Friedman test, and its {@code TTest} takes raw samples, not
 * the pooled standard error and degrees of freedom of JVMs that compare's fork estimators give (docs/architecture.md).
 *
 * <p>May import {@code dev.stackbench.core.result} and {@code dev.stackbench.core.result.read};
 * nothing above it (gate, report).
 */
package dev.stackbench.core.stats;
