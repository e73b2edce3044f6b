package dev.stackbench.core.load.engine;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.CompressedHistogram;
import dev.stackbench.core.result.Histograms;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * Builds one run's result from several agents' {@link SegmentRun}s through the single generator's own
 * {@link Timeline} and {@link ResultAssembly}, so the schema, the steady verdict, gates and reports see one run.
 * Intervals are merged by number: histograms added, never percentiles averaged; cumulative counters summed, an
 * agent with fewer intervals counting with its last values. Before the drain, interval k of every agent ends at the
 * same offset from the agreed origin by that agent's clock: the boundaries are ticks of the report interval and the
 * window's start and end, which a fixed warm-up and no request budget (both required with agents) make functions of
 * the offset alone, and a late agent still counts its offsets from the agreed origin. The same offset is the same
 * instant only within the clocks' alignment (the agents section says how close). In the drain they part: each agent
 * drains as long as its own requests take, so interval k of the drain may end at different offsets (the latest is
 * kept), and an agent stopped early has fewer intervals. A lost agent, or one that sent no interval, adds nothing,
 * and is named.
 */
final class SegmentMerge {

    private SegmentMerge() {}

    /** @param stopReason why the run was stopped early (the coordinator interrupted: the agents stopped and sent what they had); null if not */
    static Measurement merge(
            LoadRun run,
            RunResult.Target target,
            Instant start,
            String clockAlignment,
            List<AgentPart> sent,
            String stopReason) {
        // A part without a single interval has nothing to merge by number: its agent is as good as lost.
        var parts = sent.stream()
                .map(part -> part.run() != null && part.run().intervals().isEmpty()
                        ? new AgentPart(
                                part.name(),
                                part.segment(),
                                part.clockOffsetMs(),
                                part.roundTripMs(),
                                null,
                                "sent measurements without a single interval")
                        : part)
                .toList();
        var finished = parts.stream()
                .filter(part -> part.run() != null)
                .map(AgentPart::run)
                .toList();
        if (finished.isEmpty()) {
            throw new IllegalStateException("no agent sent its measurements: nothing to merge ("
                    + parts.stream()
                            .map(part -> part.name() + ": " + part.lost())
                            .toList() + ")");
        }
        var names = run.mix().names();
        int size = WorkerCounters.size(names.size());
        var jvm = JvmMetrics.detached(
                "merged from agents"); // only the client's CPU is summed; the result leaves the JVM out
        var timeline = new Timeline(start.toEpochMilli(), jvm, sample(start.toEpochMilli(), 0), names);
        int intervals = finished.stream()
                .mapToInt(part -> part.intervals().size())
                .max()
                .orElse(0);
        for (int k = 0; k < intervals; k++) {
            int index = k;
            var present = finished.stream()
                    .filter(part -> index < part.intervals().size())
                    .map(part -> part.intervals().get(index))
                    .toList();
            // An interval of the window beside one of the drain is the window's: the earlier period rules.
            var period = present.stream()
                    .map(interval -> Timeline.Period.valueOf(interval.period()))
                    .min(Comparator.naturalOrder())
                    .orElseThrow();
            long to = present.stream()
                    .mapToLong(SegmentRun.Interval::toNanos)
                    .max()
                    .orElseThrow();
            long[] counters = new long[size];
            long clientCpu = 0;
            for (SegmentRun part : finished) {
                var interval =
                        part.intervals().get(Math.min(index, part.intervals().size() - 1));
                add(counters, interval.counters());
                clientCpu += interval.clientCpuNanos();
            }
            Double loopBusy = present.stream()
                    .map(SegmentRun.Interval::loopBusy)
                    .filter(Objects::nonNull)
                    .max(Double::compare)
                    .orElse(null);
            timeline.close(
                    period,
                    to,
                    taken(present, names.size(), counters),
                    sample(start.toEpochMilli() + to / 1_000_000, clientCpu),
                    loopBusy);
        }
        long[] counters = new long[size];
        var warnings = new ArrayList<String>();
        for (AgentPart part : parts) {
            if (part.run() != null) {
                add(counters, part.run().counters());
                part.run().warnings().forEach(warning -> warnings.add("agent " + part.name() + ": " + warning));
            }
        }
        var window = new RunControl.Window(
                finished.stream().mapToLong(SegmentRun::windowStartNanos).min().orElseThrow(),
                finished.stream().mapToLong(SegmentRun::windowEndNanos).max().orElseThrow());
        // A class's first message is the first agent's (in segment order) that has one: the agents' clocks differ.
        var errorMessages = ErrorMessages.merge(
                finished.stream().map(SegmentRun::errorMessages).toList());
        var measurement = new ResultAssembly(run, target)
                .assemble(timeline, counters, errorMessages, window, null, stopReason, warnings);
        var lost = parts.stream().filter(part -> part.run() == null).toList();
        var first = lost.stream()
                .map(part -> "PARTIAL: agent " + part.name() + " (segment " + part.segment() + ") was lost: "
                        + part.lost() + "; its share of the load is missing from these numbers")
                .toList();
        var agents = new RunResult.Agents(
                !lost.isEmpty(),
                clockAlignment,
                parts.stream().map(SegmentMerge::agent).toList());
        return new Measurement(
                measurement.result().mergedFromAgents(agents, first),
                measurement.latency(),
                measurement.serviceTime(),
                measurement.waitTime(),
                measurement.intervals());
    }

