/**
 * The {@code crud} workload: contacts created, read, listed, updated and deleted, persisted for real
 * over JDBC or R2DBC.
 *
 * <p>May import {@code servers.dispatch}, and {@code servers.db} (the answer timeout its R2DBC form is bounded by).
 */
package dev.stackbench.servers.contacts;
