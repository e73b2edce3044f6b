package dev.stackbench.core.steady;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.stats.Quantile;
import dev.stackbench.core.vocabulary.Numbers;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether a series of one-second intervals was steady: for throughput and p50 each, the change from
 * the first third's median to the last third's, and a {@link MannKendall} test for a trend. A series is
 * <b>steady</b> only when neither metric's thirds differ by more than {@link #DRIFT_LIMIT_PERCENT}; otherwise
 * it is <b>moving</b> when the trend test finds the move significant (a climb, a growing queue) and
 * <b>noisy</b> when it does not (the machine's speed or the load varied: the thirds disagree, yet no
 * direction is proven). Both are not steady: either way the window's numbers are not known to 5%.
 * Medians of thirds, so that one slow second (a GC pause) moves neither. A series too short for the test
 * is not called steady.
 *
 * <pre>{@code
 * RunResult.Steadiness verdict = WindowVerdict.of(rpsPerSecond, p50PerSecond);
 * verdict.steady();   // false: "not steady: throughput still moves, rps +41.2% ... (Mann-Kendall z = 4.1)"
 * }</pre>
 */
public final class WindowVerdict {

    /** How far throughput or p50 may move from the first third of a window to its last before a trend counts. */
    public static final double DRIFT_LIMIT_PERCENT = 5.0;

    private WindowVerdict() {}

    /** The verdict on a window's timeline rows (one per interval; rows without successes have no p50 and are left out of it). */
    public static RunResult.Steadiness ofRows(List<TimelineRow> rows) {
        double[] rps = rows.stream().mapToDouble(TimelineRow::rps).toArray();
        double[] p50 = rows.stream()
                .filter(row -> row.p50Ms() != null)
                .mapToDouble(TimelineRow::p50Ms)
                .toArray();
        return of(rps, p50);
    }

    public static RunResult.Steadiness of(double[] rpsPerInterval, double[] p50PerInterval) {
        int n = rpsPerInterval.length;
        if (n < MannKendall.MINIMUM_SAMPLES) {
            return new RunResult.Steadiness(
                    false,
                    "not tested: " + n + " interval" + (n == 1 ? "" : "s") + " of the window, the trend test needs "
                            + MannKendall.MINIMUM_SAMPLES + "; measure longer",
                    drift(rpsPerInterval),
                    drift(p50PerInterval));
        }
        if (Arrays.stream(rpsPerInterval).allMatch(rps -> rps == 0)) {
            return new RunResult.Steadiness(false, "not tested: no request succeeded in the window", null, null);
        }
        Double rpsDrift = drift(rpsPerInterval);
        Double p50Drift = drift(p50PerInterval);
        var rpsTrend = MannKendall.test(rpsPerInterval);
        var p50Trend = MannKendall.test(p50PerInterval);
        boolean rpsMoves = moves(rpsDrift, rpsTrend);
        boolean p50Moves = moves(p50Drift, p50Trend);
        String seen = "rps " + percent(rpsDrift) + ", p50 " + percent(p50Drift) + " from first to last third of " + n
                + " intervals";
        if (rpsMoves || p50Moves) {
            String moving = rpsMoves && p50Moves
                    ? "throughput and p50 still move"
                    : rpsMoves ? "throughput still moves" : "p50 still moves";
            var trend = rpsMoves ? rpsTrend : p50Trend;
            return new RunResult.Steadiness(
                    false,
                    "not steady: " + moving + ", " + seen
                            + String.format(Locale.ROOT, " (Mann-Kendall z = %.1f)", trend.z()),
                    rpsDrift,
                    p50Drift);
        }
        if (beyondLimit(rpsDrift) || beyondLimit(p50Drift)) {
            return new RunResult.Steadiness(
                    false,
                    "not steady: noisy, " + seen + ", beyond " + Numbers.oneDecimal(DRIFT_LIMIT_PERCENT)
                            + "% without a significant trend (the machine's speed or the load varied; measure longer or on quieter cores)",
                    rpsDrift,
                    p50Drift);
        }
        return new RunResult.Steadiness(
                true,
                "steady: " + seen + "; within " + Numbers.oneDecimal(DRIFT_LIMIT_PERCENT) + "%, no significant trend",
                rpsDrift,
                p50Drift);
    }

    /**
     * Whether a series has stopped climbing, as a warm-up needs it: no significant trend in either metric
     * beyond the limit, and throughput's thirds within the limit. p50's thirds may still differ without a
     * trend: per-second p50 of a CPU-bound run jitters by a fifth from second to second, and ten seconds
     * cannot average that out.
     */
    public static boolean settled(double[] rpsPerInterval, double[] p50PerInterval) {
        if (rpsPerInterval.length < MannKendall.MINIMUM_SAMPLES) {
            return false;
        }
        Double rpsDrift = drift(rpsPerInterval); // null when nothing succeeded at first: not settled
        return rpsDrift != null
                && !beyondLimit(rpsDrift)
                && !moves(rpsDrift, MannKendall.test(rpsPerInterval))
                && !moves(drift(p50PerInterval), MannKendall.test(p50PerInterval));
    }

    private static boolean beyondLimit(Double drift) {
        return drift != null && Math.abs(drift) > DRIFT_LIMIT_PERCENT;
    }

    /** A significant trend moves the metric when it is beyond the limit, or when no drift can be measured (a start from 0). */
    private static boolean moves(Double drift, MannKendall.Trend trend) {
        return trend.significant() && (drift == null || beyondLimit(drift));
    }

    /**
     * Percent change of the last third's median over the first third's; null if not measurable. Medians,
     * so that one second disturbed by the machine (a GC pause, another process) does not move a third.
     */
    static Double drift(double[] series) {
        int third = series.length / 3;
        if (third == 0) {
            return null;
        }
        double first = Quantile.of(Arrays.copyOfRange(series, 0, third), 0.5);
        double last = Quantile.of(Arrays.copyOfRange(series, series.length - third, series.length), 0.5);
        if (first <= 0) {
            return null;
        }
        return Math.round(1000 * (last - first) / first) / 10.0;
    }

    static String percent(Double value) {
        return value == null ? "unknown" : (value >= 0 ? "+" : "") + Numbers.oneDecimal(value) + "%";
    }
}
