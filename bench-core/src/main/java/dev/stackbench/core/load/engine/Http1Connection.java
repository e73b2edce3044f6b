package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.vocabulary.RequestFailure;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/1.1 on a plain Netty channel, one request at a time. The request bytes are encoded once
 * per template and written as a duplicate of that buffer; the response is decoded by Netty and
 * its bytes only counted, unless the template checks the body. No Reactor operators and no
 * objects per request: this is where the generator's own cost per request is decided.
 *
 * <p>Over TLS ({@code https://}) an SslHandler of the run's one context ({@link RunPlan#tls()}) sits below
 * the codec and {@link WireBytes} below it, so bytes are counted encrypted, as they cross the wire. The
 * first request goes out once the handshake is done; a failed handshake ends it as {@link RequestFailure#TLS}.
 */
final class Http1Connection extends Connection {

    private static final HttpDecoderConfig DECODER_CONFIG = new HttpDecoderConfig().setValidateHeaders(false);
    private static final ChannelInitializer<Channel> NO_HANDLERS = new ChannelInitializer<>() {
        @Override
        protected void initChannel(Channel channel) { // handlers are added once connected
        }
    };

    private final Bootstrap bootstrap;
    private final ConnectPacer pacer;
    private final ChannelFutureListener onConnected = this::connected;
    /** Whether this run is TLS: bytes are then counted at the socket by {@link WireBytes}, not here. */
    private final boolean tls;

    private Channel channel;
    private int status;
    private boolean reusable;
    private StringBuilder body;

    Http1Connection(
            EventLoop loop, RunPlan plan, ExchangeEvents events, int slot, Bootstrap bootstrap, ConnectPacer pacer) {
        super(loop, plan, events, slot);
        this.bootstrap = bootstrap;
        this.pacer = pacer;
        this.tls = plan.tls() != null;
    }

    /** How one worker's HTTP/1.1 connections are opened: on its own loop, no Nagle delay. */
    static Bootstrap bootstrap(EventLoop loop, Class<? extends SocketChannel> channelClass, LoadRun run) {
        return new Bootstrap()
                .group(loop)
                .channel(channelClass)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_REUSEADDR, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, run.connectTimeout().toMillis()))
                .handler(NO_HANDLERS);
    }

    @Override
    void send() {
        if (channel != null && channel.isActive()) {
            write();
        } else {
            channel = null;
            pacer.connectWhenAllowed(this);
        }
    }

    /** Called by the pacer when this connection's turn to connect has come. */
    void connect() {
        bootstrap.connect(plan.remote(), plan.localAddress(slot)).addListener(onConnected);
    }

    private void connected(ChannelFuture future) {
        if (!loop.inEventLoop()) {
            // A socket that could not even be created (out of files) fails on Netty's global executor.
            loop.execute(() -> connected(future));
            return;
        }
        pacer.finished();
        if (!future.isSuccess()) {
            events.connectFailed(future.cause());
            Throwable cause = future.cause();
            // Deferred: a connect that fails at once (e.g. out of file descriptors) would otherwise
            // recurse through the next request's send straight back here.
            loop.execute(() -> {
                if (inFlight) {
                    failureDetail = cause;
                }
                finish(RequestFailure.CONNECT);
            });
            return;
        }
        channel = future.channel();
        events.opened(channel);
        if (!tls) {
            channel.pipeline().addLast(new CountingDecoder(), new ResponseHandler(channel));
            writeOrClose();
            return;
        }
        Channel owner = channel;
        SslHandler ssl = plan.tls()
                .newHandler(
                        channel.alloc(),
                        plan.run().target().getHost(),
                        plan.remote().getPort());
        // The handshake is part of connecting: bounded by the connect timeout, and by the response timeout from now.
        ssl.setHandshakeTimeoutMillis(plan.run().connectTimeout().toMillis());
        writeNanos = System.nanoTime();
        channel.pipeline().addLast(WireBytes.NAME, new WireBytes(events));
        channel.pipeline().addLast(ssl, new CountingDecoder(), new ResponseHandler(channel));
        ssl.handshakeFuture().addListener(handshake -> handshaken(owner, handshake));
    }

    private void handshaken(Channel owner, Future<?> handshake) {
        if (owner != channel) {
            return; // given up meanwhile (a timeout, the run's end), or closed and already counted
        }
        if (!handshake.isSuccess()) {
            abandon(events.failureOf(handshake.cause()), handshake.cause());
            return;
        }
        writeOrClose();
    }

    private void writeOrClose() {
        if (inFlight) {
            write();
        } else {
            close(); // given up while connecting
        }
    }

    private void write() {
        ByteBuf request = plan.encodedRequest(templateIndex, requestId);
        status = 0;
        body = plan.keepsBody(templateIndex) ? new StringBuilder() : null;
        writeNanos = System.nanoTime();
        if (!tls) {
            events.bytesOut(request.readableBytes());
        }
        events.written(this);
        channel.writeAndFlush(request, channel.voidPromise());
    }

    @Override
    void expireIfOlderThan(long nowNanos, long timeoutNanos) {
        if (inFlight && channel != null && nowNanos - writeNanos > timeoutNanos) {
            abandon(RequestFailure.TIMEOUT, noResponseWithin(timeoutNanos));
        }
    }

    @Override
    void abandon(RequestFailure error, Object detail) {
        close(); // the connection's state is unknown now: never reuse it
        if (inFlight) {
            failureDetail = detail;
        }
        finish(error);
    }

    @Override
    void close() {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }

    private void finish(RequestFailure errorClass) {
        if (inFlight) {
            inFlight = false;
            events.completed(this, errorClass, status, System.nanoTime());
        }
    }

    private void responseComplete() {
        RequestFailure error = events.checkBody(this, status, body);
        body = null;
        if (!reusable) {
            close();
        }
        finish(error);
    }

    /** Counts every byte received, headers included (as ab's "Total transferred"); over TLS {@link WireBytes} does. */
    private final class CountingDecoder extends HttpResponseDecoder {
        CountingDecoder() {
            super(DECODER_CONFIG);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (!tls && msg instanceof ByteBuf bytes) {
                events.bytesIn(bytes.readableBytes());
            }
            super.channelRead(ctx, msg);
        }

        /** The answer to a HEAD has no body, whatever its Content-Length says (the decoder cannot know the method). */
        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage msg) {
            return "HEAD".equals(plan.template(templateIndex).method()) || super.isContentAlwaysEmpty(msg);
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
                        abandon(
                                RequestFailure.PROTOCOL,
                                response.decoderResult().cause());
                        return;
                    }
                    status = response.status().code();
                    if (status >= 400) {
                        failureDetail = response.status(); // its reason phrase, e.g. 503 Service Unavailable
                    }
                    reusable = plan.keepAlive() && HttpUtil.isKeepAlive(response);
                }
                if (msg instanceof HttpContent content) {
                    if (content.decoderResult().isFailure()) {
                        abandon(RequestFailure.PROTOCOL, content.decoderResult().cause());
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
                if (inFlight) {
                    failureDetail = "the server closed the connection before the response was complete";
                }
                finish(RequestFailure.CLOSED);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (owner == channel) {
                abandon(FailureCauses.classify(cause), cause);
            } else {
                ctx.close();
            }
        }
    }
}
