package dev.stackbench.core.result.read;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.result.Histograms;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ThroughputBound;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One run as read from files: a load run (result.json, and the interval histograms of the latency.hlog
 * beside it) or one fork of a JMH benchmark (its iterations). Several runs of one label are repeats.
 *
 * @param file       the file it was read from
 * @param source     where it was read from, for messages: the file, and for JMH the benchmark and fork
 * @param label      the target's name: result.json's target label (for older results approach/workload or the
 *                   URL), or for JMH approach/workload with the parameters that tell entries apart
 * @param setup      how it was measured; repeats must agree on it
 * @param result     the load result; null for a JMH fork
 * @param intervals  the measured window's interval histograms; empty without a latency.hlog, or for JMH
 * @param iterations a JMH fork's measured iterations; empty for a load run
 * @param reported   the run's own summary values (result.json's, or the fork's means), used where no
 *                   within-run samples are known; a metric not measured is absent
 * @param errors     failed requests in the measured window
 * @param finished   successful plus failed requests in the measured window; 0 when unknown (JMH)
 * @param intervalsByRequest the measured window's interval histograms of each request name (tags {@code latency:NAME});
 *                   empty without a latency.hlog, for JMH, and in logs written before the tags existed
 * @param request    the request name this run is restricted to ({@link #forRequest}); null for the whole run
 * @param machine    the machine it ran on: a load result's own, a JMH file's {@code NAME.machine.json} beside it; null
 *                   when the files do not say ({@link Machine#UNKNOWN})
 */
public record RecordedRun(
        Path file,
        String source,
        String label,
        Setup setup,
        RunResult result,
        List<IntervalHistogram> intervals,
        List<IterationScores> iterations,
        Map<Metric, Double> reported,
        long errors,
        long finished,
        Map<String, List<IntervalHistogram>> intervalsByRequest,
        String request,
        Machine machine) {

    public RecordedRun {
        intervals = List.copyOf(intervals);
        iterations = List.copyOf(iterations);
        reported = Map.copyOf(reported);
        intervalsByRequest = Map.copyOf(intervalsByRequest);
    }

    /** A whole run, with no intervals by request name. */
    public RecordedRun(
            Path file,
            String source,
            String label,
            Setup setup,
            RunResult result,
            List<IntervalHistogram> intervals,
            List<IterationScores> iterations,
            Map<Metric, Double> reported,
            long errors,
            long finished) {
        this(
                file,
                source,
                label,
                setup,
                result,
                intervals,
                iterations,
                reported,
                errors,
                finished,
                Map.of(),
                null,
                result == null || result.environment() == null
                        ? null
                        : result.environment().machine());
    }

    /**
     * This run restricted to the requests of one name: their counts, summary values and interval histograms,
     * so that a gate checks them as it checks a whole run. Empty when the run has no requests of that name
     * (or was written before names were counted, or is a JMH fork).
     */
    public Optional<RecordedRun> forRequest(String name) {
        if (result == null || request != null) {
            return Optional.empty();
        }
        return result.request(name).map(stats -> {
            var values = new EnumMap<Metric, Double>(Metric.class);
            for (Metric metric : Metric.values()) {
                Double value = metric.of(stats);
                if (value != null) {
                    values.put(metric, value);
                }
            }
            return new RecordedRun(
                    file,
                    source + " (request " + name + ")",
                    label,
                    setup,
                    result,
                    intervalsByRequest.getOrDefault(name, List.of()),
                    List.of(),
                    values,
                    stats.errors(),
                    stats.ok() + stats.errors(),
                    Map.of(),
                    name,
                    machine);
        });
    }

    /** A load run, with the result.json behind it (a JMH fork has none). */
    public boolean isLoadRun() {
        return result != null;
    }

    /** The run's summary value of a metric, or NaN when it was not measured. */
    public double reported(Metric metric) {
        return reported.getOrDefault(metric, Double.NaN);
    }

    /**
     * Whether the measured window was steady, as the load generator judged it; null when unknown (results
     * written before stackbench judged it, JMH forks).
     */
    public RunResult.Steadiness steadiness() {
        return result == null || result.window() == null
                ? null
                : result.window().steadiness();
    }

    /**
     * The throughput bound the run's own settings imply (pool N/D, users C/(D+Z), offered rate); empty if none applies,
     * and for one request name's share of a run, which no bound describes.
     */
    public Optional<ThroughputBound> bound() {
        if (result == null || request != null) {
            return Optional.empty();
        }
        try {
            return ThroughputBound.binding(result);
        } catch (RuntimeException e) { // a result too old or too partial to say
            return Optional.empty();
        }
    }

    /** The measured window's latencies merged from its intervals (ns); null without a latency.hlog. */
    public Histogram latencyNanos() {
        if (intervals.isEmpty()) {
            return null;
        }
        Histogram total = Histograms.newLatencyHistogram();
        intervals.forEach(interval -> total.add(interval.latencyNanos()));
        return total;
    }
}
