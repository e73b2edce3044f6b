package dev.stackbench.core.steady;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The trend test, the window's verdict and the warm-up's decision, on series whose answer is known. */
@ChecksBehaviour
class SteadinessTest {

    private static double[] noisy(double level, double noiseFraction, int n, long seed) {
        var random = new SplittableRandom(seed);
        double[] series = new double[n];
        for (int i = 0; i < n; i++) {
            series[i] = level * (1 + noiseFraction * (2 * random.nextDouble() - 1));
        }
        return series;
    }

    /** Throughput climbing as the JIT compiles, as seen on webflux-netty without warm-up (672 to 35,000 req/s in 25 s). */
    private static double[] climbing(int n) {
        double[] series = new double[n];
        for (int i = 0; i < n; i++) {
            series[i] = 35_000 * (1 - Math.exp(-i / 8.0)) + 672;
        }
        return series;
    }

    @Test
    void mannKendallFindsAClimbAndNotNoise() {
        var climb = MannKendall.test(climbing(10));
        assertThat(climb.significant()).isTrue();
        assertThat(climb.z()).isPositive();
        assertThat(climb.slope()).isPositive();
        assertThat(MannKendall.test(new double[] {5, 4, 3, 2, 1, 0}).z()).isNegative();

        int falseAlarms = 0;
        for (long seed = 0; seed < 200; seed++) {
            falseAlarms += MannKendall.test(noisy(1000, 0.1, 20, seed)).significant() ? 1 : 0;
        }
        // A 5% test on trend-free noise: about 10 of 200, far from all.
        assertThat(falseAlarms).isBetween(1, 25);
        // Four samples can never be significant at 5%, however monotone.
        assertThat(MannKendall.test(new double[] {1, 2, 3, 4}).significant()).isFalse();
        // Ties (a constant series) are no trend.
        assertThat(MannKendall.test(new double[] {7, 7, 7, 7, 7, 7}).z()).isZero();
    }

    /** Hours of one-second intervals: binned before the test, so it costs what minutes do, and still sees a trend. */
    @Test
    void aLongWindowIsTestedInBins() {
        double[] hours = noisy(1000, 0.05, 200_000, 8);
        assertThat(MannKendall.test(hours).samples()).isEqualTo(MannKendall.MAXIMUM_SAMPLES);
        assertThat(WindowVerdict.of(hours, noisy(1, 0.05, 200_000, 9)).steady()).isTrue();
        for (int i = 0; i < hours.length; i++) {
            hours[i] += i * 0.01; // +2000 over the window
        }
        assertThat(MannKendall.test(hours).significant()).isTrue();
    }

    /** A window in which nothing succeeded (a server deadlocked) cannot be called steady. */
    @Test
    void aWindowWithoutSuccessesIsNotTested() {
        var dead = WindowVerdict.of(new double[10], new double[0]);
        assertThat(dead.steady()).isFalse();
        assertThat(dead.reason()).isEqualTo("not tested: no request succeeded in the window");
    }

    /** Throughput climbing from nothing has no drift to measure, but its trend is plain. */
    @Test
    void aStartFromNothingIsNotSteady() {
        assertThat(WindowVerdict.of(
                                new double[] {0, 0, 0, 500, 900, 1000, 1000, 1100, 1000},
                                new double[] {1, 1, 1, 1, 1, 1})
                        .steady())
                .isFalse();
    }

    @Test
    void aWindowThatStillClimbsIsNotSteadyAndAFlatOneIs() {
        var moving = WindowVerdict.of(climbing(20), noisy(2, 0.05, 20, 1));
        assertThat(moving.steady()).isFalse();
        assertThat(moving.rpsDriftPercent()).isGreaterThan(WindowVerdict.DRIFT_LIMIT_PERCENT);
        assertThat(moving.reason()).startsWith("not steady: throughput still moves, rps +");

        var flat = WindowVerdict.of(noisy(35_000, 0.05, 20, 2), noisy(1.5, 0.05, 20, 3));
        assertThat(flat.steady()).as(flat.reason()).isTrue();
        assertThat(Math.abs(flat.rpsDriftPercent())).isLessThan(WindowVerdict.DRIFT_LIMIT_PERCENT);
        assertThat(flat.reason()).startsWith("steady: rps ");

        // A queue that grows without end: throughput flat at the server's bound, latency climbing.
        double[] growingLatency = new double[12];
        for (int i = 0; i < growingLatency.length; i++) {
            growingLatency[i] = 100 + 500 * i;
        }
        var overloaded = WindowVerdict.of(noisy(80, 0.02, 12, 4), growingLatency);
        assertThat(overloaded.steady()).isFalse();
        assertThat(overloaded.reason()).contains("p50 still moves");
    }

