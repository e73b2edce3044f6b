/**
 * The {@code date} workload: the date as text after an optional wait and nested HTTP calls, written once
 * blocking and once reactive, routed for MVC and WebFlux.
 *
 * <p>May import {@code servers.dispatch} and {@code servers.upstream}.
 */
package dev.stackbench.servers.date;
