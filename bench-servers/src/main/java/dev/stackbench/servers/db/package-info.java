/**
 * The databases: H2 in memory by default or PostgreSQL, reached by JDBC over HikariCP or by R2DBC, the
 * same schema and seed data for both, bounded connection waits, and a server that cannot reach its
 * database at start saying so.
 *
 * <p>Imports nothing else of stackbench.
 */
package dev.stackbench.servers.db;