    /**
     * The machine slowed down in the middle and recovered only partly: thirds 10% apart with no direction the
     * trend test can prove. Such numbers are not known to 5%, so the window is not steady, and says "noisy",
     * not "moving". A warm-up whose throughput has no trend may still end with p50's thirds apart (p50 jitters).
     */
    @Test
    void aWindowWhoseThirdsDisagreeWithoutATrendIsNoisyNotSteady() {
        double[] dip = {1000, 990, 1010, 1000, 995, 700, 690, 710, 700, 705, 1100, 1090, 1110, 1100, 1095};
        assertThat(MannKendall.test(dip).significant()).isFalse();
        var verdict = WindowVerdict.of(dip, noisy(1, 0.01, 15, 10));
        assertThat(verdict.steady()).isFalse();
        assertThat(verdict.rpsDriftPercent()).isEqualTo(10.0);
        assertThat(verdict.reason())
                .startsWith("not steady: noisy, rps +10%, p50 ")
                .contains("beyond 5% without a significant trend");

        double[] jitteryP50 = {1.0, 1.3, 0.9, 1.0, 1.0, 1.3, 1.3, 1.3, 1.0, 1.3};
        double[] flatRps = noisy(35_000, 0.02, 10, 11);
        assertThat(WindowVerdict.of(flatRps, jitteryP50).steady()).isFalse();
        assertThat(WindowVerdict.settled(flatRps, jitteryP50)).isTrue();
        assertThat(WindowVerdict.settled(dip, noisy(1, 0.01, 15, 12))).isFalse();
    }

    @Test
    void oneSlowSecondIsNotATrendAndAShortWindowIsNotTested() {
        double[] withPause = noisy(1000, 0.02, 15, 5);
        withPause[13] = 300; // a GC pause near the end
        assertThat(WindowVerdict.of(withPause, noisy(1, 0.02, 15, 6)).steady()).isTrue();

        var shortWindow = WindowVerdict.of(new double[] {100, 100, 100}, new double[] {1, 1, 1});
        assertThat(shortWindow.steady()).isFalse();
        assertThat(shortWindow.reason())
                .isEqualTo("not tested: 3 intervals of the window, the trend test needs 5; measure longer");
    }

    @Test
    void theWarmupEndsWhenTheJitIsQuietAndTheTrendIsGone() {
        var warmup = new WarmupUntilSteady(Duration.ofSeconds(120));
        double[] rps = new double[60];
        double[] base = climbing(25);
        double[] flat = noisy(35_600, 0.03, 35, 7);
        System.arraycopy(base, 0, rps, 0, 25);
        System.arraycopy(flat, 0, rps, 25, 35);
        Optional<String> decided = Optional.empty();
        int second = 0;
        while (decided.isEmpty() && second < rps.length) {
            double jit = second < 25 ? 0.35 : 0.01; // the JIT busy while throughput climbs, then quiet
            decided = warmup.offer(rps[second], 50_000 / rps[second], jit, 1.0);
            second++;
        }
        assertThat(decided)
                .hasValueSatisfying(
                        reason -> assertThat(reason).startsWith("steady after").contains("JIT at 1.0% of a core"));
        // Not before the climb has left the sliding window's test, not long after.
        assertThat(second).isBetween(26, 25 + WarmupUntilSteady.SLIDING_INTERVALS + 5);
    }

    @Test
    void aBusyJitKeepsTheWarmupGoingUntilTheCap() {
        var warmup = new WarmupUntilSteady(Duration.ofSeconds(20));
        Optional<String> decided = Optional.empty();
        int second = 0;
        while (decided.isEmpty() && second < 100) {
            decided = warmup.offer(1000, 1.0, 0.5, 1.0);
            second++;
        }
        assertThat(second).isEqualTo(20);
        assertThat(decided)
                .hasValueSatisfying(
                        reason -> assertThat(reason)
                                .isEqualTo(
                                        "not steady after the warm-up's cap of 20 s (JIT at 50.0% of a core); measuring anyway"));
    }
}
