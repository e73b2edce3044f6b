/**
 * What a run produced and how it is written: the {@link dev.stackbench.core.result.RunResult} record
 * ({@code result.json}, schema {@code stackbench.load/1}), the histograms behind it
 * ({@link dev.stackbench.core.result.Measurement}, one precision: {@link dev.stackbench.core.result.Histograms}),
 * the files written atomically beside it ({@link dev.stackbench.core.result.ResultFiles}: timeline.csv,
 * latency.hlog, latency.hgrm), the summary, thresholds, the metric vocabulary and the bound that explains a
 * run's throughput. Reading results back is {@code result.read}'s job.
 *
 * <p>May import {@code dev.stackbench.core.server} (approaches, limits) and {@code vocabulary} (the words results
 * write) only; nothing that runs load.
 */
package dev.stackbench.core.result;
