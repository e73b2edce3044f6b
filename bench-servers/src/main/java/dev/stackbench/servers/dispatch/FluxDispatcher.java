package dev.stackbench.servers.dispatch;

import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * WebFlux's side of {@link BlockingDispatch}: blocking work moves off the event loop onto the
 * approach's scheduler; the non-blocking approach runs the workload's reactive form instead.
 */
public final class FluxDispatcher {

    private final BlockingDispatch dispatch;

    public FluxDispatcher(BlockingDispatch dispatch) {
        if (dispatch instanceof BlockingDispatch.CallerThread || dispatch instanceof BlockingDispatch.OnExecutor) {
            throw new IllegalArgumentException(
                    "WebFlux must not block its event loop; " + dispatch + " is not a Netty dispatch");
        }
        this.dispatch = dispatch;
    }

    /**
     * @param blocking the workload written in blocking style
     * @param reactive the same workload written non-blocking
     */
    public Mono<ServerResponse> respond(Callable<Reply> blocking, Supplier<Mono<Reply>> reactive) {
        Mono<Reply> reply = switch (dispatch) {
            case BlockingDispatch.OnScheduler onScheduler ->
                Mono.fromCallable(blocking).subscribeOn(onScheduler.scheduler());
            case BlockingDispatch.NonBlocking nonBlocking -> Mono.defer(reactive);
            case BlockingDispatch.CallerThread callerThread -> throw new IllegalStateException("unreachable");
            case BlockingDispatch.OnExecutor onExecutor -> throw new IllegalStateException("unreachable");
        };
        return reply.onErrorResume(failure -> Mono.just(Reply.failure(failure))).flatMap(FluxDispatcher::toResponse);
    }

    public static Mono<ServerResponse> toResponse(Reply reply) {
        var response = ServerResponse.status(reply.status()).header(ServedBy.HEADER, reply.servedBy());
        return reply.body().isEmpty()
                ? response.build()
                : response.contentType(MediaType.parseMediaType(reply.contentType()))
                        .bodyValue(reply.body());
    }
}
