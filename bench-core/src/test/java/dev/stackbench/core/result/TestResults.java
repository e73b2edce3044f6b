package dev.stackbench.core.result;

import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.util.List;
import java.util.Map;

/** Hand-made results for tests of what is derived from them. */
final class TestResults {

    private TestResults() {}

    /** platform-tomcat's limits: its request threads are its pool. */
    static ServerLimits tomcat(int threads) {
        return limits(
                Execution.REQUEST_THREAD,
                threads,
                ServerLimits.ThreadPool.eager("Tomcat request threads", threads, null, false));
    }

    /** async-tomcat's limits: an @Async ThreadPoolExecutor. */
    static ServerLimits async(int core, int max, int queue) {
        return limits(
                Execution.TASK_POOL,
                200,
                new ServerLimits.ThreadPool("@Async ThreadPoolTaskExecutor", core, max, queue, false));
    }

    static ServerLimits elastic(int threads) {
        return limits(
                Execution.BOUNDED_ELASTIC,
                200,
                ServerLimits.ThreadPool.eager("boundedElastic", threads, threads * 100_000, false));
    }

    static ServerLimits commonPool(int parallelism) {
        return limits(
                Execution.COMMON_POOL,
                200,
                ServerLimits.ThreadPool.eager("ForkJoinPool.commonPool()", parallelism, null, true));
    }

    static ServerLimits virtualThreads() {
        return new ServerLimits(Execution.VIRTUAL_THREAD, null, 2, null, true, 0, null);
    }

    private static ServerLimits limits(Execution execution, int requestThreads, ServerLimits.ThreadPool pool) {
        return new ServerLimits(execution, requestThreads, null, pool, true, 0, null);
    }

    static ServerLimits withAddedDelay(ServerLimits limits, int addedDelayMillis) {
        return new ServerLimits(
                limits.execution(),
                limits.requestThreads(),
                limits.eventLoopThreads(),
                limits.blockingPool(),
                limits.nestedCallsToSelf(),
                addedDelayMillis,
                limits.databaseConnections());
    }

    static ServerLimits withNestedCallsElsewhere(ServerLimits limits) {
        return new ServerLimits(
                limits.execution(),
                limits.requestThreads(),
                limits.eventLoopThreads(),
                limits.blockingPool(),
                false,
                limits.addedDelayMillis(),
                limits.databaseConnections());
    }

    static RunResult closed(
            String approach, ServerLimits limits, Map<String, String> params, int users, String thinkTime, double rps) {
        return of(
                approach,
                limits,
                params,
                new RunResult.Profile(
                        LoadModel.CLOSED,
                        users + " users",
                        users,
                        null,
                        null,
                        thinkTime == null ? null : ThinkTime.parse(thinkTime),
                        users,
                        2,
                        0,
                        10,
                        null,
                        10,
                        30,
                        true,
                        false,
                        List.of()),
                rps);
    }

    static RunResult open(
            String approach,
            ServerLimits limits,
            Map<String, String> params,
            double rate,
            int connections,
            double rps) {
        return of(
                approach,
                limits,
                params,
                new RunResult.Profile(
                        LoadModel.OPEN,
                        rate + "/s",
                        null,
                        rate,
                        null,
                        null,
                        connections,
                        2,
                        0,
                        10,
                        null,
                        10,
                        30,
                        true,
                        false,
                        List.of()),
                rps);
    }

    static RunResult of(
            String approach, ServerLimits limits, Map<String, String> params, RunResult.Profile profile, double rps) {
        var target = new RunResult.Target(
                approach + "/date", "http://127.0.0.1:1/", approach, "date", params, Map.of(), limits, null, null);
        var environment = new RunResult.Environment("25", "vm", 2, "linux", 1L << 30, true, 1);
        long ok = Math.round(rps * profile.durationSeconds());
        return SampleResults.builder()
                .target(target)
                .profile(profile)
                .environment(environment)
                .window(new RunResult.Window("2025-01-01T00:00:00Z", 0, 10, null, null, false))
                .served(ok)
                .rps(rps)
                .build();
    }
}
