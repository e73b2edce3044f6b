package dev.stackbench.servers.dispatch;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.springframework.scheduling.annotation.Async;

/**
 * async-tomcat's pool, used the way 000_1588c31d8a7041cb.txt used it: an {@code @Async} method on
 * Boot's {@code applicationTaskExecutor}, sized by {@code spring.task.execution.pool.*}. A full pool
 * throws {@link org.springframework.core.task.TaskRejectedException} from the call itself.
 */
class AsyncTaskRunner {

    @Async
    public <T> CompletableFuture<T> submit(Callable<T> work) {
        try {
            return CompletableFuture.completedFuture(work.call());
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
