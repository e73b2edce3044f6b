/**
 * Load from several generator hosts: {@code agent}s join a cluster, {@code load --agents N} (the coordinator) deals
 * the schedule out to them, starts them at one agreed instant and merges what they measured into one result.
 * JGroups carries the bytes, and only {@link dev.stackbench.cluster.ClusterChannel} knows it: a run without agents
 * loads no class of this package, so nothing of the cluster library enters it.
 *
 * <p>May import bench-core (the run it deals out, the engine's segments, results); nothing of the command line, which
 * calls it. Only {@code ClusterChannel} imports JGroups.
 */
package dev.stackbench.cluster;
