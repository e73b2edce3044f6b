/**
 * The {@code crud} workload: contacts created, read, listed, updated and deleted, persisted for real
 * over JDBC or R2DBC.
 *
 * <p>May import {@code servers.dispatch}.
 */
package dev.stackbench.servers.contacts;
