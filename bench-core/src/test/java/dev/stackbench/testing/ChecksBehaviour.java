package dev.stackbench.testing;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A test class whose assertions hold however much of the machine it gets (exit codes, messages, files, exact counts,
 * upper bounds that physics sets): it runs beside other such classes, overlapping their waits (fixed windows, JVM
 * starts); those that {@link MeasuresSpeed} or {@link ObservesTheWholeJvm} run after them, one at a time. Its deadlines
 * must allow for a third of the machine.
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
public @interface ChecksBehaviour {}
