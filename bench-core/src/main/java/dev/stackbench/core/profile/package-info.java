/**
 * Profiles of the server under load: a recording of the measured window(s) only (JDK Flight Recorder in-process, or in
 * an application's own JVM through jcmd; or async-profiler for native frames and wall-clock samples), read back into stacks of the server's threads (the load
 * generator's and the measurement's left out), the facts derived from them (top frames, allocation, lock and pinning
 * time, GC pauses), collapsed-stack files, and flame graphs (async-profiler's converter renders them) with their
 * differences between two runs. {@link dev.stackbench.core.profile.ProfileRecorder} is the entry point.
 *
 * <p>May import {@code dev.stackbench.core.result} (the records it fills) and the JDK's {@code jdk.jfr}, async-profiler's
 * {@code one.profiler} and its converter's {@code one.convert} and {@code one.jfr}; nothing that runs load or servers:
 * callers tell it which windows and threads to keep. The only package that imports async-profiler or its converter,
 * and with {@code jvm} (its virtual-thread events) the only one that imports {@code jdk.jfr}.
 */
package dev.stackbench.core.profile;
