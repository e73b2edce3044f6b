package dev.stackbench.testing;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class that measures, but holds what it measures only to what waits fix: Little's law on pools and users
 * waiting 5-200 ms per request, ratios of such waits several times apart. Its servers need a small part of these 2 cores
 * (LittlesLawTest's eight runs together serve about 1,300 requests/s of 100 ms waits), so another such class beside it
 * moves none of its bounds, while the behaviour classes' CPU, which keeps both cores busy, could delay its requests past
 * a lower bound. So these run three at a time, after the behaviour classes, in a JVM of their own with the full JIT
 * ({@link TestGroups}). A class that also runs commonpool-tomcat in this JVM holds {@link SharedResources#COMMON_POOL}.
 */
@Documented
@Retention(RUNTIME)
@Target(TYPE)
@Tag(TestGroups.WAITS)
public @interface BoundByWaits {}
