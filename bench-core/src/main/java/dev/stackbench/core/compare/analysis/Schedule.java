package dev.stackbench.core.compare.analysis;

import dev.stackbench.core.result.Metric;
import java.util.List;

/**
 * How the trials of a round share the machine.
 *
 * <ul>
 *   <li>{@link #TURNS}: one trial at a time, the other JVMs idle, in a fresh random order each round. Each variant has
 *       the machine to itself, so every metric (throughput, latency) means what a run of its own would; what the
 *       machine's speed does between two trials of a round (seconds apart) is noise.</li>
 *   <li>{@link #TOGETHER}: every variant's trial of a round at the same time (with forks, one JVM of each variant at a
 *       time), sharing the machine, as duet benchmarking does (Bulej et al., ICPE 2020): a change in the machine's speed
 *       within seconds hits all of them alike and cancels in their ratios. For efficiency (CPU per request, and
 *       requests/s, which then say who gets more done with an equal share of the cores); latencies are each under
 *       the others' load.</li>
 * </ul>
 */
public enum Schedule {
    TURNS("in turns, the other JVMs idle"),
    TOGETHER("together, every variant's trial at once");

    private final String words;

    Schedule(String words) {
        this.words = words;
    }

    /**
     * The schedule a comparison planned from {@code --detect} runs unless told: together when every deciding metric is
     * CPU per request (measured on a 2-core machine: a trial's CPU per request moved 7% relative to its round in turns,
     * 2.2% together, since the machine's changes of speed within seconds hit trials measured at once alike), in turns
     * otherwise (requests/s and latencies together are each under the others' load: another question).
     */
    public static Schedule planned(List<Metric> deciding) {
        return cpuPerRequestOnly(deciding) ? TOGETHER : TURNS;
    }

    /** Whether every deciding metric is CPU per request (the whole JVM's or the server's). */
    public static boolean cpuPerRequestOnly(List<Metric> deciding) {
        return deciding.stream()
                .allMatch(metric -> metric == Metric.CPU_PER_REQUEST || metric == Metric.SERVER_CPU_PER_REQUEST);
    }

    /** How a round runs, for the summary: "in turns, the other JVMs idle". */
    public String words() {
        return words;
    }
}
