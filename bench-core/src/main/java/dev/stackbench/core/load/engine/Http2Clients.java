package dev.stackbench.core.load.engine;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.io.IOException;
import reactor.netty.NettyPipeline;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * One worker's HTTP/2 client: its connections run on that worker's event loop alone (never another
 * worker's, so callbacks stay single-writer), and a handler at the socket end of each connection
 * counts the bytes that really cross the wire (frames, headers, preface, TLS records), both ways.
 * Cleartext by prior knowledge (h2c) for {@code http://}, h2 negotiated by ALPN for {@code https://}.
 */
final class Http2Clients {

    /** Stream slots per HTTP/2 connection before another connection is opened. */
    private static final int SLOTS_PER_CONNECTION = 100;

    private Http2Clients() {}

    record Client(HttpClient client, ConnectionProvider connections) {}

    static Client create(int workerIndex, int slots, EventLoop loop, RunPlan plan, ExchangeEvents events) {
        var run = plan.run();
        var connections = ConnectionProvider.builder("stackbench-h2-" + workerIndex)
                .maxConnections(Math.max(1, slots / SLOTS_PER_CONNECTION + 1))
                .pendingAcquireMaxCount(-1)
                .build();
        var client = HttpClient.create(connections)
                .runOn(loop)
                .protocol(run.isTls() ? HttpProtocol.H2 : HttpProtocol.H2C)
                .disableRetry(true) // a retried request would be sent, and counted, twice
                .baseUrl(run.target().getScheme() + "://" + run.target().getHost() + ":"
                        + plan.remote().getPort())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        Math.min(Integer.MAX_VALUE, run.connectTimeout().toMillis()))
                .headers(headers -> headers.set("User-Agent", "stackbench"))
                .doOnChannelInit((observer, channel, address) -> {
                    events.opened(channel);
                    channel.pipeline().addFirst(WireBytes.NAME, new WireBytes(events));
                    if (channel.pipeline().get(NettyPipeline.SslHandler) != null) {
                        channel.pipeline().addAfter(NettyPipeline.SslHandler, AlpnCheck.NAME, new AlpnCheck());
                    }
                });
        if (plan.tls() != null) {
            // The run's one context, which offers h2 alone by ALPN; the handshake is bounded as a connect is.
            client = client.secure(spec -> spec.sslContext(plan.tls()).handshakeTimeout(run.connectTimeout()));
        }
        return new Client(client, connections);
    }

    /** The server did not choose h2 by ALPN: the run's requests on it are protocol errors, as a non-HTTP/2 answer to h2c is. */
    static final class NotNegotiated extends IOException {
        NotNegotiated(String chosen) {
            super("the server did not negotiate h2 by ALPN ("
                    + (chosen == null ? "it chose no protocol" : "it chose " + chosen)
                    + "): it does not offer HTTP/2 over TLS");
        }
    }

    /**
     * Reactor Netty speaks h2 on a TLS connection whatever ALPN chose, and a server that chose http/1.1 (or nothing) then
     * closes on the h2 preface, which would read as a closed connection. This fails such a connection as what it is.
     */
    private static final class AlpnCheck extends ChannelInboundHandlerAdapter {
        static final String NAME = "stackbench-alpn";

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof SslHandshakeCompletionEvent completion && completion.isSuccess()) {
                String chosen = ((SslHandler) ctx.pipeline().get(NettyPipeline.SslHandler)).applicationProtocol();
                if (!ApplicationProtocolNames.HTTP_2.equals(chosen)) {
                    ctx.fireExceptionCaught(new NotNegotiated(chosen));
                    ctx.close();
                    return;
                }
                ctx.pipeline().remove(this); // checked once per connection, then out of the way
            }
            super.userEventTriggered(ctx, event);
        }
    }
}
