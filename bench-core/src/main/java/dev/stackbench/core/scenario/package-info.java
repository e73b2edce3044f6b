/**
 * Scenarios: lists of runs (approach, workload, load) in one YAML file, or experiment 004's k6 CSV
 * read as written; the reference experiments bundled as {@code seed-000} to {@code seed-004}; the
 * command line's options layered over a file's; running them one after another, each against its own
 * in-process server, profiled if asked ({@code ProfiledRun}).
 *
 * <p>May import {@code load}, {@code load.engine} (to run), {@code profile} (to record the server), {@code result},
 * {@code server} and {@code app} (a run of the user's own application).
 */
package dev.stackbench.core.scenario;
