package dev.stackbench.testing;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A test class whose assertions hold however much of the machine it gets (exit codes, messages, files, exact counts,
 * upper bounds that physics sets): it runs beside other such classes, overlapping their waits (fixed windows, JVM
 * starts), in a JVM with C1 only ({@link TestGroups}); those {@link BoundByWaits} run after them, then those that {@link
 * MeasuresSpeed} or {@link ObservesTheWholeJvm}, one at a time. Its deadlines must allow for a third of the machine (a
 * fifth in bench-core, whose behaviour run has five classes at once) and for code that C2 never compiles.
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
public @interface ChecksBehaviour {}
