package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.Warmup;
import dev.stackbench.core.result.CompressedHistogram;
import dev.stackbench.core.result.Histograms;
import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.vocabulary.Segment;
import dev.stackbench.core.vocabulary.TimelinePhase;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Two segments of one open-model run, run side by side in this JVM against a real server and merged: the
 * result is the single generator's schedule, its histograms are the agents' added, a lost agent is named.
 */
@ChecksBehaviour
class SegmentMergeTest {

    @Test
    void twoSegmentsMergeIntoTheSingleSchedulesRequestsWithHistogramsAdded() throws Exception {
        try (var server = new MisbehavingServer()) {
            var run = LoadRun.of(
                            server.uri("/ok"), new LoadProfile.Open(300, Duration.ofSeconds(2)), Duration.ofMillis(500))
                    .withConnections(4)
                    .withThreads(2);
            var single = EngineRuns.measure(run).result();
            var parts = runAgents(run);

            var merged = LoadGenerator.merge(run, RunResult.Target.url(run.target()), Instant.now(), "same JVM", parts)
                    .result();

            assertThat(merged.requests().scheduled())
                    .as("the single schedule's measured requests")
                    .isEqualTo(single.requests().scheduled())
                    .isEqualTo(600);
            assertThat(merged.requests().ok() + merged.requests().errors())
                    .isEqualTo(merged.requests().scheduled());
            assertThat(merged.agents().partial()).isFalse();
            assertThat(merged.agents().agents())
                    .extracting(agent -> agent.segment().toString())
                    .containsExactly("0/2", "1/2");
            assertThat(merged.agents().agents())
                    .extracting(RunResult.Agent::scheduled)
                    .containsExactly(300L, 300L);
            // Histograms added interval by interval: the merged percentiles are those of the agents' latencies pooled.
            var pooled = Histograms.newLatencyHistogram();
            parts.forEach(part -> part.run().intervals().forEach(interval -> pooled.add(decode(interval.measured()))));
            assertThat(pooled.getTotalCount()).isEqualTo(merged.requests().ok());
            assertThat(merged.latencyMs()).isEqualTo(Percentiles.ofNanos(pooled));
            assertThat(merged.timeline())
                    .extracting(TimelineRow::phase)
                    .contains(TimelinePhase.WARMUP, TimelinePhase.MEASURED);
        }
    }

    /** The merged result is written and read back as any other: gate and report read it with its agents section. */
    @Test
    void aMergedResultIsWrittenAndReadBackWithItsAgents(@org.junit.jupiter.api.io.TempDir java.nio.file.Path out)
            throws Exception {
        try (var server = new MisbehavingServer()) {
            var run = LoadRun.of(
                            server.uri("/ok"), new LoadProfile.Open(100, Duration.ofSeconds(1)), Duration.ofMillis(300))
                    .withConnections(2);
            var parts = runAgents(run);
            var measurement =
                    LoadGenerator.merge(run, RunResult.Target.url(run.target()), Instant.now(), "same JVM", parts);

            dev.stackbench.core.result.ResultFiles.write(out, measurement);
            var read = dev.stackbench.core.result.read.ResultReader.readFile(
                    out.resolve(dev.stackbench.core.result.ResultFiles.RESULT_JSON));

            assertThat(read).hasSize(1);
            var result = read.getFirst().result();
            assertThat(result.agents()).isEqualTo(measurement.result().agents());
            assertThat(result.jvm())
                    .as("not collected from agents: absent, never 0")
                    .isNull();
            assertThat(result.requests()).isEqualTo(measurement.result().requests());
            assertThat(read.getFirst().intervals()).isNotEmpty();

            // A coordinator interrupted (Ctrl-C) merges what its agents sent when told to stop: marked interrupted, as
            // one generator's run is.
            var stopped = LoadGenerator.merge(
                    run, RunResult.Target.url(run.target()), Instant.now(), "same JVM", parts, "interrupted (SIGINT)");
            assertThat(stopped.result().window().interrupted()).isTrue();
            assertThat(stopped.result().window().steadiness().reason())
                    .isEqualTo("not tested: the run was stopped early");
            assertThat(measurement.result().window().interrupted()).isFalse();
        }
    }

    /** Closed model: users 0, 2 go to the first agent, 1, 3 to the second; each finishes what it sends, and the sums are the merge's. */
    @Test
    void closedModelUsersAreSplitAndTheirOutcomesAddUp() throws Exception {
        try (var server = new MisbehavingServer()) {
            var run = LoadRun.of(
                            server.uri("/ok"),
                            LoadGeneratorTest.closed(4, Duration.ofSeconds(1)),
                            Duration.ofMillis(300))
                    .withThreads(2);
            var parts = runAgents(run);

            var merged = LoadGenerator.merge(run, RunResult.Target.url(run.target()), Instant.now(), "same JVM", parts)
                    .result();

            var agents = merged.agents().agents();
            assertThat(agents).allSatisfy(agent -> assertThat(agent.ok()).isPositive());
            assertThat(merged.requests().ok())
                    .isEqualTo(agents.get(0).ok() + agents.get(1).ok());
            assertThat(merged.requests().scheduled())
                    .isEqualTo(agents.get(0).scheduled() + agents.get(1).scheduled())
                    .isEqualTo(merged.requests().ok() + merged.requests().errors());
            assertThat(merged.timeline())
                    .allSatisfy(row -> assertThat(row.openConnections()).isLessThanOrEqualTo(4));
        }
    }

