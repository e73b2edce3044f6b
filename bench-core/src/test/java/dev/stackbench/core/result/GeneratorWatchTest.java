package dev.stackbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The generator's verdicts at their limits, and the thresholds that read them. */
@ChecksBehaviour
class GeneratorWatchTest {

    private static Histogram lagOf(double... millis) {
        var histogram = Histograms.newLatencyHistogram();
        Arrays.stream(millis).forEach(value -> histogram.recordValue(Math.round(value * 1e6)));
        return histogram;
    }

    /** 100 lags: 98 of 0.1 ms and 2 of {@code tailMillis}, so that p99 is the tail. */
    private static Histogram lagWithTail(double tailMillis) {
        var histogram = lagOf(tailMillis, tailMillis);
        histogram.recordValueWithCount(100_000, 98);
        return histogram;
    }

    @Test
    void busyLoopsOrALongLagMeanSaturatedAndEitherAloneSuffices() {
        double limit = GeneratorWatch.LOOP_BUSY_LIMIT_PERCENT / 100.0;
        var quiet = GeneratorWatch.judge(lagWithTail(1), List.of(0.2, 0.3), 1000L, 1000, 1);
        assertThat(quiet.saturated()).isFalse();
        assertThat(quiet.loopBusyMean()).isEqualTo(0.25);
        assertThat(quiet.loopBusyMax()).isEqualTo(0.3);

        // The mean over the window decides: one busy second (a GC, the JIT) does not.
        assertThat(GeneratorWatch.judge(lagWithTail(1), List.of(0.99, 0.2, 0.2), 1000L, 1000, 1)
                        .saturated())
                .isFalse();
        assertThat(GeneratorWatch.judge(lagWithTail(1), List.of(limit + 0.05, limit + 0.05), 1000L, 1000, 1)
                        .saturated())
                .isTrue();
        assertThat(GeneratorWatch.judge(lagWithTail(1), List.of(limit - 0.05, limit - 0.05), 1000L, 1000, 1)
                        .saturated())
                .isFalse();

        double lagLimit = GeneratorWatch.LAG_P99_LIMIT_MILLIS;
        assertThat(GeneratorWatch.judge(lagWithTail(lagLimit * 1.5), List.of(0.1), 1000L, 1000, 1)
                        .saturated())
                .isTrue();
        assertThat(GeneratorWatch.judge(lagWithTail(lagLimit * 0.5), List.of(0.1), 1000L, 1000, 1)
                        .saturated())
                .isFalse();
        // The closed model has no lag; unmeasurable loops are not busy ones.
        assertThat(GeneratorWatch.judge(null, Arrays.asList(null, null), null, 1000, 1)
                        .saturated())
                .isFalse();
    }

    @Test
    void theRateIsReachedWithinItsToleranceAndOnlyTheOpenModelAsksForOne() {
        long asked = 10_000;
        long justShort = Math.round(asked * (1 - GeneratorWatch.RATE_TOLERANCE_PERCENT / 100.0)) - 2;
        var reached = GeneratorWatch.judge(lagOf(0.1), List.of(0.1), asked, asked - 1, 2);
        assertThat(reached.rateReached()).isTrue();
        assertThat(reached.targetPerSecond()).isEqualTo(5000.0);
        assertThat(reached.sentPerSecond()).isEqualTo(4999.5);
        assertThat(GeneratorWatch.judge(lagOf(0.1), List.of(0.1), asked, justShort + 3, 2)
                        .rateReached())
                .isTrue();
        assertThat(GeneratorWatch.judge(lagOf(0.1), List.of(0.1), asked, justShort, 2)
                        .rateReached())
                .isFalse();

        assertThat(GeneratorWatch.judge(null, List.of(0.1), null, 500, 2).rateReached())
                .as("closed model")
                .isNull();
        assertThat(GeneratorWatch.judge(lagOf(0.1), List.of(0.1), asked, asked, 0))
                .as("no window, no verdict")
                .isNull();
    }

