package dev.stackbench.testing;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A test class some of whose assertions depend on the speed this machine gives it (a ratio or verdict between measured
 * variants, a rate reached, a lower bound, a steady-state or saturation verdict, a deadline of a few seconds): it has
 * the machine to itself. JUnit runs such classes ({@link Isolated}) one at a time after all the others, which run in
 * parallel (root pom). Every test class says which it is, this, {@link ObservesTheWholeJvm} or {@link ChecksBehaviour}
 * (src-test's {@code TestsShareTheMachineTest}).
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
@ResourceLock(Resources.GLOBAL) // what @Isolated is: JUnit runs these after all the others
public @interface MeasuresSpeed {}
