/**
 * Comparisons that survive a noisy machine: every variant in a JVM of its own serving with its own in-process load
 * generator ({@link dev.stackbench.core.compare.VariantProcess}, driven by the coordinator's
 * {@code VariantJvm}, started with {@code VariantCommand}'s command line, warmed up by {@code Warmups}, in generations when a variant has more
 * JVMs than live at once); rounds of randomly
 * ordered trials ({@link dev.stackbench.core.compare.ComparisonRunner}), in turns or together ({@code RoundSchedule});
 * paired verdicts, corrected for the pairs and the looks, as ordered groups of tied variants
 * ({@link dev.stackbench.core.compare.PairedAnalysis}); and {@code comparison.json}
 * ({@link dev.stackbench.core.compare.ComparisonResult}) with its summary.
 *
 * <p>May import {@code variant}, {@code scenario} (its runs as variants), {@code app} (a variant of the user's application,
 * and its source, to check its main class is on the class path the variants' JVMs get), {@code load}, {@code load.engine},
 * {@code profile} (each variant's server profiled), {@code result}, {@code result.read},
 * {@code steady} (its constants), {@code stats} and {@code plan} (the plan its first rounds suggest for {@code --detect},
 * {@link dev.stackbench.core.compare.PilotPlan}, which a planned design follows), and {@code jvm} (the AOT caches its
 * variants' JVMs start from, {@code VariantAot}); not the gate or the report, which read what it writes.
 */
package dev.stackbench.core.compare;
