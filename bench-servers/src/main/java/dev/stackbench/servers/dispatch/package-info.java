/**
 * How each approach runs a request's blocking work (one switch, {@code DispatchConfiguration}), and how
 * every stack answers failures: one decision of status and message ({@code Failure}), one JSON error
 * body written for MVC and WebFlux, request bodies read within one size limit.
 *
 * <p>May import bench-core's {@code server} package and {@code servers.db} (to tell a database that is
 * down); the feature packages (date, movies, contacts) import this one, never the reverse.
 */
package dev.stackbench.servers.dispatch;
