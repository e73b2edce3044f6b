/**
 * Gates: rules (relative to a baseline, ratios between targets, throughput bounds, error limits) checked
 * against results, with verdicts that a noisy machine cannot fake: a limit fails only when crossed by
 * the whole 95% bootstrap interval, a missing target fails, a target measured differently is refused,
 * a window that was not steady fails its baseline comparisons. Also the exports for CI tools and the
 * deliberate baseline update.
 *
 * <p>May import {@code dev.stackbench.core.result}, {@code result.read}, {@code stats} and {@code compare} (the records of
 * {@code comparison.json}, for {@code gate --comparison}); not the report, the load generator or the servers.
 */
package dev.stackbench.core.gate;
