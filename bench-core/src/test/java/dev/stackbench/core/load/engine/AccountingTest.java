package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.vocabulary.RequestFailure;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.core.vocabulary.TimelinePhase;
import dev.stackbench.testing.ChecksBehaviour;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every scheduled request is accounted for, whatever the overload: ok + errors = scheduled, latency
 * from the intended start, nothing vanishing at the window's end. Expectations come from physical
 * bounds (a pool of N threads holding each request D serves at most N/D per second), never from this
 * machine's speed. (What needs the machine to itself: {@link GeneratorPaceTest}.)
 */
@ChecksBehaviour
class AccountingTest {

    static void assertEveryScheduledRequestHasAnOutcome(RunResult result) {
        var requests = result.requests();
        assertThat(requests.ok() + requests.errors())
                .as("ok + errors = scheduled: %s", requests)
                .isEqualTo(requests.scheduled());
        assertThat(requests.sent())
                .as("sent never exceeds scheduled: %s", requests)
                .isLessThanOrEqualTo(requests.scheduled());
        assertThat(result.latencyMs().count())
                .as("the percentiles count every ok request")
                .isEqualTo(requests.ok());
    }

    /**
     * Twice what the server can serve: 4 threads x 50 ms = 80/s, offered 160/s for T = 4 s. The server
     * works through its first-in first-out queue at B = 80/s, so request i, due at i/R, ends near i/B:
     * its latency i (1/B - 1/R) grows evenly from D to T (R/B - 1) = 4 s. The whole schedule's p50 is
     * then about 2 s and its p99 about 4 s; before the drain existed, the half still queued at the
     * window's end was left out, and p99 read about 2 s.
     */
    @Test
    @Timeout(60)
    void atTwiceTheBoundEveryRequestOfTheScheduleIsMeasuredFromItsIntendedStart() throws Exception {
        int threads = 4;
        Duration delay = Duration.ofMillis(50);
        double bound = threads / (delay.toNanos() / 1e9);
        double rate = 2 * bound;
        Duration window = Duration.ofSeconds(4);
        double longestWaitMillis = window.toMillis() * (rate / bound - 1);
        RunResult result;
        try (var server = new PoolBoundServer(threads, delay)) {
            result = EngineRuns.result(LoadRun.of(server.uri("/"), new LoadProfile.Open(rate, window), Duration.ZERO)
                    .withConnections(200));
        }

        assertEveryScheduledRequestHasAnOutcome(result);
        assertThat(result.requests().scheduled()).isEqualTo(Math.round(rate * window.toSeconds()));
        assertThat(result.requests().errors()).as("%s", result.requests()).isZero();
        // The server cannot be faster than its bound, so latencies can only be longer than the ideal queue's.
        assertThat(result.latencyMs().p50()).isGreaterThan(0.4 * longestWaitMillis);
        assertThat(result.latencyMs().p99()).isGreaterThan(0.85 * longestWaitMillis);
        assertThat(result.rps()).isLessThanOrEqualTo(1.1 * bound);
        assertThat(result.timeline()).anySatisfy(row -> assertThat(row.phase()).isEqualTo(TimelinePhase.DRAIN));
    }

