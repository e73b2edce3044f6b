package com.example.quotes;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import dev.stackbench.core.api.Compared;
import dev.stackbench.core.api.Stackbench;
import dev.stackbench.core.result.Metric;

import org.junit.jupiter.api.Test;

/**
 * Does this service serve more on virtual threads? Two variants of it, each in a JVM of its own started from this
 * test's class path, measured in interleaved rounds: Tomcat's platform threads capped at 4, and virtual threads.
 * The answer is the physics of a blocking endpoint, so the test can assert it on any machine: by Little's law, 4
 * threads that each hold a request for 50 ms serve at most 80 requests/s, while 16 users on virtual threads get up
 * to 320 (a fraction of a core: the direction holds on a busy machine too).
 */
class ThreadModelComparisonTest {

    @Test
    void virtualThreadsServeTheBlockingEndpointBeyondFourPlatformThreads() {
        Compared result = Stackbench.compare()
                .app(QuotesApplication.class)
                .variant("platform", Map.of("spring.threads.virtual.enabled", "false", "server.tomcat.threads.max", "4"))
                .variant("virtual", Map.of("spring.threads.virtual.enabled", "true"))
                .request("quote=1:GET:/quotes/ACME?millis=50")
                .concurrency(16)
                .warmup(Duration.ofSeconds(2)).trialWarmup(Duration.ofMillis(500)).window(Duration.ofSeconds(1))
                .rounds(3, 4).rehearsals(0)
                .out(Path.of("target/stackbench/threads"))
                .run();

        // A threshold: the platform variant is held by its 4 threads (Little's law), whatever the machine.
        assertThat(result.median(Metric.RPS, "platform")).isLessThanOrEqualTo(4 / 0.050 * 1.02);
        // A verdict: virtual threads serve more, declared so over the whole interval. (How many times more depends on the
        // CPU the machine has left for 16 users at up to 320 requests/s: on a busy one, assert the direction, not 4x.)
        result.verdict(Metric.RPS).pair("virtual", "platform").assertBetter();
        // The page that explains it: each variant's bound beside its numbers.
        assertThat(result.report(Path.of("target/stackbench/threads-report"))).exists();
    }
}
