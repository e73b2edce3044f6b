/**
 * Load definitions, validated before anything runs: the profiles (closed, open, ramps; a sealed
 * {@link dev.stackbench.core.load.LoadProfile}), their schedules (the intended start of request i,
 * users over time), warm-up ({@link dev.stackbench.core.load.Warmup}), request mixes and templates,
 * the options as people write them ({@link dev.stackbench.core.load.LoadOption}, declared once) and
 * the validated {@link dev.stackbench.core.load.LoadRun}. Nothing here opens a socket.
 *
 * <p>May import {@code vocabulary} (durations, think times, stages, the load model), {@code steady} (the
 * warm-up's documented constants) and {@code server} (workload names); never {@code load.engine},
 * which executes these definitions.
 */
package dev.stackbench.core.load;
