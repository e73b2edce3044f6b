package dev.stackbench.core.result;

import dev.stackbench.core.vocabulary.Numbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Whether the load generator kept up with the load it was asked for, decided from what it measured of
 * itself (Hyperfoil's CPU and jitter watchdogs are the model, here on the generator's own loops): its
 * lag, its loops' CPU use, the rate it reached. One place for the limits, the verdicts and their words;
 * the summary, the report, the warnings and {@code --threshold} read them from {@link Generator}.
 *
 * <pre>{@code
 * Generator generator = GeneratorWatch.judge(lagNanos, loopBusyPerInterval, scheduled, sentInWindow, seconds);
 * generator.saturated();     // loops too busy, or lag p99 too long
 * generator.rateReached();   // open model: sent within the tolerance of the rate asked for
 * }</pre>
 */
public final class GeneratorWatch {

    /**
     * A loop busier than this (its thread's CPU time over an interval, averaged over the window) has too
     * little slack to pick up due requests on time: a single server at 80% use already keeps work waiting
     * 4 service times on average. Hyperfoil's CPU watchdog warns at the same level.
     */
    public static final int LOOP_BUSY_LIMIT_PERCENT = 80;
    /**
     * The lag's p99 beyond which the generator fell behind its schedule, not just jittered: Hyperfoil's jitter
     * watchdog reports a stall at the same 100 ms. Below it lie the timer's precision, GC pauses and a busy
     * machine's scheduling (seen here: p99 2.3 ms at 1000/s; 37 to 132 ms at 250/s while other builds kept the
     * 2 cores' load average at 4 to 8), which a loop that cannot keep up leaves far behind.
     */
    public static final int LAG_P99_LIMIT_MILLIS = 100;
    /**
     * How far the rate sent may fall short of the rate asked for: the window's edges (requests due near its end
     * written after it) move a short window's count by a request or two, and 5% is the drift a window may show
     * and still be steady.
     */
    public static final int RATE_TOLERANCE_PERCENT = 5;

    private GeneratorWatch() {}

    /**
     * @param lagNanos     open model: the measured requests' lag (ns); null in the closed model
     * @param loopBusy     the busiest loop's CPU share in each interval of the window; null entries where not measured
     * @param scheduled    open model: the requests due in the window; null in the closed model
     * @param sentInWindow requests written to a socket within the window
     * @param seconds      the window's length; no verdict (null) without a window
     */
    public static Generator judge(
            Histogram lagNanos, List<Double> loopBusy, Long scheduled, long sentInWindow, double seconds) {
        if (seconds <= 0) {
            return null;
        }
        var busy = loopBusy.stream()
                .filter(value -> value != null && !value.isNaN())
                .mapToDouble(Double::doubleValue)
                .toArray();
        Double busyMean =
                busy.length == 0 ? null : Arrays.stream(busy).average().orElseThrow();
        Double busyMax = busy.length == 0 ? null : Arrays.stream(busy).max().orElseThrow();
        Percentiles lag = lagNanos == null ? null : Percentiles.ofNanos(lagNanos);
        double busyLimit = LOOP_BUSY_LIMIT_PERCENT / 100.0;
        boolean saturated = busyMean != null && busyMean > busyLimit
                || lag != null && lag.p99() != null && lag.p99() > LAG_P99_LIMIT_MILLIS;
        Double target = scheduled == null ? null : scheduled / seconds;
        // One request of slack: a short window's count is a whole number.
        Boolean reached =
                scheduled == null ? null : sentInWindow + 1 >= scheduled * (1 - RATE_TOLERANCE_PERCENT / 100.0);
        return new Generator(
                lag,
                busyMean,
                busyMax,
                saturated,
                target,
                sentInWindow / seconds,
                reached,
                busyLimit,
                LAG_P99_LIMIT_MILLIS,
                RATE_TOLERANCE_PERCENT);
    }

    /**
     * The generator in one line, e.g. {@code lag p50 0.052 ms, p99 0.31 ms, max 4.10 ms; busiest loop 23% of a core
     * (31% at most); 19998 requests/s sent of 20000 asked: rate reached}.
     */
    public static String describe(Generator generator) {
        var parts = new ArrayList<String>();
        var lag = generator.lagMs();
        if (lag != null) {
            parts.add(
                    lag.count() == 0
                            ? "lag not measured (no request came due in the window)"
                            : "lag p50 " + Numbers.millis(lag.p50()) + " ms, p99 " + Numbers.millis(lag.p99())
                                    + " ms, max " + Numbers.millis(lag.max()) + " ms");
        }
        parts.add(
                generator.loopBusyMean() == null
                        ? "loops' CPU not measured"
                        : String.format(
                                Locale.ROOT,
                                "busiest loop %.0f%% of a core (%.0f%% at most)",
                                100 * generator.loopBusyMean(),
                                100 * generator.loopBusyMax()));
        parts.add(
                generator.targetPerSecond() == null
                        ? String.format(Locale.ROOT, "%.0f requests/s sent", generator.sentPerSecond())
                        : String.format(
                                Locale.ROOT,
                                "%.0f requests/s sent of %.0f asked: rate %s",
                                generator.sentPerSecond(),
                                generator.targetPerSecond(),
                                generator.rateReached() ? "reached" : "NOT reached"));
        return (generator.saturated() ? "SATURATED: " : "") + String.join("; ", parts);
    }

    /** What makes the numbers suspect, in words; empty when the generator kept up. */
    public static List<String> warnings(Generator generator, long late) {
        if (generator == null) {
            return List.of();
        }
        var warnings = new ArrayList<String>();
        if (generator.saturated()) {
            var why = new ArrayList<String>();
            if (generator.loopBusyMean() != null && generator.loopBusyMean() > generator.loopBusyLimit()) {
                why.add(String.format(
                        Locale.ROOT,
                        "its busiest loop was on CPU %.0f%% of the window (limit %.0f%%)",
                        100 * generator.loopBusyMean(),
                        100 * generator.loopBusyLimit()));
            }
            var lag = generator.lagMs();
            if (lag != null && lag.p99() != null && lag.p99() > generator.lagP99LimitMs()) {
                why.add("its lag p99 was " + Numbers.millis(lag.p99()) + " ms (limit "
                        + Numbers.millis(generator.lagP99LimitMs()) + " ms)"
                        + (why.isEmpty() && generator.loopBusyMean() != null
                                ? String.format(
                                        Locale.ROOT,
                                        " while its loops were on CPU %.0f%% at most: they waited for a core (the server or other"
                                                + " processes on the same cores, GC pauses)",
                                        100 * generator.loopBusyMax())
                                : ""));
            }
            warnings.add("the load generator was saturated: " + String.join(", and ", why)
                    + "; it may have held the load back, so the numbers describe it as much as the server (more --threads, fewer other"
                    + " processes on its cores, or a lower rate)");
        }
        if (Boolean.FALSE.equals(generator.rateReached())) {
            double shortBy = 100 * (1 - generator.sentPerSecond() / generator.targetPerSecond());
            warnings.add(String.format(
                            Locale.ROOT,
                            "the rate was not reached: %.0f requests/s sent of %.0f asked (%.1f%% short, tolerance %.0f%%)",
                            generator.sentPerSecond(),
                            generator.targetPerSecond(),
                            shortBy,
                            generator.rateTolerancePercent())
                    + (generator.saturated() ? "; the generator was saturated" : "")
                    + (late > 0 ? "; " + late + " requests waited for a free connection (--connections)" : ""));
        }
        return warnings;
    }
}
