/**
 * A comparison's verdicts from the values its rounds measured: paired ratios between variants with their intervals,
 * corrected for the pairs and the looks, as ordered groups of tied variants ({@link
 * dev.stackbench.core.compare.analysis.PairedAnalysis}); the looks and the error rate each spends ({@code Looks}); how a
 * round's trials shared the machine ({@code Schedule}), which decides how the values pair; a trial's values by metric
 * ({@code TrialValues}); and the verdicts ({@code PairVerdict}, {@code MetricVerdict}).
 *
 * <p>May import {@code result} and {@code stats}; nothing of how the values were measured.
 */
package dev.stackbench.core.compare.analysis;
