/**
 * A comparison's design planned from the question instead of guessed: the variance components of a pilot (what JVMs of
 * one variant differ by, what trials of one JVM differ by: {@link dev.stackbench.core.plan.VarianceComponents}, the
 * corrected estimator of Kalibera and Jones), what a JVM and a trial cost ({@link dev.stackbench.core.plan.Costs}), and
 * the {@link dev.stackbench.core.plan.Planner} that turns them, with the smallest difference worth knowing, the
 * confidence, the power and an optional time budget ({@link dev.stackbench.core.plan.Question}), into a
 * {@link dev.stackbench.core.plan.Plan}: JVMs per variant, trials per JVM, the expected time and the power, or the
 * difference a budget resolves. Pure computation: it measures nothing and runs nothing.
 *
 * <p>Imports nothing of stackbench but the vocabulary (every package may); the comparison that runs a pilot and follows
 * its plan imports this package, not the other way round.
 */
package dev.stackbench.core.plan;
