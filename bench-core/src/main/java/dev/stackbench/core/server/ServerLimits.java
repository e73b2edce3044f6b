package dev.stackbench.core.server;

/**
 * What bounds a started server, as data: where its blocking work runs, how many threads and queue
 * slots that takes from, and what else it adds to a request. The server module fills it in from its
 * resolved settings (defaults and overrides), so that bench-core can derive bounds (for instance
 * {@code ThroughputBound}) without ever reading a framework's property names. Results record it as
 * {@code target.limits}.
 *
 * <pre>{@code
 * ServerLimits limits = server.limits();
 * if (limits.blockingPool() != null) {
 *     System.out.println(limits.blockingPool().describe()); // @Async ThreadPoolTaskExecutor: core 100, max 200, queue 1000
 * }
 * }</pre>
 *
 * @param execution           where a request's blocking work runs (the approach's)
 * @param requestThreads      platform threads that serve HTTP requests (Tomcat's maximum); null when requests are served
 *                            by virtual threads or event loops
 * @param eventLoopThreads    the server's event-loop threads (Netty); null on Tomcat
 * @param blockingPool        the pool whose thread a request's blocking work holds while it waits; null where no pool
 *                            bounds it (a virtual thread per request, or non-blocking on the event loop)
 * @param nestedCallsToSelf   true when the workload's nested calls come back to this server, so that every level of a
 *                            call chain takes a thread of the same pool; false when they go to another server
 * @param addedDelayMillis    what the server adds to the wait at the bottom of every date call chain (0 for none)
 * @param databaseConnections connections of the workload's database pool (JDBC or R2DBC); null without a database
 */
public record ServerLimits(
        Execution execution,
        Integer requestThreads,
        Integer eventLoopThreads,
        ThreadPool blockingPool,
        boolean nestedCallsToSelf,
        int addedDelayMillis,
        Integer databaseConnections) {

    /**
     * A pool of platform threads, described as a {@link java.util.concurrent.ThreadPoolExecutor} behaves: it starts up
     * to {@code coreThreads} threads, queues further tasks, starts more threads (up to {@code maxThreads}) only when
     * its queue is full, and rejects tasks beyond that. A pool that starts threads before it queues anything
     * (Tomcat's request threads, Reactor's boundedElastic, a ForkJoinPool) has {@code coreThreads == maxThreads}.
     *
     * @param name                      what the pool is, in words, e.g. {@code @Async ThreadPoolTaskExecutor}
     * @param coreThreads               threads started before any task waits
     * @param maxThreads                the most threads it starts (only once its queue is full, when more than core)
     * @param queueCapacity             tasks that can wait for a thread; null when unbounded
     * @param compensatesBlockedThreads true when a thread that blocks (ForkJoinPool.managedBlock, as
     *                                  {@code CompletableFuture.get} does) may be replaced by a new one, so that
     *                                  more than {@code maxThreads} threads can hold tasks at once
     */
    public record ThreadPool(
            String name, int coreThreads, int maxThreads, Integer queueCapacity, boolean compensatesBlockedThreads) {

        /** @throws IllegalArgumentException naming the size that cannot be */
        public ThreadPool {
            if (coreThreads < 1 || maxThreads < coreThreads) {
                throw new IllegalArgumentException("pool '" + name + "' needs 1 <= coreThreads <= maxThreads, got core "
                        + coreThreads + ", max " + maxThreads);
            }
            if (queueCapacity != null && queueCapacity < 0) {
                throw new IllegalArgumentException(
                        "pool '" + name + "' queueCapacity must be 0 or more, got " + queueCapacity);
            }
        }

        /** A pool that starts all its threads before it queues: Tomcat's, boundedElastic, a ForkJoinPool. */
        public static ThreadPool eager(
                String name, int threads, Integer queueCapacity, boolean compensatesBlockedThreads) {
            return new ThreadPool(name, threads, threads, queueCapacity, compensatesBlockedThreads);
        }

        /** {@code Tomcat request threads: 200}, or {@code @Async ThreadPoolTaskExecutor: core 100, max 200, queue 1000}. */
        public String describe() {
            return coreThreads == maxThreads
                    ? name + ": " + maxThreads + (maxThreads == 1 ? " thread" : " threads")
                    : name + ": core " + coreThreads + ", max " + maxThreads + ", queue "
                            + (queueCapacity == null ? "unbounded" : queueCapacity);
        }
    }
}
