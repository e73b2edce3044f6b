/**
 * The Spring Boot 4 applications behind bench-core's server SPI: one context per started variant, on
 * Tomcat or Reactor Netty, with stackbench's settings in one place ({@code ServerDefaults}) and the
 * limits a server reports read back from what Spring resolved ({@code ResolvedLimits}).
 *
 * <p>May import bench-core's {@code server} package and its own feature packages; nothing of bench-core
 * besides the SPI, and nothing of bench-jmh.
 */
package dev.stackbench.servers;
