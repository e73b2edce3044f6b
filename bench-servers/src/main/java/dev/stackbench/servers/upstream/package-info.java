/**
 * The nested HTTP calls of the workloads: a blocking client for blocking approaches, WebClient for the
 * non-blocking one, to the server itself or to {@code stackbench.upstream.uri}.
 *
 * <p>Imports nothing else of stackbench, not even bench-core's {@code server} or {@code vocabulary}.
 */
package dev.stackbench.servers.upstream;
