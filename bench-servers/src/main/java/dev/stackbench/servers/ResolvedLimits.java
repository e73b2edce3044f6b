package dev.stackbench.servers;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.WebStack;
import dev.stackbench.core.server.Workload;
import dev.stackbench.servers.ServerDefaults.Property;
import java.util.concurrent.ForkJoinPool;
import org.springframework.core.env.PropertyResolver;

/**
 * A started server's {@link ServerLimits}, read from its resolved settings (stackbench's defaults with the spec's
 * overrides), so that bench-core gets numbers and never needs the property names they come from. Each approach's
 * blocking pool is described the way {@code DispatchConfiguration} builds it.
 */
final class ResolvedLimits {

    private ResolvedLimits() {}

    static ServerLimits of(ServerSpec spec, PropertyResolver settings) {
        Approach approach = spec.approach();
        boolean tomcat = approach.stack() == WebStack.MVC_TOMCAT;
        // loom-tomcat's request threads are virtual (spring.threads.virtual.enabled): Tomcat's maximum does not apply.
        Integer requestThreads = tomcat && approach.execution() != Execution.VIRTUAL_THREAD
                ? settings.getRequiredProperty(Property.TOMCAT_MAX_THREADS, Integer.class)
                : null;
        Integer eventLoopThreads =
                tomcat ? null : settings.getRequiredProperty(Property.NETTY_EVENT_LOOP_THREADS, Integer.class);
        ServerLimits.ThreadPool pool = switch (approach.execution()) {
            // Tomcat starts threads up to its maximum before it queues a request.
            case REQUEST_THREAD ->
                ServerLimits.ThreadPool.eager(
                        "Tomcat request threads",
                        requestThreads,
                        bounded(settings.getProperty(Property.TOMCAT_MAX_QUEUE_CAPACITY, Integer.class)),
                        false);
            case TASK_POOL ->
                new ServerLimits.ThreadPool(
                        "@Async ThreadPoolTaskExecutor",
                        settings.getRequiredProperty(Property.ASYNC_CORE_SIZE, Integer.class),
                        settings.getRequiredProperty(Property.ASYNC_MAX_SIZE, Integer.class),
                        bounded(settings.getRequiredProperty(Property.ASYNC_QUEUE_CAPACITY, Integer.class)),
                        false);
            // Reactor caps the queued tasks per thread.
            case BOUNDED_ELASTIC -> {
                int threads = settings.getRequiredProperty(Property.ELASTIC_MAX_THREADS, Integer.class);
                long queued =
                        (long) threads * settings.getRequiredProperty(Property.ELASTIC_QUEUED_TASK_CAP, Integer.class);
                yield ServerLimits.ThreadPool.eager("boundedElastic", threads, bounded(queued), false);
            }
            case COMMON_POOL ->
                ServerLimits.ThreadPool.eager(
                        "ForkJoinPool.commonPool()", ForkJoinPool.getCommonPoolParallelism(), null, true);
            case VIRTUAL_THREAD, EVENT_LOOP -> null;
        };
        boolean nestedCallsToSelf =
                settings.getProperty(Property.UPSTREAM_URI, "").isBlank();
        int addedDelayMillis = spec.workload() == Workload.DATE
                ? settings.getRequiredProperty(Property.DATE_ADDED_DELAY_MILLIS, Integer.class)
                : 0;
        // A pinned wait is part of the wait at the bottom of the chain wherever blocking code runs (not on the event
        // loop).
        if (spec.workload() == Workload.DATE && approach.execution() != Execution.EVENT_LOOP) {
            addedDelayMillis += settings.getRequiredProperty(Property.DATE_PINNED_WAIT_MILLIS, Integer.class);
        }
        // Absent for date, and for movies on Redis or MongoDB (no JDBC or R2DBC pool: see ServerDefaults.database).
        Integer databaseConnections = settings.getProperty(Property.DB_POOL_SIZE, Integer.class);
        return new ServerLimits(
                approach.execution(),
                requestThreads,
                eventLoopThreads,
                pool,
                nestedCallsToSelf,
                addedDelayMillis,
                databaseConnections);
    }

    /** A queue capacity, or null for one that never fills in practice (Integer.MAX_VALUE is Spring's and Tomcat's "unbounded"). */
    private static Integer bounded(Number capacity) {
        return capacity == null || capacity.longValue() >= Integer.MAX_VALUE ? null : capacity.intValue();
    }
}
