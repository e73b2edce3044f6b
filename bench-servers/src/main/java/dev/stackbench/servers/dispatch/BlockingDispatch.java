package dev.stackbench.servers.dispatch;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import reactor.core.scheduler.Scheduler;

/**
 * How an approach runs a request's blocking work. Chosen once per server, in
 * {@link DispatchConfiguration}; the stack adapters ({@link MvcDispatcher}, {@link FluxDispatcher})
 * turn it into the response type their framework understands.
 */
public sealed interface BlockingDispatch extends AutoCloseable {

    /** Runs the work on the thread that handles the request (Tomcat's worker, or its virtual thread). */
    record CallerThread() implements BlockingDispatch {}

    /** Hands the work to an executor and answers when its future completes. */
    record OnExecutor(Submitter submitter) implements BlockingDispatch {}

    /** Wraps the work in {@code Mono.fromCallable(work).subscribeOn(scheduler)}; owns the scheduler. */
    record OnScheduler(Scheduler scheduler) implements BlockingDispatch {
        @Override
        public void close() {
            scheduler.dispose();
        }
    }

    /** Blocking work is not allowed: the workload's non-blocking form runs on the event loop. */
    record NonBlocking() implements BlockingDispatch {}

    /** Submits work to a pool; may throw {@link java.util.concurrent.RejectedExecutionException} when it is full. */
    @FunctionalInterface
    interface Submitter {
        <T> CompletableFuture<T> submit(Callable<T> work);
    }

    @Override
    default void close() {}
}
