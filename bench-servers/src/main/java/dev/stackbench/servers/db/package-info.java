/**
 * The databases: H2 in memory by default or PostgreSQL, reached by JDBC over HikariCP or by R2DBC, the
 * same schema and seed data for both; Redis (Lettuce, blocking or reactive template) and MongoDB (the
 * sync or Reactive Streams driver; an embedded mongo-java-server by default) for the movies workload's
 * other stores. Bounded connection waits everywhere, and a server that cannot reach its database at
 * start saying so.
 *
 * <p>Imports nothing else of stackbench, not even bench-core's {@code server} or {@code vocabulary}.
 */
package dev.stackbench.servers.db;
