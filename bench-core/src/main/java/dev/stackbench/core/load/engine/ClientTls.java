package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.LoadRun;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import javax.net.ssl.SSLException;

/**
 * The generator's side of TLS for one {@code https://} run: one Netty {@link SslContext}, built once before the run
 * and shared read-only by every connection of every worker (building one per connection would charge the
 * generator a key-store and cipher set-up per connect). It offers by ALPN exactly the protocol the run speaks,
 * {@code h2} with {@code --http2}, else {@code http/1.1}, so a server that does not offer h2 cannot pass for one.
 *
 * <p>Certificates are verified, host name included, unless the run is {@link LoadRun#insecure()}.
 * The implementation is Netty's default: OpenSSL (BoringSSL of netty-tcnative) where its native library
 * loads, else the JDK's; {@link #implementation()} says which.
 */
final class ClientTls {

    private ClientTls() {}

    /** The context for {@code run}, or null for a cleartext ({@code http://}) run. */
    static SslContext forRun(LoadRun run) {
        if (!run.isTls()) {
            return null;
        }
        String protocol = run.http2() ? ApplicationProtocolNames.HTTP_2 : ApplicationProtocolNames.HTTP_1_1;
        var builder = SslContextBuilder.forClient()
                .sslProvider(provider())
                .applicationProtocolConfig(new ApplicationProtocolConfig(
                        ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        protocol));
        if (run.insecure()) {
            builder.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
        } else {
            builder.endpointIdentificationAlgorithm("HTTPS");
        }
        try {
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS for " + run.target() + ": " + e.getMessage(), e);
        }
    }

    /** Which TLS implementation the generator uses, in words, e.g. for the run's first lines. */
    static String implementation() {
        return provider() == SslProvider.OPENSSL
                ? "OpenSSL (" + OpenSsl.versionString() + ", netty-tcnative)"
                : "the JDK's (JSSE)";
    }

    private static SslProvider provider() {
        return SslProvider.isAlpnSupported(SslProvider.OPENSSL) ? SslProvider.OPENSSL : SslProvider.JDK;
    }
}
