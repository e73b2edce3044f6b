package dev.stackbench.jmh;

import dev.stackbench.core.load.engine.LoadSession;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Adds the load generator's HdrHistogram percentiles of each iteration to JMH's results, as
 * secondary results with a real unit: p50, p90, p99, p99.9 averaged over iterations, max as the
 * maximum, failed requests summed. (Not @AuxCounters, which would sum across threads.)
 * {@code bench-jmh.jar} adds it to every run; by hand: {@code -prof dev.stackbench.jmh.LatencyProfiler}.
 */
public final class LatencyProfiler implements InternalProfiler {

    @Override
    public String getDescription() {
        return "stackbench: latency percentiles (ms) and errors of each iteration's load window";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        LoadSession session = CurrentLoad.session();
        if (session != null) {
            session.window(); // what came before this iteration is not part of it
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        LoadSession.Window window = CurrentLoad.takeWindow();
        if (window == null) {
            return List.of();
        }
        Histogram latency = window.latencyNanos();
        var results = new ArrayList<Result>();
        if (latency.getTotalCount() > 0) {
            results.add(ms("p50", latency.getValueAtPercentile(50), AggregationPolicy.AVG));
            results.add(ms("p90", latency.getValueAtPercentile(90), AggregationPolicy.AVG));
            results.add(ms("p99", latency.getValueAtPercentile(99), AggregationPolicy.AVG));
            results.add(ms("p99.9", latency.getValueAtPercentile(99.9), AggregationPolicy.AVG));
            results.add(ms("max", latency.getMaxValue(), AggregationPolicy.MAX));
        }
        results.add(new ScalarResult("errors", window.errors(), "requests", AggregationPolicy.SUM));
        return results;
    }

    private static ScalarResult ms(String label, long nanos, AggregationPolicy policy) {
        return new ScalarResult(label, nanos / 1e6, "ms", policy);
    }
}
