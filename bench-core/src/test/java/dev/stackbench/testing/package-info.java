/**
 * What the tests of every module share: whether a test class may run beside others (the root pom runs test classes
 * three at a time): {@link dev.stackbench.testing.MeasuresSpeed} and {@link dev.stackbench.testing.ObservesTheWholeJvm}
 * run alone, {@link dev.stackbench.testing.ChecksBehaviour} beside each other, and {@link
 * dev.stackbench.testing.SharedResources} names what two classes must not use at once. Test code only (bench-core's
 * test jar).
 */
package dev.stackbench.testing;