    @Test
    void aLostAgentMakesThePartialResultThatNamesItAndKeepsTheOthers() throws Exception {
        try (var server = new MisbehavingServer()) {
            var run = LoadRun.of(
                            server.uri("/ok"), new LoadProfile.Open(200, Duration.ofSeconds(1)), Duration.ofMillis(300))
                    .withConnections(2)
                    .withThreads(1);
            var parts = runAgents(run);
            var lost = new AgentPart("agent-b", parts.get(1).segment(), 0.1, 0.2, null, "left the cluster at 0.7 s");

            var merged = LoadGenerator.merge(
                            run,
                            RunResult.Target.url(run.target()),
                            Instant.now(),
                            "same JVM",
                            List.of(parts.get(0), lost))
                    .result();

            assertThat(merged.agents().partial()).isTrue();
            assertThat(merged.warnings().getFirst())
                    .startsWith("PARTIAL: agent agent-b (segment 1/2) was lost: left the cluster");
            assertThat(merged.requests().scheduled())
                    .isEqualTo(parts.get(0).run().measured(WorkerCounters.SCHEDULED))
                    .isEqualTo(100);
            assertThat(merged.agents().agents().get(1).finished()).isFalse();
        }
    }

    /** An agent that sent a report without intervals has nothing to merge by number: it is lost, named, not a crash. */
    @Test
    void anAgentPartWithoutIntervalsIsLostNotMerged() throws Exception {
        try (var server = new MisbehavingServer()) {
            var run = LoadRun.of(
                            server.uri("/ok"), new LoadProfile.Open(200, Duration.ofSeconds(1)), Duration.ofMillis(300))
                    .withConnections(2)
                    .withThreads(1);
            var parts = runAgents(run);
            var sent = parts.get(1).run();
            var empty = new AgentPart(
                    "agent-b",
                    parts.get(1).segment(),
                    0,
                    0,
                    new SegmentRun(
                            sent.segment(),
                            sent.windowStartNanos(),
                            sent.windowEndNanos(),
                            List.of(),
                            sent.counters(),
                            0,
                            List.of(),
                            0,
                            Map.of()),
                    null);

            var merged = LoadGenerator.merge(
                            run,
                            RunResult.Target.url(run.target()),
                            Instant.now(),
                            "same JVM",
                            List.of(parts.get(0), empty))
                    .result();

            assertThat(merged.agents().partial()).isTrue();
            assertThat(merged.warnings().getFirst())
                    .isEqualTo("PARTIAL: agent agent-b (segment 1/2) was lost: sent measurements "
                            + "without a single interval; its share of the load is missing from these numbers");
            assertThat(merged.requests().scheduled())
                    .isEqualTo(parts.get(0).run().measured(WorkerCounters.SCHEDULED));
        }
    }

    /**
     * An agent that starts after the agreed instant keeps the agreed schedule: what came due meanwhile is sent late, and
     * that lateness is in its latency (request 0 was due at the origin, so its latency is at least the lateness).
     */
    @Test
    void aLateSegmentRunsFromTheAgreedOriginAndItsLatenessIsLatency() throws Exception {
        try (var server = new MisbehavingServer()) {
            var run = LoadRun.of(server.uri("/ok"), new LoadProfile.Open(100, Duration.ofSeconds(1)), Duration.ZERO)
                    .withConnections(2)
                    .withThreads(1);
            long lateMillis = 400;

            var part = LoadGenerator.runSegment(
                    run,
                    new Segment(0, 1),
                    Instant.now().minusMillis(lateMillis),
                    ProgressListener.NONE,
                    new StopRequest());

            assertThat(part.startLateNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(lateMillis));
            var latency = Histograms.newLatencyHistogram();
            part.intervals().forEach(interval -> latency.add(decode(interval.measured())));
            assertThat(latency.getTotalCount())
                    .as("every request of the schedule, none skipped")
                    .isEqualTo(100);
            assertThat(latency.getMaxValue())
                    .as("request 0, due at the origin, finished after the late start")
                    .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(lateMillis) * 999 / 1000);
        }
    }

    @Test
    void aWarmupUntilSteadyIsRefusedForASegment() throws Exception {
        try (var server = new MisbehavingServer()) {
            var run = LoadRun.of(
                    server.uri("/ok"), new LoadProfile.Open(100, Duration.ofSeconds(1)), Warmup.untilSteady());
            assertThatThrownBy(() -> LoadGenerator.runSegment(
                            run, new Segment(0, 2), null, ProgressListener.NONE, new StopRequest()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("fixed --warmup");
        }
    }

    /** Both halves at once, from one agreed instant, as two agents would. */
    private static List<AgentPart> runAgents(LoadRun run) throws Exception {
        var start = Instant.now().plusMillis(1500);
        try (var pool = Executors.newFixedThreadPool(2)) {
            var first = pool.submit(() ->
                    LoadGenerator.runSegment(run, new Segment(0, 2), start, ProgressListener.NONE, new StopRequest()));
            var second = pool.submit(() ->
                    LoadGenerator.runSegment(run, new Segment(1, 2), start, ProgressListener.NONE, new StopRequest()));
            return List.of(
                    new AgentPart("agent-a", new Segment(0, 2), 0, 0, first.get(30, TimeUnit.SECONDS), null),
                    new AgentPart("agent-b", new Segment(1, 2), 0, 0, second.get(30, TimeUnit.SECONDS), null));
        }
    }

    private static Histogram decode(byte[] bytes) {
        return new CompressedHistogram(bytes).decompress();
    }
}
