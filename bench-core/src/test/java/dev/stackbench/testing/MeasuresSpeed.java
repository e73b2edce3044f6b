package dev.stackbench.testing;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A test class some of whose assertions depend on the speed this machine gives it (a ratio or verdict between measured
 * variants, a rate reached, a lower bound, a steady-state or saturation verdict, a deadline of a few seconds): it has
 * the machine to itself. Such classes run one at a time ({@link Isolated}), after all the others, in a JVM of their own
 * with the full JIT ({@link TestGroups#ALONE}). A class whose measurements only waits fix is {@link BoundByWaits}
 * instead. Every test class says which it is, this, {@link BoundByWaits}, {@link ObservesTheWholeJvm} or {@link
 * ChecksBehaviour} (src-test's {@code TestsShareTheMachineTest}).
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
@Tag(TestGroups.ALONE)
@ResourceLock(Resources.GLOBAL) // what @Isolated is: alone, whatever JVM runs them
public @interface MeasuresSpeed {}
