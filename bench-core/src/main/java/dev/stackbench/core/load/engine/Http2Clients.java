package dev.stackbench.core.load.engine;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;

import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * One worker's HTTP/2 client: its connections run on that worker's event loop alone (never another
 * worker's, so callbacks stay single-writer), and a handler at the socket end of each connection
 * counts the bytes that really cross the wire (frames, headers, preface), both ways.
 */
final class Http2Clients {

    /** Stream slots per HTTP/2 connection before another connection is opened. */
    private static final int SLOTS_PER_CONNECTION = 100;

    private Http2Clients() {
    }

    record Client(HttpClient client, ConnectionProvider connections) {
    }

    static Client create(int workerIndex, int slots, EventLoop loop, RunPlan plan, ExchangeEvents events) {
        var run = plan.run();
        var connections = ConnectionProvider.builder("stackbench-h2-" + workerIndex)
                .maxConnections(Math.max(1, slots / SLOTS_PER_CONNECTION + 1))
                .pendingAcquireMaxCount(-1)
                .build();
        var client = HttpClient.create(connections)
                .runOn(loop)
                .protocol(HttpProtocol.H2C)
                .disableRetry(true) // a retried request would be sent, and counted, twice
                .baseUrl(run.target().getScheme() + "://" + run.target().getHost() + ":" + plan.remote().getPort())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, run.connectTimeout().toMillis()))
                .headers(headers -> headers.set("User-Agent", "stackbench"))
                .doOnChannelInit((observer, channel, address) -> {
                    events.opened(channel);
                    channel.pipeline().addFirst("stackbench-bytes", new WireBytes(events));
                });
        return new Client(client, connections);
    }

    /** Sits next to the socket: sees every byte read and written, before and after all HTTP/2 codecs. */
    private static final class WireBytes extends ChannelDuplexHandler {
        private final ExchangeEvents events;

        WireBytes(ExchangeEvents events) {
            this.events = events;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf bytes) {
                events.bytesIn(bytes.readableBytes());
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof ByteBuf bytes) {
                events.bytesOut(bytes.readableBytes());
            }
            ctx.write(msg, promise);
        }
    }
}
