/**
 * The {@code movies} workload: GET by director and POST of movie lists over a store ({@code stackbench.movies.store}:
 * SQL by JDBC or R2DBC, Redis, MongoDB; blocking or reactive as the approach says), with a Caffeine cache in front
 * of reads and every field of a movie validated.
 *
 * <p>May import {@code servers.dispatch}, {@code servers.date} (its query parameters), {@code servers.upstream}
 * and {@code servers.db} (the known data set).
 */
package dev.stackbench.servers.movies;
