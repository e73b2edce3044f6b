package dev.stackbench.servers.dispatch;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * Spring MVC's side of {@link BlockingDispatch}: a plain response when the work runs on the request
 * thread, an asynchronous one (the servlet thread is released) when it runs elsewhere.
 */
public final class MvcDispatcher {

    private final BlockingDispatch dispatch;

    public MvcDispatcher(BlockingDispatch dispatch) {
        if (dispatch instanceof BlockingDispatch.NonBlocking) {
            throw new IllegalArgumentException("Spring MVC runs blocking work; it has no non-blocking dispatch");
        }
        this.dispatch = dispatch;
    }

    public ServerResponse respond(Callable<Reply> work) {
        return switch (dispatch) {
            case BlockingDispatch.CallerThread callerThread -> toResponse(callCatching(work));
            case BlockingDispatch.OnExecutor onExecutor ->
                ServerResponse.async(submitCatching(onExecutor, work)
                        .exceptionally(Reply::failure)
                        .thenApply(MvcDispatcher::toResponse));
            case BlockingDispatch.OnScheduler onScheduler ->
                ServerResponse.async(Mono.fromCallable(work)
                        .subscribeOn(onScheduler.scheduler())
                        .onErrorResume(failure -> Mono.just(Reply.failure(failure)))
                        .map(MvcDispatcher::toResponse));
            case BlockingDispatch.NonBlocking nonBlocking -> throw new IllegalStateException("unreachable");
        };
    }

    public static ServerResponse toResponse(Reply reply) {
        var response = ServerResponse.status(reply.status()).header(ServedBy.HEADER, reply.servedBy());
        return reply.body().isEmpty()
                ? response.build()
                : response.contentType(MediaType.parseMediaType(reply.contentType()))
                        .body(reply.body());
    }

    private static Reply callCatching(Callable<Reply> work) {
        try {
            return work.call();
        } catch (Exception e) {
            return Reply.failure(e);
        }
    }

    private static CompletableFuture<Reply> submitCatching(
            BlockingDispatch.OnExecutor onExecutor, Callable<Reply> work) {
        try {
            return onExecutor.submitter().submit(work);
        } catch (RuntimeException rejected) {
            // A full pool refuses at submit time: answer at once instead of queueing the request.
            return CompletableFuture.completedFuture(Reply.failure(rejected));
        }
    }
}
