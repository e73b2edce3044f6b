/**
 * What is compared, as data: a {@link dev.stackbench.core.variant.Variant} is a label, how its server starts
 * (a {@link dev.stackbench.core.variant.ServerSource}: a built-in approach serving a workload, or the user's own
 * application), the server's properties and the JVM options of the process it runs in. Read from the command
 * line's text ({@link dev.stackbench.core.variant.VariantText}); started in this JVM by
 * {@link dev.stackbench.core.variant.VariantServer}.
 *
 * <p>May import {@code server}, {@code result}, {@code scenario} (its in-process servers) and {@code app} (the user's
 * application as a variant's server); nothing that runs load or compares.
 */
package dev.stackbench.core.variant;
