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
 * A test class that reads something of this whole test JVM (its threads by name, the CPU of every thread, a profile of
 * them): another class's servers beside it would be read too, however fast either runs, so it runs alone ({@link
 * Isolated}), as a class that {@link MeasuresSpeed} does.
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
@Tag(TestGroups.ALONE)
@ResourceLock(Resources.GLOBAL) // what @Isolated is: alone, whatever JVM runs them
public @interface ObservesTheWholeJvm {}
