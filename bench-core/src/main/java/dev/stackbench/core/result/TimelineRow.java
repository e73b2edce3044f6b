package dev.stackbench.core.result;

import dev.stackbench.core.vocabulary.TimelinePhase;

/**
 * One interval of the run, usually a second: every response that completed in it, whatever its phase.
 *
 * @param phase    warm-up, measured (the window), or drain (after the window, until every measured request has an
 *                 outcome)
 * @param inFlight requests written and not yet answered, at the interval's end
 * @param queued   open model: requests due and waiting for a free connection, at the interval's end
 * @param jvm      the JVM's numbers over this interval; null in results written before it existed
 * @param loopBusy the busiest generator loop's share of the interval spent on CPU (0 to 1); null where not measured
 */
public record TimelineRow(
        double endSecond,
        TimelinePhase phase,
        double rps,
        long ok,
        long errors,
        Double p50Ms,
        Double p90Ms,
        Double p99Ms,
        long inFlight,
        long queued,
        long late,
        long openConnections,
        JvmInterval jvm,
        Double loopBusy) {

    public TimelineRow withJvm(JvmInterval newJvm) {
        return new TimelineRow(
                endSecond,
                phase,
                rps,
                ok,
                errors,
                p50Ms,
                p90Ms,
                p99Ms,
                inFlight,
                queued,
                late,
                openConnections,
                newJvm,
                loopBusy);
    }
}
