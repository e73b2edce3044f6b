package dev.stackbench.core.compare;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.TrialValues;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ServerProfile;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.core.vocabulary.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A finished (or stopped) comparison, written as {@code comparison.json}; {@link #SCHEMA} names the format version.
 * Holds every trial's result, so a verdict can be recomputed from the file alone.
 *
 * @param startedAt  when the first JVM started (ISO-8601)
 * @param seconds    from then to the end, JVM starts and warm-ups included
 * @param stopped    why it ended
 * @param rounds     the complete rounds only: a round cut short counts for nothing (its trials are not paired)
 * @param verdicts   one per analysed metric, over the complete rounds; the deciding ones first
 * @param aa         the A/A control's verdict on each deciding metric; empty without a control
 * @param warnings   what makes its verdicts suspect, in words
 * @param machine    the machine it ran on (every variant's JVM ran there): its verdicts hold there; null in
 *                   comparisons written before fingerprints ({@link Machine#UNKNOWN})
 */
public record ComparisonResult(
        String schema,
        String startedAt,
        double seconds,
        Stop stopped,
        Design design,
        Load load,
        List<VariantRecord> variants,
        List<Round> rounds,
        List<MetricVerdict> verdicts,
        List<Aa> aa,
        List<String> warnings,
        Machine machine) {

    public static final String SCHEMA = "stackbench.comparison/1";

    /** Why a comparison ended. */
    public enum Stop {
        /** Every pair of every deciding metric was decided at a look. */
        DECIDED("every pair decided"),
        /**
         * The comparison's own {@link StopRule} was answered at a look (a check's: head decided against the limit on
         * every deciding metric), though other pairs may not be decided.
         */
        ANSWERED("decided against its limit"),
        /** Its last round was run. */
        ROUNDS("round cap reached"),
        /** Another round would have ended after its time limit. */
        TIME("time limit reached"),
        /** Ctrl-C or SIGTERM: the complete rounds are kept. */
        INTERRUPTED("interrupted"),
        /** A variant's JVM failed or its server stopped: the complete rounds are kept. */
        FAILED("a variant failed");

        private final String words;

        Stop(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        /** Whether it stopped because a look decided what it was asked. */
        public boolean decided() {
            return this == DECIDED || this == ANSWERED;
        }

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The load every variant got in each trial.
     *
     * @param description the profile in words, e.g. {@code closed model, 50 users}
     * @param window      each trial's measured window, written as the command line writes it ({@code 5s})
     * @param trialWarmup each trial's re-warm, written so too ({@code 1s})
     * @param options     the load options given, by id
     */
    public record Load(
            String description,

            @JsonSerialize(using = Durations.Writer.class) @JsonDeserialize(using = Durations.Reader.class)
            Duration window,

            @JsonSerialize(using = Durations.Writer.class) @JsonDeserialize(using = Durations.Reader.class)
            Duration trialWarmup,

            Map<String, Object> options,
            List<String> requests) {}

    /**
     * One variant: how it was started and what its JVM did besides its trials.
     *
     * @param warmup          the run that warmed it up before the first round (until steady by default)
     * @param rehearsals      trial-shaped runs after it, discarded, until one ran with the JIT quiet
     * @param trialCpuSeconds its JVM's CPU (all threads, as the OS counts) during its own trials
     * @param idleCpuSeconds  its JVM's CPU during the other variants' trials, when it should have been idle (late JIT
     *                        compilation, GC, timers): it was taken from the variant being measured
     * @param idleSeconds     how long the other variants' trials lasted, over which {@code idleCpuSeconds} was spent
     * @param log             its JVM's log: the server's or application's output
     * @param profile         its server's profile over its trials' windows ({@code compare --profile}), files in
     *                        {@code profiles/LABEL/} (with forks, {@code profiles/LABEL/fork-N/}); null when not profiled
     * @param fork            which of the variant's JVMs this is, from 1: with forks, a variant has a record per JVM
     */
    public record VariantRecord(
            String label,
            int fork,
            Variant variant,
            long pid,
            RunResult.Startup startup,
            RunResult warmup,
            int rehearsals,
            double trialCpuSeconds,
            double idleCpuSeconds,
            double idleSeconds,
            String log,
            ServerProfile profile) {

        /** Its idle CPU as a share of one core. */
        public double idleCpuShare() {
            return idleSeconds > 0 ? idleCpuSeconds / idleSeconds : 0;
        }
    }

    /** One round: one trial of every variant's JVM, in {@code order} (labels, a variant's several times with forks). */
    public record Round(int number, List<String> order, List<Trial> trials, double seconds) {

        /** A variant's trial of this round; with forks, its first JVM's. */
        public Optional<Trial> trial(String label) {
            return trials.stream().filter(trial -> trial.label().equals(label)).findFirst();
        }

        /** A variant's trials of this round, one per JVM (fork), in fork order. */
        public List<Trial> trials(String label) {
            return trials.stream()
                    .filter(trial -> trial.label().equals(label))
                    .sorted(java.util.Comparator.comparingInt(Trial::fork))
                    .toList();
        }
    }

    /**
     * One variant's trial: its values of {@link Design#METRICS}, and its whole result.
     *
     * @param fork      which of the variant's JVMs, from 1 (always 1 without forks)
     * @param values    by metric; a metric that was not measured is absent
     * @param directory its files, relative to the comparison's directory; null when none were written
     */
    public record Trial(
            String label,
            int fork,
            String startedAt,
            double seconds,
            TrialValues values,
            RunResult result,
            String directory) {

        /**
         * No request succeeded in its window (all failed, or none finished): it measured nothing of its variant, so its
         * round is left out of the verdicts, even of CPU per request (which failures have too).
         */
        public boolean servedNothing() {
            return result != null && result.requests().ok() == 0;
        }
    }

    /** The control's two copies, and their verdict on one metric. */
    public record Aa(String first, String second, Metric metric, PairVerdict verdict) {

        /** The same variant declared different from itself: the comparison's verdicts are not to be trusted. */
        public boolean falseAlarm() {
            return verdict != null && verdict.outcome() == PairVerdict.Outcome.DIFFERENT;
        }
    }

    /** The same comparison with these warnings. */
    public ComparisonResult withWarnings(List<String> warnings) {
        return new ComparisonResult(
                schema, startedAt, seconds, stopped, design, load, variants, rounds, verdicts, aa, warnings, machine);
    }

    /**
     * Each variant's JVM as its warm-up recorded it: its JDK, collector and options ({@code G1, -Xms1g -Xmx1g ...});
     * empty for comparisons written before results recorded them.
     */
    public Map<String, String> jvms() {
        var jvms = new java.util.LinkedHashMap<String, String>();
        for (VariantRecord record : variants) {
            if (record.warmup() != null && record.warmup().environment() != null) {
                RunResult.Environment environment = record.warmup().environment();
                if (environment.jvmArguments() != null) {
                    jvms.putIfAbsent(
                            record.label(),
                            environment.jdk() + ", " + environment.collector() + ", "
                                    + String.join(" ", environment.jvmArguments()));
                }
            }
        }
        return jvms;
    }

    /** The variants' labels, each once, in the order they were started. */
    public List<String> labels() {
        return variants.stream().map(VariantRecord::label).distinct().toList();
    }

    public Optional<MetricVerdict> verdict(Metric metric) {
        return verdicts.stream().filter(verdict -> verdict.metric() == metric).findFirst();
    }
}
