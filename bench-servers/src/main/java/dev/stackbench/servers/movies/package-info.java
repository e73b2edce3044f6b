/**
 * The {@code movies} workload: GET by director and POST of movie lists over a database (JDBC or R2DBC),
 * with a Caffeine cache in front of reads and every field of a movie validated.
 *
 * <p>May import {@code servers.dispatch}, {@code servers.date} (its query parameters) and {@code servers.upstream}.
 */
package dev.stackbench.servers.movies;
