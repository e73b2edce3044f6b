package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.RequestFailure;
import java.net.InetSocketAddress;
import java.security.cert.CertificateException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Why TLS handshakes failed, said once per reason in one line, while the requests they held are counted
 * as errors of class {@link RequestFailure#TLS} (a run against an untrusted certificate is not refused up front:
 * the generator cannot know before it connects, and every scheduled request still gets an outcome).
 * Called on worker threads.
 */
final class TlsFailures {

    private final ProgressListener listener;
    private final String server;
    private final Map<String, String> seen = new ConcurrentHashMap<>();

    TlsFailures(ProgressListener listener, InetSocketAddress remote) {
        this.listener = listener;
        this.server = remote.getHostString() + ":" + remote.getPort();
    }

    void note(Throwable failure) {
        CertificateException certificate = null;
        Throwable root = failure;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertificateException found && certificate == null) {
                certificate = found;
            }
            root = cause;
        }
        String counted = "; its requests count as errors of class '" + RequestFailure.TLS.key() + "'";
        if (certificate != null) {
            once(
                    "certificate",
                    "TLS: the certificate of " + server + " is not accepted (" + deepest(certificate) + ")" + counted
                            + "; --insecure accepts any certificate, e.g. a self-signed one");
        } else {
            once(
                    "handshake:" + root.getClass().getName(),
                    "TLS handshake with " + server + " failed: " + describe(root) + counted);
        }
    }

    /** The failures seen during the run, in words. */
    List<String> seen() {
        return List.copyOf(seen.values());
    }

    private static String deepest(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return describe(root);
    }

    private static String describe(Throwable cause) {
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    private void once(String key, String message) {
        if (seen.putIfAbsent(key, message) == null) {
            listener.warning(message);
        }
    }
}