    @Test
    void warningsSayWhatWasCrossedAndTheSummaryShowsIt() {
        double lagLimit = GeneratorWatch.LAG_P99_LIMIT_MILLIS;
        var starved = GeneratorWatch.judge(lagWithTail(lagLimit * 3), List.of(0.97, 0.99), 20_000L, 6_000, 1);
        assertThat(GeneratorWatch.warnings(starved, 12))
                .satisfiesExactly(
                        saturated -> assertThat(saturated)
                                .startsWith(
                                        "the load generator was saturated: its busiest loop was on CPU 98% of the window (limit "
                                                + GeneratorWatch.LOOP_BUSY_LIMIT_PERCENT + "%), and its lag p99 was "),
                        rate -> assertThat(rate)
                                .isEqualTo(
                                        "the rate was not reached: 6000 requests/s sent of 20000 asked (70.0% short, tolerance "
                                                + GeneratorWatch.RATE_TOLERANCE_PERCENT
                                                + "%); the generator was saturated; 12 requests waited for a free connection (--connections)"));
        assertThat(GeneratorWatch.describe(starved))
                .startsWith("SATURATED: lag p50 0.100 ms, p99 ")
                .contains("busiest loop 98% of a core (99% at most)")
                .endsWith("6000 requests/s sent of 20000 asked: rate NOT reached");

        var easy = GeneratorWatch.judge(lagOf(0.1), List.of(0.05), 200L, 200, 1);
        assertThat(GeneratorWatch.warnings(easy, 0)).isEmpty();
        assertThat(GeneratorWatch.describe(easy)).doesNotContain("SATURATED").endsWith("rate reached");

        var result = withGenerator(starved);
        assertThat(Summary.of(result)).contains("Generator:    SATURATED: lag p50");
    }

    @Test
    void thresholdsReadTheVerdicts() {
        var starved = withGenerator(GeneratorWatch.judge(
                lagWithTail(GeneratorWatch.LAG_P99_LIMIT_MILLIS * 3), List.of(0.99), 20_000L, 6_000, 1));
        var easy = withGenerator(GeneratorWatch.judge(lagOf(0.1), List.of(0.05), 200L, 200, 1));
        var closed = withGenerator(GeneratorWatch.judge(null, List.of(0.05), null, 200, 1));
        var old = withGenerator(null);

        var rateReached = Threshold.parse(" rate-reached ");
        assertThat(rateReached.crossedBy(easy)).isEmpty();
        assertThat(rateReached.crossedBy(starved))
                .hasValueSatisfying(message -> assertThat(message)
                        .startsWith("threshold rate-reached crossed: SATURATED: ")
                        .contains("rate NOT reached"));
        assertThat(rateReached.crossedBy(closed))
                .hasValueSatisfying(
                        message -> assertThat(message)
                                .isEqualTo(
                                        "threshold rate-reached could not be checked: the closed model asks for no rate (rate-reached needs --rate or rate stages)"));
        assertThat(rateReached.crossedBy(old))
                .hasValueSatisfying(message -> assertThat(message).contains("no generator verdict"));

        var notSaturated = Threshold.parse("generator-not-saturated");
        assertThat(notSaturated.crossedBy(easy)).isEmpty();
        assertThat(notSaturated.crossedBy(closed)).isEmpty();
        assertThat(notSaturated.crossedBy(starved)).isPresent();

        assertThat(Threshold.parse("p99<250ms").crossedBy(easy)).isEmpty(); // comparisons still work beside conditions
        assertThatThrownBy(() -> Threshold.parse("rate-reachd"))
                .hasMessage(
                        "threshold 'rate-reachd' is not METRIC[{name=REQUEST}] OP VALUE, e.g. p99<250ms, errors<1%, rps>1000, p99{name=post-movies}<250ms, nor one of rate-reached, generator-not-saturated");
    }

    private static RunResult withGenerator(Generator generator) {
        var plain = TestResults.open("webflux-netty", null, Map.of(), 200, 100, 200);
        var latency = Percentiles.ofNanos(lagOf(1, 2, 3));
        return SampleResults.from(plain).latencyMs(latency).generator(generator).build();
    }
}
