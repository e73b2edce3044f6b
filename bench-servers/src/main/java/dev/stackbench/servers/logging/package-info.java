/**
 * The in-process servers' logs: warnings and errors on stderr, one line each, repeats condensed into
 * counts, so that {@code load}'s stdout carries its summary and nothing else.
 *
 * <p>Imports nothing else of stackbench, not even bench-core's {@code server} or {@code vocabulary}.
 */
package dev.stackbench.servers.logging;
