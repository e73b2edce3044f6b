package dev.stackbench.core.load.engine;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * Sits next to the socket: sees every byte read and written, before and after every codec (HTTP/2 frames and
 * preface, TLS records and handshake), so bytes in and out are those on the wire, both ways. A cleartext
 * HTTP/1.1 connection needs none: what it writes and decodes is already what crosses the wire.
 */
final class WireBytes extends ChannelDuplexHandler {

    static final String NAME = "stackbench-bytes";

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
