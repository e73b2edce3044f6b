/**
 * Executes a {@link dev.stackbench.core.load.LoadRun}: event loops of its own, one
 * {@link dev.stackbench.core.load.engine.Worker} per loop owning its connections, counters and
 * recorders, one {@link dev.stackbench.core.load.engine.LoadDriver} per load model (open arrivals,
 * closed users), and a coordinator that only merges ({@code RunCoordinator}: warm-up, measured
 * window, drain; {@code IntervalCollector}; {@code ResultAssembly}; {@code LoadLimits}). Every
 * request scheduled in the window gets an outcome. Public: {@link dev.stackbench.core.load.engine.LoadGenerator},
 * {@link dev.stackbench.core.load.engine.LoadSession}, {@link dev.stackbench.core.load.engine.StopRequest},
 * {@link dev.stackbench.core.load.engine.ProgressListener} with the {@link dev.stackbench.core.load.engine.LiveInterval} it
 * hands live outputs and {@link dev.stackbench.core.load.engine.ForwardingProgressListener} for one that adds to another,
 * and for runs over agents
 * {@link dev.stackbench.core.load.engine.SegmentRun} (what an agent measured) and
 * {@link dev.stackbench.core.load.engine.AgentPart} (its share of a merge); everything else is package-private, and no
 * class outside reads engine internals (src-test's PackageRulesTest holds this list).
 *
 * <p>May import {@code load}, {@code result}, {@code steady} and {@code jvm}; never gate, report or scenario.
 */
package dev.stackbench.core.load.engine;
