/**
 * What the tests of every module share: whether a test class may run beside others, and in which of the module's three
 * test runs ({@link dev.stackbench.testing.TestGroups}): {@link dev.stackbench.testing.ChecksBehaviour} beside each other
 * first, {@link dev.stackbench.testing.BoundByWaits} beside each other next, {@link
 * dev.stackbench.testing.MeasuresSpeed} and {@link dev.stackbench.testing.ObservesTheWholeJvm} alone last; {@link
 * dev.stackbench.testing.SharedResources} names what two classes must not use at once. Test code only (bench-core's test
 * jar).
 */
package dev.stackbench.testing;
