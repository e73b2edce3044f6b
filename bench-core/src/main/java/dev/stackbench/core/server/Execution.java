package dev.stackbench.core.server;

/**
 * Where an approach runs a request's blocking work (a sleep, a JDBC call, a blocking HTTP call).
 * bench-servers maps each value to exactly one dispatch mechanism per {@link WebStack}.
 */
public enum Execution {
    REQUEST_THREAD("on the server's request thread (Tomcat's worker pool)"),
    VIRTUAL_THREAD("on a new virtual thread per request"),
    TASK_POOL("on an @Async ThreadPoolTaskExecutor"),
    COMMON_POOL("via CompletableFuture.supplyAsync on ForkJoinPool.commonPool()"),
    BOUNDED_ELASTIC("via Mono.fromCallable(...).subscribeOn(boundedElastic)"),
    EVENT_LOOP("nowhere: non-blocking on Netty's event loop, delays are timers");

    private final String description;

    Execution(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
