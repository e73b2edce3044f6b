package dev.stackbench.core.compare;

import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.jvm.VariantFailure;
import dev.stackbench.core.compare.jvm.VariantJvm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * How a round's trials (and the warm-ups) share the machine, as {@link #of(Schedule)} chooses: the groups of JVMs
 * measured at once, in a round's order, and what a round is reckoned to take before any has run.
 */
sealed interface RoundSchedule {

    /** The groups of JVMs each round of {@code schedule} measures at once. */
    static RoundSchedule of(Schedule schedule) {
        return switch (schedule) {
            case TURNS -> new InTurns();
            case TOGETHER -> new Together();
        };
    }

    /**
     * Before the first round, a round is reckoned at its trials' lengths plus this much each (a trial's result, files
     * and drain took about 1 s here); later rounds at the longest round so far.
     */
    double ROUND_SLACK_PER_TRIAL_SECONDS = 2.0;

    /** The round's order as the groups of JVMs measured at once, one group after another. */
    List<List<VariantJvm>> groups(List<VariantJvm> order);

    /** What a round of {@code jvms} is reckoned to take before any has run: its groups' trials and some slack each. */
    default double firstRoundSeconds(List<VariantJvm> jvms, Duration trialLength) {
        return groups(jvms).size() * (trialLength.toMillis() / 1000.0 + ROUND_SLACK_PER_TRIAL_SECONDS);
    }

    /** One JVM at a time, the others idle. */
    record InTurns() implements RoundSchedule {
        @Override
        public List<List<VariantJvm>> groups(List<VariantJvm> order) {
            return order.stream().map(List::of).toList();
        }
    }

    /** One JVM of every variant at a time (forks in the order their first JVM comes in the round's order). */
    record Together() implements RoundSchedule {
        @Override
        public List<List<VariantJvm>> groups(List<VariantJvm> order) {
            var byFork = new LinkedHashMap<Integer, List<VariantJvm>>();
            order.forEach(jvm -> byFork.computeIfAbsent(jvm.fork(), fork -> new ArrayList<>())
                    .add(jvm));
            return List.copyOf(byFork.values());
        }
    }

    /** What {@code task} gives for each JVM of {@code group}, in its order, run for all of them at the same time. */
    static <T> List<T> atOnce(List<VariantJvm> group, Function<VariantJvm, T> task) {
        if (group.size() == 1) {
            return List.of(task.apply(group.getFirst()));
        }
        var futures = new ArrayList<Future<T>>();
        try (var executor = Executors.newThreadPerTaskExecutor(
                Thread.ofPlatform().name("variant-", 0).daemon().factory())) {
            group.forEach(jvm -> futures.add(executor.submit(() -> task.apply(jvm))));
        } // closing waits for every task: each ends by its own timeout at the latest
        return futures.stream().map(RoundSchedule::outcome).toList();
    }

    /** What a task run on a thread of its own gave; its failure (a {@link VariantFailure}) as it was thrown. */
    private static <T> T outcome(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a variant's JVM", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
