package dev.stackbench.cluster;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.engine.SegmentRun;
import dev.stackbench.core.result.ResultFiles;
import java.util.Arrays;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What coordinator and agents say to each other: small records, sent as JSON bytes, so the cluster library
 * carries only bytes and no class of ours needs its serialization.
 */
sealed interface ClusterMessage {

    /** The coordinator's clock probe: {@code sentEpochNanos} by its clock, echoed back. */
    record TimeQuery(long sentEpochNanos) implements ClusterMessage {}

    /** The agent's answer to a {@link TimeQuery}: its own clock when it answered. */
    record TimeReply(long queriedEpochNanos, long agentEpochNanos) implements ClusterMessage {}

    /**
     * Run segment {@code segmentIndex} of {@code segmentCount} of {@code run} (the coordinator's own, validated there),
     * starting at {@code startEpochNanos} by the agent's clock.
     */
    record Order(String runId, LoadRun run, long segmentIndex, long segmentCount, long startEpochNanos)
            implements ClusterMessage {}

    /** An agent's measurements of its segment. */
    record Report(String runId, SegmentRun run) implements ClusterMessage {}

    /**
     * The coordinator has an agent's report. An agent leaves only after this (or a timeout): the cluster may tell of
     * its leaving before its last, large message arrives, and would make it look lost.
     */
    record Acknowledged(String runId) implements ClusterMessage {}

    /** The coordinator was interrupted: stop the run now and send what was measured (a {@link Report}), as a single run would keep it. */
    record Stop(String runId, String reason) implements ClusterMessage {}

    /** An agent could not run its segment (a run its side cannot make, an unresolvable host): why, in words. */
    record Failed(String runId, String reason) implements ClusterMessage {}

    JsonMapper JSON = ResultFiles.json();

    static byte[] encode(ClusterMessage message) {
        var envelope = JSON.createObjectNode();
        envelope.put("type", message.getClass().getSimpleName());
        envelope.set("body", JSON.valueToTree(message));
        return JSON.writeValueAsBytes(envelope);
    }

    static ClusterMessage decode(byte[] bytes) {
        JsonNode envelope = JSON.readTree(bytes);
        String type = envelope.path("type").asString();
        var kind = Arrays.stream(ClusterMessage.class.getPermittedSubclasses())
                .filter(c -> c.getSimpleName().equals(type))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown cluster message '" + type
                        + "': agents and coordinator must " + "run the same stackbench"));
        return (ClusterMessage) JSON.treeToValue(envelope.get("body"), kind);
    }
}
