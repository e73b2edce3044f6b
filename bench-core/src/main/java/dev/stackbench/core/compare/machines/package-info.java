/**
 * Comparisons of one question made on several machines, held side by side: a row per pair, a column per machine
 * ({@link dev.stackbench.core.compare.machines.MachineMatrix}), and in words where the machines agree and where a verdict
 * is a fact about one machine only ({@code MachineAgreement}).
 *
 * <p>May import {@code compare} and {@code compare.analysis} (the comparisons it reads) and {@code result}.
 */
package dev.stackbench.core.compare.machines;
