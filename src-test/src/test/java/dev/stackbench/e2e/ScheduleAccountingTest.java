package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.server.WorkloadParams;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every scheduled request accounted for against the real stacks: ok + errors = scheduled, whatever
 * the overload and the protocol. Expectations come from the server's bound (N threads holding each
 * request D serve N/D per second) and the offered rate, never from this machine's speed.
 */
@ChecksBehaviour
class ScheduleAccountingTest {

    private static RunResult run(LoadRun run) throws Exception {
        return Results.measure(run, ProgressListener.NONE);
    }

    private static void assertEveryScheduledRequestHasAnOutcome(RunResult result) {
        var requests = result.requests();
        assertThat(requests.ok() + requests.errors())
                .as("ok + errors = scheduled: %s", requests)
                .isEqualTo(requests.scheduled());
        assertThat(requests.sent()).as("sent <= scheduled: %s", requests).isLessThanOrEqualTo(requests.scheduled());
        assertThat(result.latencyMs().count()).isEqualTo(requests.ok());
    }

    /**
     * platform-tomcat with 4 threads and 50 ms per request serves at most B = 80/s; offered R = 160/s
     * for T = 4 s. Request i, due at i/R, ends no earlier than about i/B, so the whole schedule's
     * latencies spread up to T (R/B - 1) = 4 s: p50 about 2 s, p99 about 4 s. Tomcat's queue is not
     * strictly first-in first-out, so the bounds below are loose; without the drain, p99 read about 2 s.
     */
    @Test
    void atTwiceTomcatsBoundTheWholeScheduleIsMeasured() throws Exception {
        int threads = 4;
        long delayMillis = 50;
        double bound = threads * 1000.0 / delayMillis;
        double rate = 2 * bound;
        Duration window = Duration.ofSeconds(4);
        double longestWaitMillis = window.toMillis() * (rate / bound - 1);
        RunResult result;
        try (var servers = new Servers()) {
            RunningServer server = servers.start(ServerSpec.of(Approach.PLATFORM_TOMCAT, Workload.DATE)
                    .withServerProperties(Map.of(
                            "server.tomcat.threads.max",
                            String.valueOf(threads),
                            "server.tomcat.threads.min-spare",
                            String.valueOf(threads))));
            var mix = WorkloadMixes.of(Workload.DATE, Map.of(WorkloadParams.DELAY_MILLIS, String.valueOf(delayMillis)));
            result = run(LoadRun.of(server.baseUri(), new LoadProfile.Open(rate, window), Duration.ofSeconds(1))
                    .withMix(mix)
                    .withConnections(400));
        }

        assertEveryScheduledRequestHasAnOutcome(result);
        assertThat(result.requests().scheduled()).isEqualTo(Math.round(rate * window.toSeconds()));
        assertThat(result.requests().errors()).as("%s", result.requests()).isZero();
        assertThat(result.rps()).isLessThanOrEqualTo(1.1 * bound);
        assertThat(result.latencyMs().p50()).isGreaterThan(0.35 * longestWaitMillis);
        assertThat(result.latencyMs().p99()).isGreaterThan(0.8 * longestWaitMillis);
    }

    /**
     * HTTP/2 on both stacks, many streams on two generator loops: every callback runs on the loop that
     * owns the stream's counters, so the counts balance exactly, and the bytes are what crossed the
     * wire (frames and headers too), more than the bodies alone.
     */
    @ParameterizedTest
    @ValueSource(strings = {"platform-tomcat", "webflux-netty"})
    void http2CountsAreExactUnderLoad(String approach) throws Exception {
        RunResult open;
        RunResult closed;
        try (var servers = new Servers()) {
            RunningServer server = servers.start(
                    ServerSpec.of(Approach.fromId(approach), Workload.DATE).withHttp2(true));
            var mix = WorkloadMixes.of(Workload.DATE, Map.of(WorkloadParams.DELAY_MILLIS, "5"));
            open = run(LoadRun.of(
                            server.baseUri(), new LoadProfile.Open(500, Duration.ofSeconds(3)), Duration.ofSeconds(1))
                    .withMix(mix)
                    .withHttp2(true)
                    .withThreads(2)
                    .withConnections(200));
            closed = run(LoadRun.of(
                            server.baseUri(),
                            new LoadProfile.Closed(64, ThinkTime.NONE, Duration.ofSeconds(2), OptionalLong.empty()),
                            Duration.ofSeconds(1))
                    .withMix(mix)
                    .withHttp2(true)
                    .withThreads(2));
        }

        for (RunResult result : new RunResult[] {open, closed}) {
            assertEveryScheduledRequestHasAnOutcome(result);
            assertThat(result.requests().errors()).as("%s", result.requests()).isZero();
            assertThat(result.requests().sent()).isEqualTo(result.requests().scheduled());
            // Each answer crosses as at least a 9-byte DATA frame header and the body; HPACK shrinks
            // repeated response headers to a few bytes, so nothing more can be assumed.
            long dateBody = "Sun Nov 22 16:13:33 UTC 2026".length();
            long frameHeader = 9;
            assertThat(result.bytes().received())
                    .as("%s", result.bytes())
                    .isGreaterThan((frameHeader + dateBody) * result.requests().ok());
            assertThat(result.bytes().sent())
                    .as("%s", result.bytes())
                    .isGreaterThanOrEqualTo(
                            (frameHeader + 1) * result.requests().sent());
        }
        assertThat(open.requests().scheduled()).isEqualTo(1500);
    }
}
