package dev.stackbench.core.steady;

import dev.stackbench.core.vocabulary.Numbers;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides when a warm-up has done its job, one interval at a time: when the JIT has gone quiet and the
 * last {@link #SLIDING_INTERVALS} intervals have {@link WindowVerdict#settled settled} (no significant trend in
 * throughput or p50 beyond the drift limit, throughput's thirds within it). On shared cores the JIT is starved for tens of seconds
 * and throughput climbs meanwhile, so a fixed warm-up either wastes time or measures the compiler;
 * this one waits for both signals, up to a cap. After Barrett et al., "Virtual Machine Warmup Blows
 * Hot and Cold" (OOPSLA 2017: steady state has to be detected, not assumed, and some runs never reach
 * it) and Laaber et al., "Dynamically Reconfiguring Software Microbenchmarks" (FSE 2020: stop warming
 * up once a sliding window of measurements stops changing).
 *
 * <pre>{@code
 * var warmup = new WarmupUntilSteady(Duration.ofSeconds(120));
 * // once per interval during the warm-up:
 * Optional<String> why = warmup.offer(rps, p50Ms, jitCompileSeconds, intervalSeconds);
 * why.ifPresent(reason -> startTheMeasuredWindow(reason));
 * }</pre>
 */
public final class WarmupUntilSteady {

    /** Intervals the trend test looks back over: the shortest warm-up it allows. */
    public static final int SLIDING_INTERVALS = 10;
    /** Intervals over which the JIT's share of one core is averaged. */
    public static final int JIT_INTERVALS = 5;
    /**
     * The JIT counts as quiet below this share of one core (compilation seconds per second), averaged
     * over {@link #JIT_INTERVALS} intervals: occasional recompilations go on for ever, a warming JVM
     * compiles far more.
     */
    public static final double JIT_QUIET_SHARE = 0.05;

    private final long capNanos;
    private boolean cappedOut;
    private final ArrayDeque<double[]> recent = new ArrayDeque<>();
    private final ArrayDeque<Double> recentJit = new ArrayDeque<>();
    private final ArrayDeque<Double> recentSeconds = new ArrayDeque<>();
    private long elapsedNanos;

    /** Whether the warm-up ended at its cap, not steady. */
    public boolean cappedOut() {
        return cappedOut;
    }

    /** @param cap the longest warm-up: past it the window starts anyway, and says why */
    public WarmupUntilSteady(Duration cap) {
        this.capNanos = cap.toNanos();
    }

    /**
     * One more warm-up interval.
     *
     * @param p50Ms             null when nothing succeeded in it
     * @param jitCompileSeconds null when the JVM does not monitor compilation (then only the trend decides)
     * @return why the warm-up is over (steady, or the cap reached), or empty to go on
     */
    public Optional<String> offer(double rps, Double p50Ms, Double jitCompileSeconds, double intervalSeconds) {
        elapsedNanos += Math.round(intervalSeconds * 1e9);
        recent.addLast(new double[] {rps, p50Ms == null ? Double.NaN : p50Ms});
        recentJit.addLast(jitCompileSeconds == null ? Double.NaN : jitCompileSeconds);
        recentSeconds.addLast(intervalSeconds);
        while (recent.size() > SLIDING_INTERVALS) {
            recent.removeFirst();
        }
        while (recentJit.size() > JIT_INTERVALS) {
            recentJit.removeFirst();
            recentSeconds.removeFirst();
        }
        double jitShare = jitShare();
        String jit = Double.isNaN(jitShare)
                ? "JIT time not monitored"
                : String.format(Locale.ROOT, "JIT at %.1f%% of a core", 100 * jitShare);
        if (recent.size() >= SLIDING_INTERVALS && (Double.isNaN(jitShare) || jitShare < JIT_QUIET_SHARE)) {
            double[] recentRps =
                    recent.stream().mapToDouble(sample -> sample[0]).toArray();
            double[] recentP50 = recent.stream()
                    .mapToDouble(sample -> sample[1])
                    .filter(value -> !Double.isNaN(value))
                    .toArray();
            if (WindowVerdict.settled(recentRps, recentP50)) {
                return Optional.of("steady after " + seconds(elapsedNanos) + " s: " + jit + " over the last "
                        + JIT_INTERVALS + " s, rps "
                        + WindowVerdict.percent(WindowVerdict.drift(recentRps)) + ", p50 "
                        + WindowVerdict.percent(WindowVerdict.drift(recentP50))
                        + " from first to last third of the last " + SLIDING_INTERVALS
                        + " s; no significant trend, throughput within "
                        + Numbers.oneDecimal(WindowVerdict.DRIFT_LIMIT_PERCENT) + "%");
            }
        }
        if (elapsedNanos >= capNanos) {
            cappedOut = true;
            return Optional.of("not steady after the warm-up's cap of " + seconds(capNanos) + " s (" + jit
                    + "); measuring anyway");
        }
        return Optional.empty();
    }

    /** Seconds as people write them: 60, 2.5. */
    private static String seconds(long nanos) {
        double seconds = Math.round(nanos / 1e8) / 10.0;
        return seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds);
    }

    /** The JIT's average share of one core over the last intervals; NaN if not monitored. */
    private double jitShare() {
        double jit = 0;
        double seconds = 0;
        var times = recentSeconds.iterator();
        for (double value : recentJit) {
            if (Double.isNaN(value)) {
                return Double.NaN;
            }
            jit += value;
            seconds += times.next();
        }
        return seconds > 0 ? jit / seconds : Double.NaN;
    }
}
