/**
 * Comparisons that survive a noisy machine, run by {@link dev.stackbench.core.compare.ComparisonRunner}: what is compared
 * and how ({@code Comparison}, its {@code Design}, planned from a pilot by {@code PilotPlan} when {@code --detect} asks);
 * every variant in JVMs of its own, started with {@code VariantCommand}'s command line (from an AOT cache that {@code
 * VariantAot} trains), warmed up by {@code Warmups}, in generations when a variant has more JVMs than live at once; rounds
 * of randomly ordered trials, in turns or together ({@code RoundSchedule}), ended by {@code NothingServed} when a variant
 * served nothing; and {@code comparison.json} ({@code ComparisonResult}, {@code ComparisonFiles}) with its summary and
 * warnings. Its parts, each a package:
 *
 * <ul>
 *   <li>{@code compare.jvm}: one variant's JVM, both sides of it, and the orders and replies between them;
 *   <li>{@code compare.analysis}: the paired verdicts from the rounds' values, the looks and what they spend;
 *   <li>{@code compare.machines}: one comparison made on several machines, side by side (it reads this package).
 * </ul>
 *
 * <p>May import {@code compare.jvm} and {@code compare.analysis}, {@code variant}, {@code scenario} (its runs as
 * variants), {@code app} (a variant of the user's application, and its source, to check its main class is on the class
 * path the variants' JVMs get), {@code load}, {@code load.engine}, {@code profile} (each variant's server profiled),
 * {@code result}, {@code result.read}, {@code steady} (its constants), {@code stats} and {@code plan} (the plan a pilot
 * suggests), and {@code jvm} (the AOT caches its variants' JVMs start from); not the gate or the report, which read what
 * it writes.
 */
package dev.stackbench.core.compare;
