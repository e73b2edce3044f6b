package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.RequestFailure;
import io.netty.handler.codec.DecoderException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/** Which {@link RequestFailure} an exchange's exception is: the one place that reads Netty's and the JDK's exceptions. */
final class FailureCauses {

    private FailureCauses() {}

    static RequestFailure classify(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof Http2Clients.NotNegotiated) {
                return RequestFailure.PROTOCOL;
            }
            // Before DecoderException, which wraps what a TLS handshake fails with.
            if (cause instanceof SSLException) {
                return RequestFailure.TLS;
            }
            if (cause instanceof DecoderException) {
                return RequestFailure.PROTOCOL;
            }
            if (cause instanceof ConnectException) {
                return RequestFailure.CONNECT;
            }
            String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
            if (cause instanceof IOException && message.contains("reset")) {
                return RequestFailure.RESET;
            }
        }
        return RequestFailure.CLOSED;
    }
}
