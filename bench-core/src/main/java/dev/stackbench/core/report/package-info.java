/**
 * The HTML report: a winners table ranked with the gate's own test of a difference, the bound that
 * explains each run's throughput, compared and per-run charts (XChart), laid out by a Thymeleaf
 * template that escapes every value. Profiled runs add their flame graphs and their differences
 * (rendered by {@code profile}).
 *
 * <p>May import {@code dev.stackbench.core.result}, {@code result.read}, {@code stats}, {@code profile}, and {@code compare}
 * and {@code variant} (a comparison's records and its variants, for its page), and of {@code server} only the servers'
 * limits as results record them ({@code server.ServerLimits}, with its {@code server.Execution}, where handlers run); not
 * the gate, the load generator or the servers.
 */
package dev.stackbench.core.report;
