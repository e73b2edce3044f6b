/**
 * stackbench as a library in the user's own build: {@link dev.stackbench.core.api.Stackbench#compare()} builds a
 * comparison of the user's application's variants (a builder over {@code Comparison}, {@code Design},
 * {@code LoadSetup} and {@code Variant}), runs it as {@code compare} does (each variant in a JVM of its own), and
 * answers with typed verdicts that a JUnit test asserts on ({@link dev.stackbench.core.api.Compared},
 * {@link dev.stackbench.core.api.Verdict}, {@link dev.stackbench.core.api.Pair}).
 *
 * <p>May import {@code compare}, {@code variant}, {@code app} (how the application starts), {@code load},
 * {@code load.engine} (the stop request a comparison polls),
 * {@code result}, {@code gate} (a pair's "not worse" check is the gate's) and {@code report} (the comparison's page);
 * nothing of stackbench imports it (the user's tests do). No dependency on JUnit: a failed assertion is an
 * {@link java.lang.AssertionError}, which every test framework reports as a failure.
 */
package dev.stackbench.core.api;