    /**
     * Far beyond the server: 20,000/s for 1 s on 10 connections, against 1 thread x 50 ms. Almost
     * everything waits for a connection and cannot finish within a 1 s response timeout after the
     * window: those end as unfinished timeouts, and only what was really written counts as sent.
     */
    @Test
    @Timeout(60)
    void whatIsNeverWrittenIsNotSentAndEndsAsAnUnfinishedTimeout() throws Exception {
        RunResult result;
        try (var server = new PoolBoundServer(1, Duration.ofMillis(50))) {
            result = EngineRuns.result(
                    LoadRun.of(server.uri("/"), new LoadProfile.Open(20_000, Duration.ofSeconds(1)), Duration.ZERO)
                            .withConnections(10)
                            .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1)));
        }

        assertEveryScheduledRequestHasAnOutcome(result);
        var requests = result.requests();
        assertThat(requests.scheduled()).isEqualTo(20_000);
        assertThat(requests.sent()).isLessThan(requests.scheduled() / 10);
        assertThat(requests.unfinished()).isGreaterThan(requests.scheduled() / 2);
        assertThat(requests.errorsByClass().get(RequestFailure.TIMEOUT)).isGreaterThanOrEqualTo(requests.unfinished());
        // One GET is always the same bytes: what went out on the wire is exactly the requests sent.
        long requestBytes = ("GET / HTTP/1.1\r\nHost: 127.0.0.1:"
                        + result.target().url().split(":")[2].replace("/", "") + "\r\nUser-Agent: stackbench\r\n\r\n")
                .length();
        assertThat(result.bytes().sent()).isEqualTo(requests.sent() * requestBytes);
        assertThat(result.warnings()).anySatisfy(warning -> assertThat(warning).contains("unfinished"));
    }

    /** --requests N counts N measured requests after the warm-up; the warm-up's requests are extra. */
    @Test
    @Timeout(60)
    void aRequestBudgetCountsOnlyMeasuredRequests() throws Exception {
        RunResult result;
        try (var server = new MisbehavingServer()) {
            result = EngineRuns.result(LoadRun.of(
                    server.uri("/ok"),
                    new LoadProfile.Closed(8, ThinkTime.NONE, Duration.ofSeconds(30), OptionalLong.of(400)),
                    Duration.ofSeconds(1)));
        }

        assertEveryScheduledRequestHasAnOutcome(result);
        assertThat(result.requests().scheduled()).isEqualTo(400);
        assertThat(result.requests().ok()).isEqualTo(400);
        assertThat(result.window().warmupSeconds()).isEqualTo(1.0);
        assertThat(result.window().measuredSeconds()).isPositive();
        assertThat(result.timeline())
                .filteredOn(row -> row.phase() == TimelinePhase.WARMUP)
                .isNotEmpty()
                .allSatisfy(row -> assertThat(row.ok()).isPositive());
        assertThat(result.rps()).as("%s %s", result.window(), result.timeline()).isPositive();
    }

    /**
     * A closed model against a port nobody listens on: each user backs off (50 ms doubling to 1 s)
     * between attempts, so the errors count the attempts a real client would make, not how fast the
     * generator can spin. The open model keeps its schedule: each due request is one error.
     */
    @Test
    @Timeout(60)
    void connectFailuresDoNotSpin() throws Exception {
        int port;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        URI closedPort = URI.create("http://127.0.0.1:" + port + "/");
        int users = 10;
        Duration window = Duration.ofSeconds(3);
        RunResult closed = EngineRuns.result(LoadRun.of(
                closedPort,
                new LoadProfile.Closed(users, ThinkTime.NONE, window, OptionalLong.empty()),
                Duration.ZERO));

        long attemptsPerUser = 1;
        for (long at = 0, failures = 1; at <= window.toNanos(); failures++) {
            at += ClosedUsers.backoffNanos((int) failures);
            attemptsPerUser++;
        }
        assertEveryScheduledRequestHasAnOutcome(closed);
        assertThat(closed.requests().errorsByClass()).containsOnlyKeys(RequestFailure.CONNECT);
        assertThat(closed.requests().errors()).isBetween((long) users, users * attemptsPerUser);

        RunResult open = EngineRuns.result(
                LoadRun.of(closedPort, new LoadProfile.Open(200, Duration.ofSeconds(1)), Duration.ZERO));
        assertEveryScheduledRequestHasAnOutcome(open);
        assertThat(open.requests().errorsByClass()).isEqualTo(Map.of(RequestFailure.CONNECT, 200L));
    }

    /**
     * A run stopped from another thread (as Ctrl-C does) returns soon, its window closed where it was
     * stopped and marked interrupted, every request it scheduled with an outcome: what was in flight
     * gets a short grace, the rest ends unfinished.
     */
    @Test
    @Timeout(30)
    void aStoppedRunReturnsWhatItMeasuredMarkedInterrupted() throws Exception {
        var stop = new StopRequest();
        RunResult result;
        try (var server = new PoolBoundServer(2, Duration.ofSeconds(3))) {
            // 4 connections: most due requests wait in the queue when the stop comes, already counted as measured.
            var run = LoadRun.of(
                            server.uri("/"), new LoadProfile.Open(20, Duration.ofSeconds(60)), Duration.ofMillis(500))
                    .withConnections(4);
            // Stopped in the third measured interval, by the run's own clock: a slow setup cannot stop it in the
            // warm-up.
            var measuredIntervals = new java.util.concurrent.atomic.AtomicInteger();
            ProgressListener stopper = new ProgressListener() {
                @Override
                public void interval(TimelineRow row) {
                    if (row.phase() == TimelinePhase.MEASURED && measuredIntervals.incrementAndGet() == 2) {
                        Thread.ofPlatform()
                                .daemon()
                                .start(
                                        () -> { // mid-interval, as a Ctrl-C comes
                                            try {
                                                TimeUnit.MILLISECONDS.sleep(300);
                                            } catch (InterruptedException e) {
                                                return;
                                            }
                                            stop.request("interrupted (SIGINT)");
                                        });
                    }
                }
            };
            result = LoadGenerator.run(run, RunResult.Target.url(run.target()), stopper, stop)
                    .result();
        }

        assertEveryScheduledRequestHasAnOutcome(result);
        assertThat(result.window().interrupted()).isTrue();
        assertThat(result.window().measuredSeconds()).isBetween(1.0, 10.0);
        assertThat(result.requests().scheduled()).isPositive();
        // 3 s per request on 2 threads: nothing sent after the warm-up can finish within the grace.
        assertThat(result.requests().unfinished()).isPositive();
        assertThat(result.window().steadiness().steady()).isFalse();
        assertThat(result.warnings()).contains("interrupted (SIGINT): the results hold what was measured until then");
    }

    /** Fewer connections than generator threads: every worker that has a share of the schedule has a connection for it. */
    @Test
    @Timeout(60)
    void fewerConnectionsThanThreadsStillSendTheWholeSchedule() throws Exception {
        RunResult result;
        try (var server = new MisbehavingServer()) {
            result = EngineRuns.result(
                    LoadRun.of(server.uri("/ok"), new LoadProfile.Open(100, Duration.ofSeconds(2)), Duration.ZERO)
                            .withConnections(1)
                            .withThreads(4));
        }
        assertEveryScheduledRequestHasAnOutcome(result);
        assertThat(result.requests().ok()).isEqualTo(200);
    }
}
