package dev.stackbench.servers.dispatch;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.WebStack;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.scheduling.annotation.EnableAsync;
import reactor.core.scheduler.Schedulers;

/** The one place that says, for every approach, where its blocking work runs. */
@Configuration(proxyBeanMethods = false)
@EnableAsync
public class DispatchConfiguration {

    @Bean
    BlockingDispatch blockingDispatch(ServerSpec spec, AsyncTaskRunner asyncTaskRunner, Environment environment) {
        Approach approach = spec.approach();
        return switch (approach.execution()) {
            case REQUEST_THREAD -> new BlockingDispatch.CallerThread();
            // loom-tomcat: Tomcat's request threads are themselves virtual (spring.threads.virtual.enabled);
            // loom-netty: event loops must not block, so each request gets a virtual thread of its own.
            case VIRTUAL_THREAD ->
                approach.stack() == WebStack.MVC_TOMCAT
                        ? new BlockingDispatch.CallerThread()
                        : new BlockingDispatch.OnScheduler(Schedulers.fromExecutorService(
                                Executors.newThreadPerTaskExecutor(Thread.ofVirtual()
                                        .name(approach.id() + "-", 0)
                                        .factory()),
                                approach.id()));
            case TASK_POOL -> new BlockingDispatch.OnExecutor(asyncTaskRunner::submit);
            // Named explicitly: with fewer than 3 cores the common pool's parallelism is 1, and a plain
            // supplyAsync(work) would then start a new thread per task instead of using the pool.
            case COMMON_POOL ->
                new BlockingDispatch.OnExecutor(new BlockingDispatch.Submitter() {
                    @Override
                    public <T> CompletableFuture<T> submit(Callable<T> work) {
                        return CompletableFuture.supplyAsync(() -> call(work), ForkJoinPool.commonPool());
                    }
                });
            // Same scheduler type and defaults as Schedulers.boundedElastic(), but one per server, so
            // variants running side by side in one JVM do not share (or dispose) each other's threads.
            case BOUNDED_ELASTIC ->
                new BlockingDispatch.OnScheduler(Schedulers.newBoundedElastic(
                        environment.getRequiredProperty("stackbench.elastic.max-threads", Integer.class),
                        environment.getRequiredProperty("stackbench.elastic.queued-task-cap", Integer.class),
                        approach.id() + "-boundedElastic"));
            case EVENT_LOOP -> new BlockingDispatch.NonBlocking();
        };
    }

    @Bean
    AsyncTaskRunner asyncTaskRunner() {
        return new AsyncTaskRunner();
    }

    private static <T> T call(Callable<T> work) {
        try {
            return work.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }
}
