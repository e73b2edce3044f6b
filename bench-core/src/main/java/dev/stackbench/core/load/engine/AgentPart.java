package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.Segment;

/**
 * One agent of a run from several generators, as the coordinator knows it: its share, how its clock compares,
 * and what it measured, or how it was lost.
 *
 * @param clockOffsetMs its clock minus the coordinator's
 * @param roundTripMs   the round trip of the offset's estimate (its error is at most half of it)
 * @param run           what it measured; null if it was lost
 * @param lost          how it was lost (left the cluster, sent nothing in time); null if it finished
 */
public record AgentPart(
        String name, Segment segment, double clockOffsetMs, double roundTripMs, SegmentRun run, String lost) {}
