package dev.stackbench.e2e;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class whose assertions hold however much of the machine it gets (exit codes, messages, files, exact counts,
 * upper bounds that physics sets): it runs beside another such class, which halves the build's time on the waits of
 * both (JVM starts, fixed windows), and never beside a class that {@link MeasuresSpeed}. Its deadlines must allow for
 * half the machine.
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
@ResourceLock(value = SharedResources.MACHINE, mode = ResourceAccessMode.READ)
public @interface ChecksBehaviour {}
