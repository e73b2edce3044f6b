package dev.stackbench.servers;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpRequest;

/**
 * Works around reactor-netty#4361 (Reactor Netty 1.3.7, Spring Boot 4.1.1's): a keep-alive request
 * that arrives before the previous request's operations have terminated is queued by Reactor Netty's
 * HttpTrafficHandler; when it is then answered at once (an error, a cache hit, the date without
 * delay), the connection stops reading, and the next request waits until the client gives up.
 * Reactor Netty 1.3.8 fixes it, but needs Netty 4.2.19, which the registry reachable here does not
 * serve in full.
 *
 * <p>Sits between the HTTP codec and HttpTrafficHandler, so it sees what that handler sees: each
 * request read, and each termination of a request's operations (Reactor Netty fires an event through
 * the pipeline). While a request is queued behind another, every termination is followed by a read
 * asked for in a task of its own, after HttpTrafficHandler has drained its queue. A connection whose
 * requests never overlap (one at a time, as the load generator sends them) costs two counter updates
 * per request. Runs on the connection's event loop only, so it needs no synchronization.
 */
final class PipelinedReadResumer extends ChannelDuplexHandler {

    static final String NAME = "stackbench.pipelinedReadResumer";
    /** Reactor Netty's package-private event, fired when a request's operations terminate. */
    private static final String TERMINATED_EVENT = "reactor.netty.http.server.HttpServerOperationsTerminatedEvent";

    /** Requests read whose operations have not terminated. */
    private int pending;
    /** Whether a request was read while another was pending (so Reactor Netty queued it), since the connection was last idle. */
    private boolean queued;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof HttpRequest) {
            queued |= pending > 0;
            pending++;
        }
        super.channelRead(ctx, msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        boolean terminated = event.getClass().getName().equals(TERMINATED_EVENT);
        super.userEventTriggered(ctx, event);
        if (terminated) {
            pending = Math.max(0, pending - 1);
            if (queued) {
                queued = pending > 0;
                ctx.executor().execute(() -> {
                    if (ctx.channel().isActive()) {
                        ctx.read();
                    }
                });
            }
        }
    }
}
