package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.GeneratorWatch;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.testing.MeasuresSpeed;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generator watches itself. One loop starved on purpose (it spends {@link #WORK_PER_RESPONSE} of CPU on
 * every response, so it can handle at most 1 s / that many a second) and asked for four times that rate is
 * reported saturated and short of its rate; the same loop without that work at a low rate is not flagged.
 * Expectations come from that physical bound, never from this machine's speed.
 */
@MeasuresSpeed
class GeneratorSaturationTest {

    private static final Duration WORK_PER_RESPONSE = Duration.ofNanos(400_000);
    /** The most responses a second the starved loop can handle. */
    private static final double STARVED_CAPACITY = 1e9 / WORK_PER_RESPONSE.toNanos();

    private static RunResult run(LoadRun run, Runnable onSuccess) throws Exception {
        return new RunCoordinator(
                        run, RunResult.Target.url(run.target()), ProgressListener.NONE, new StopRequest(), onSuccess)
                .run()
                .result();
    }

    private static void work(Duration cpu) {
        long end = System.nanoTime() + cpu.toNanos();
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    @Test
    @Timeout(60)
    void aStarvedGeneratorIsReportedSaturatedAndFailsRateReached() throws Exception {
        double rate = 4 * STARVED_CAPACITY;
        RunResult result;
        try (var server = new MisbehavingServer()) {
            result = run(
                    LoadRun.of(
                                    server.uri("/ok"),
                                    new LoadProfile.Open(rate, Duration.ofSeconds(3)),
                                    Duration.ofSeconds(1))
                            .withThreads(1)
                            .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1)),
                    () -> work(WORK_PER_RESPONSE));
        }

        var generator = result.generator();
        String described = GeneratorWatch.describe(generator);
        assertThat(generator.saturated()).as(described).isTrue();
        assertThat(generator.rateReached()).as(described).isFalse();
        assertThat(generator.targetPerSecond()).isEqualTo(rate);
        assertThat(generator.sentPerSecond()).as(described).isLessThan(rate / 2);
        assertThat(generator.lagMs().count())
                .as("every measured request's lag, sent or not")
                .isEqualTo(result.requests().scheduled());
        assertThat(Threshold.parse("rate-reached").crossedBy(result)).isPresent();
        assertThat(Threshold.parse("generator-not-saturated").crossedBy(result)).isPresent();
        assertThat(result.warnings())
                .anySatisfy(warning -> assertThat(warning).startsWith("the load generator was saturated: "))
                .anySatisfy(warning -> assertThat(warning).startsWith("the rate was not reached: "));
        assertThat(result.timeline())
                .allSatisfy(row -> assertThat(row.loopBusy()).isBetween(0.0, 1.0));
    }

    /**
     * Two loops and a warm-up until steady (capped at 2 s), as the command line runs by default: the window is
     * undecided while the loops already pick up requests, and every loop must keep sending through it.
     */
    @Test
    @Timeout(60)
    void aGeneratorThatEasilyKeepsUpIsNotFlagged() throws Exception {
        double rate = STARVED_CAPACITY / 10;
        RunResult result;
        try (var server = new MisbehavingServer()) {
            result = run(
                    LoadRun.of(
                                    server.uri("/ok"),
                                    new LoadProfile.Open(rate, Duration.ofSeconds(3)),
                                    Duration.ofSeconds(2))
                            .withWarmupUntilSteady(true)
                            .withThreads(2)
                            .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(1)),
                    () -> {});
        }

        var generator = result.generator();
        String described = GeneratorWatch.describe(generator);
        assertThat(generator.saturated()).as(described).isFalse();
        assertThat(generator.rateReached()).as(described).isTrue();
        assertThat(generator.loopBusyMean()).as(described).isLessThan(GeneratorWatch.LOOP_BUSY_LIMIT_PERCENT / 100.0);
        assertThat(generator.lagMs().count())
                .as("every measured request's lag")
                .isEqualTo(result.requests().scheduled());
        assertThat(result.requests().scheduled()).isEqualTo(Math.round(rate * 3));
        assertThat(Threshold.parse("rate-reached").crossedBy(result)).isEmpty();
        assertThat(Threshold.parse("generator-not-saturated").crossedBy(result)).isEmpty();
        assertThat(result.warnings()).noneSatisfy(warning -> assertThat(warning).contains("generator was saturated"));
    }
}
