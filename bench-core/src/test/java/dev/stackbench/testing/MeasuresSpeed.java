package dev.stackbench.testing;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class some of whose assertions depend on the speed this machine gives it (a ratio or verdict between measured
 * variants, a rate reached, a lower bound, a steady-state or saturation verdict, a deadline of a few seconds): it has
 * the machine to itself, no other test class runs beside it. Every test class says which it is, this or
 * {@link ChecksBehaviour} (src-test's {@code TestsShareTheMachineTest}); the root pom runs test classes in parallel.
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
@ResourceLock(value = SharedResources.MACHINE, mode = ResourceAccessMode.READ_WRITE)
public @interface MeasuresSpeed {}
