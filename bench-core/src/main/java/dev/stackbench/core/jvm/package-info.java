/**
 * The JVM's own numbers during a run, sampled on the coordinator's tick: CPU time by owner (server,
 * generator, measurement, JVM-internal), GC, allocation, heap, threads, JIT time, and virtual threads
 * and pinning from JFR. Counters are deltas, never cumulative values; what cannot be measured is null.
 *
 * <p>May import {@code dev.stackbench.core.result} (the records it fills), and what every package may (the vocabulary,
 * {@code core.server}, {@code core.machine}); no other package of stackbench. With
 * {@code profile}, the only package that imports the JDK's {@code jdk.jfr} (here a {@code RecordingStream} of the
 * virtual-thread events).
 */
package dev.stackbench.core.jvm;
