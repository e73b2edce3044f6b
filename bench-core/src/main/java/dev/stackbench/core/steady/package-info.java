/**
 * Steady state, tested rather than assumed: the {@link dev.stackbench.core.steady.MannKendall} trend
 * test, the verdict on a measured window ({@link dev.stackbench.core.steady.WindowVerdict}) and the
 * warm-up that lasts until the JIT is quiet and nothing trends ({@link dev.stackbench.core.steady.WarmupUntilSteady}).
 * Pure functions of series of numbers: no clock, no threads.
 *
 * <p>May import {@code dev.stackbench.core.result} (the verdict's record) and {@code dev.stackbench.core.stats}
 * (its one quantile), and what every package may (the vocabulary, {@code core.server}, {@code core.machine}); no other
 * package of stackbench.
 */
package dev.stackbench.core.steady;
