/**
 * A comparison's variants, each in a JVM of its own: the coordinator's side of one such JVM ({@link
 * dev.stackbench.core.compare.jvm.VariantJvm}: started, told what to do one order at a time, read back one reply at a
 * time), the JVM's main class ({@link dev.stackbench.core.compare.jvm.VariantProcess}: its server in-process or its
 * application's process, and its own load generator), the lines between them ({@code VariantOrder}, {@code
 * VariantReply}) with what every order carries ({@code LoadSetup}, {@code ComparisonProfile}), and a JVM that could not go
 * on ({@code VariantFailure}). What a round asks of the JVMs, and in which order, is the comparison's
 * ({@code dev.stackbench.core.compare}).
 *
 * <p>May import {@code variant} and {@code app} (the server a variant names), {@code load} and {@code load.engine} (the
 * load each trial runs), {@code profile} (a trial's profile) and {@code result}; nothing else of the comparison.
 */
package dev.stackbench.core.compare.jvm;
