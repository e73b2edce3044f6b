/**
 * The JMH suite: {@code ServerLoadBenchmark} (each approach serving a workload while stackbench's load
 * generator drives it; the score is the server's rate of successful responses), the trial's wait until
 * the load is steady, and {@code LatencyProfiler}, which adds each iteration's latency percentiles.
 *
 * <p>May import bench-core and the server SPI; nothing of the command line.
 */
package dev.stackbench.jmh;
