/**
 * What machine a measurement ran on, so that no verdict is read off another machine silently: its fingerprint
 * ({@link dev.stackbench.core.machine.Machine}: processor, caches, hypervisor, memory, kernel, cgroup limits, huge
 * pages, clock source, JDK), read from {@code /proc} and {@code /sys} by {@link dev.stackbench.core.machine.MachineProbe},
 * a short fixed CPU-bound {@link dev.stackbench.core.machine.Calibration} that says how fast it is, and the
 * {@link dev.stackbench.core.machine.MachineStore} that keeps both per boot and remembers the last other machine
 * measured. A verdict (a gate's, a report's ranking, a comparison's) holds on one machine; two machines are the same
 * when {@link dev.stackbench.core.machine.Machine#differencesFrom} finds nothing that sets them apart.
 *
 * <p>Imports nothing else of stackbench: every other package may import it.
 */
package dev.stackbench.core.machine;
