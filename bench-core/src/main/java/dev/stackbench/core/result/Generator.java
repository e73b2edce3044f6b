package dev.stackbench.core.result;

/**
 * The load generator watching itself over the measured window (Hyperfoil's CPU and jitter watchdogs, on the
 * generator's own loops): numbers measured by a generator that could not keep its schedule describe the
 * generator, not the server. The limits applied are written beside the verdicts ({@link GeneratorWatch}).
 *
 * @param lagMs                open model: how late each measured request was picked up by its loop after it came
 *                             due (or, while every connection was busy, after the loop meant to look): the
 *                             generator's own delay, apart from waiting for a connection; null in the closed model
 * @param loopBusyMean         the busiest loop's share of each interval spent on CPU, averaged over the window (0 to 1);
 *                             null where thread CPU time is not measurable
 * @param loopBusyMax          the same, its highest interval
 * @param saturated            the loops were busy beyond {@code loopBusyLimit} or the lag's p99 beyond
 *                             {@code lagP99LimitMs}: the generator may have limited the load, the numbers are suspect
 * @param targetPerSecond      open model: requests due in the window per second (the rate asked for); null in the closed model
 * @param sentPerSecond        requests written to a socket within the window, per second, whatever their intended start
 * @param rateReached          open model: {@code sentPerSecond} within {@code rateTolerancePercent} of
 *                             {@code targetPerSecond}; null in the closed model, which asks for no rate
 * @param loopBusyLimit        the limits applied: loop CPU share (0 to 1), lag p99 in ms, rate tolerance in percent
 */
public record Generator(
        Percentiles lagMs,
        Double loopBusyMean,
        Double loopBusyMax,
        boolean saturated,
        Double targetPerSecond,
        double sentPerSecond,
        Boolean rateReached,
        double loopBusyLimit,
        double lagP99LimitMs,
        double rateTolerancePercent) {}
