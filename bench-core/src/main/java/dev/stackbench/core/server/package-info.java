/**
 * What can be measured, as data: the approaches ({@link dev.stackbench.core.server.Approach}: a web stack
 * and where blocking work runs), the workloads and their request parameters, and the server-variant SPI
 * ({@link dev.stackbench.core.server.ServerVariantProvider}, found by ServiceLoader) through which a
 * started server reports its address, settings and {@link dev.stackbench.core.server.ServerLimits} (the
 * numbers that bound it), never its framework's property names.
 *
 * <p>Imports nothing else of stackbench: every other package may import it.
 */
package dev.stackbench.core.server;
