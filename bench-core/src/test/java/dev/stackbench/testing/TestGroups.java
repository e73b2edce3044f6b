package dev.stackbench.testing;

/**
 * The JUnit tags that put a test class in one of a module's three test runs (the root pom's surefire executions, one
 * JVM each, in this order): classes that {@link ChecksBehaviour}, untagged, three at a time (five in bench-core: the
 * root pom's stackbench.tests.parallelism) in a JVM with C1 only,
 * whose JIT would otherwise be a third of that JVM's CPU, and nothing they assert depends on it; classes {@link
 * BoundByWaits}, three at a time, after them; classes that run {@link #ALONE}, one at a time, last.
 */
public final class TestGroups {

    /** {@link BoundByWaits}: beside each other, never beside the behaviour classes' CPU. */
    public static final String WAITS = "bound-by-waits";

    /** {@link MeasuresSpeed} and {@link ObservesTheWholeJvm}: the machine and the JVM to themselves. */
    public static final String ALONE = "alone";

    private TestGroups() {}
}
