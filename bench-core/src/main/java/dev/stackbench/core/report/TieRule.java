package dev.stackbench.core.report;

import dev.stackbench.core.stats.Estimate;
import dev.stackbench.core.stats.Excess;

/**
 * When two labels are too close to call, the only place the report decides it. With bootstrap
 * resamples on either side (requests/s and latency percentiles, from the runs' latency.hlog or JMH
 * iterations) it is the gate's own test: a tie unless the worse one is worse by more than chance
 * ({@link Excess#clearlyWorse}, what a gate rule "at most 1 x the other" would fail). Without
 * resamples (server CPU, which no gate checks; results without their latency.hlog) the spreads are
 * ranges, and overlapping ranges are a tie.
 */
public final class TieRule {

    private TieRule() {}

    /** @param better the estimate ranked above (better point value); {@code worse} the one below it */
    public static boolean tied(Estimate better, Estimate worse) {
        if (better.hasResamples() || worse.hasResamples()) {
            return !Excess.clearlyWorse(worse, better);
        }
        return better.low() <= worse.high() && worse.low() <= better.high();
    }
}