    private static RunResult.Agent agent(AgentPart part) {
        var run = part.run();
        if (run == null) {
            return new RunResult.Agent(
                    part.name(),
                    part.segment(),
                    false,
                    part.lost(),
                    part.clockOffsetMs(),
                    part.roundTripMs(),
                    null,
                    null,
                    null,
                    null,
                    null,
                    null);
        }
        long errors = run.measuredErrors();
        long finished = run.measured(WorkerCounters.FINISHED);
        return new RunResult.Agent(
                part.name(),
                part.segment(),
                true,
                null,
                part.clockOffsetMs(),
                part.roundTripMs(),
                run.startLateNanos() / 1e6,
                run.measured(WorkerCounters.SCHEDULED),
                run.measured(WorkerCounters.SENT),
                finished - errors,
                errors,
                run.clientCpuNanosInWindow() / 1e9);
    }

    private static IntervalCollector.Taken taken(List<SegmentRun.Interval> present, int names, long[] counters) {
        var warmup = Histograms.newLatencyHistogram();
        var measured = Histograms.newLatencyHistogram();
        var service = Histograms.newLatencyHistogram();
        var wait = Histograms.newLatencyHistogram();
        var lag = Histograms.newLatencyHistogram();
        var byName = new ArrayList<Histogram>();
        for (int i = 0; i < names; i++) {
            byName.add(Histograms.newLatencyHistogram());
        }
        for (SegmentRun.Interval interval : present) {
            warmup.add(decode(interval.warmup()));
            measured.add(decode(interval.measured()));
            service.add(decode(interval.serviceTime()));
            wait.add(decode(interval.waitTime()));
            lag.add(decode(interval.lag()));
            for (int i = 0; i < names; i++) {
                byName.get(i).add(decode(interval.byName().get(i)));
            }
        }
        return new IntervalCollector.Taken(warmup, measured, service, wait, List.copyOf(byName), counters, lag);
    }

    private static Histogram decode(byte[] bytes) {
        return new CompressedHistogram(bytes).decompress();
    }

    private static void add(long[] sum, long[] counters) {
        if (counters.length != sum.length) {
            throw new IllegalArgumentException("an agent's counters have " + counters.length + " fields, this build's "
                    + sum.length + ": agents and coordinator must run the same stackbench");
        }
        for (int i = 0; i < sum.length; i++) {
            sum[i] += counters[i];
        }
    }

    /** What the merged timeline knows of the agents' JVMs: their event loops' CPU, summed. */
    private static JvmMetrics.Sample sample(long epochMillis, long clientCpuNanos) {
        return new JvmMetrics.Sample(
                epochMillis, clientCpuNanos, 0, 0, 0, null, 0, 0, null, 0, 0, null, null, 0, null, null);
    }
}
