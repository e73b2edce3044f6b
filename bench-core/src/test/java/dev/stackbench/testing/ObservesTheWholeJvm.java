package dev.stackbench.testing;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that reads something of this whole test JVM (its threads by name, the CPU of every thread, a profile of
 * them): another class's servers beside it would be read too, however fast either runs, so it runs alone, as a class
 * that {@link MeasuresSpeed} does.
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
@ResourceLock(value = SharedResources.MACHINE, mode = ResourceAccessMode.READ_WRITE)
public @interface ObservesTheWholeJvm {}
