package dev.stackbench.core.load.engine;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * HTTP/1.1 on a plain Netty channel, one request at a time. The request bytes are encoded once
 * per template and written as a duplicate of that buffer; the response is decoded by Netty and
 * its bytes only counted, unless the template checks the body. No Reactor operators and no
 * objects per request: this is where the generator's own cost per request is decided.
 */
final class Http1Connection extends Connection {

    private static final HttpDecoderConfig DECODER_CONFIG = new HttpDecoderConfig().setValidateHeaders(false);

    private final int index;
    private final ChannelFutureListener onConnected = this::connected;
    private Channel channel;
    private int status;
    private boolean reusable;
    private StringBuilder body;

    Http1Connection(Worker worker, int index) {
        super(worker);
        this.index = index;
    }

    @Override
    void send() {
        inFlight = true;
        if (channel != null && channel.isActive()) {
            write();
        } else {
            channel = null;
            worker.connectWhenAllowed(this);
        }
    }

    /** Called by the worker when this connection's turn to connect has come. */
    void connect() {
        worker.bootstrap().connect(worker.plan().remote(), worker.plan().localAddress(index)).addListener(onConnected);
    }

    private void connected(ChannelFuture future) {
        worker.connectFinished();
        if (!future.isSuccess()) {
            worker.connectFailed(future.cause());
            // Deferred: a connect that fails at once (e.g. out of file descriptors) would otherwise
            // recurse through the next user's send straight back here.
            worker.loop().execute(() -> finish(ErrorClass.CONNECT));
            return;
        }
        channel = future.channel();
        worker.connectionOpened(channel);
        channel.pipeline().addLast(new CountingDecoder(), new ResponseHandler(channel));
        if (inFlight) {
            write();
        }
    }

    private void write() {
        ByteBuf request = worker.plan().encodedRequest(templateIndex, requestId);
        status = 0;
        body = worker.plan().keepsBody(templateIndex) ? new StringBuilder() : null;
        writeNanos = System.nanoTime();
        worker.bytesSent(request.readableBytes());
        channel.writeAndFlush(request, channel.voidPromise());
    }

    @Override
    void expireIfOlderThan(long nowNanos, long timeoutNanos) {
        if (inFlight && channel != null && nowNanos - writeNanos > timeoutNanos) {
            fail(ErrorClass.TIMEOUT);
        }
    }

    @Override
    void close() {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }

    private void fail(ErrorClass errorClass) {
        close(); // the connection's state is unknown now: never reuse it
        finish(errorClass);
    }

    private void finish(ErrorClass errorClass) {
        if (inFlight) {
            inFlight = false;
            worker.complete(this, errorClass, status, System.nanoTime());
        }
    }

    private void responseComplete() {
        ErrorClass error = worker.checkBody(templateIndex, status, body == null ? null : body.toString());
        body = null;
        if (!reusable) {
            close();
        }
        finish(error);
    }

    /** Counts every byte received, headers included (as ab's "Total transferred"). */
    private final class CountingDecoder extends HttpResponseDecoder {
        CountingDecoder() {
            super(DECODER_CONFIG);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof ByteBuf bytes) {
                worker.bytesReceived(bytes.readableBytes());
            }
            super.channelRead(ctx, msg);
        }
    }

    private final class ResponseHandler extends ChannelInboundHandlerAdapter {
        private final Channel owner;

        ResponseHandler(Channel owner) {
            this.owner = owner;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (owner != channel || !inFlight) {
                    return; // a late response on a connection already given up
                }
                if (msg instanceof HttpResponse response) {
                    if (response.decoderResult().isFailure()) {
                        fail(ErrorClass.PROTOCOL);
                        return;
                    }
                    status = response.status().code();
                    reusable = worker.plan().keepAlive() && HttpUtil.isKeepAlive(response);
                }
                if (msg instanceof HttpContent content) {
                    if (content.decoderResult().isFailure()) {
                        fail(ErrorClass.PROTOCOL);
                        return;
                    }
                    if (body != null) {
                        body.append(content.content().toString(StandardCharsets.UTF_8));
                    }
                    if (msg instanceof LastHttpContent) {
                        responseComplete();
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (owner == channel) {
                channel = null;
                finish(ErrorClass.CLOSED);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (owner == channel) {
                fail(ErrorClass.ofFailure(cause));
            } else {
                ctx.close();
            }
        }
    }
}
