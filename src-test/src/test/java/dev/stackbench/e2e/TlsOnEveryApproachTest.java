package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.RequestFailure;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every approach serves the date over TLS, HTTP/1.1 and HTTP/2 by ALPN, measured by the load generator over real
 * sockets. HTTP/2 is checked by the generator itself: it offers h2 alone by ALPN, fails a connection whose server
 * chose anything else, and counts any answer that is not HTTP/2 as a protocol error; so zero errors means h2 was
 * negotiated, and the test of a server that does not offer h2 shows that check failing.
 */
@ChecksBehaviour
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TlsOnEveryApproachTest {

    /** A TLS record carries at least a 5-byte header and a 16-byte tag: what the wire adds to each answer's plaintext. */
    private static final long TLS_RECORD_OVERHEAD = 5 + 16;

    private static final long DATE_BODY = "Sun Nov 22 16:13:33 UTC 2026".length();

    private final Servers servers = new Servers();
    private final Map<Approach, RunningServer> running = new EnumMap<>(Approach.class);

    @BeforeAll
    void startEveryApproachWithTls() {
        for (Approach approach : Approach.values()) {
            running.put(
                    approach,
                    servers.start(ServerSpec.of(approach, Workload.DATE).withTls(true)));
        }
    }

    @AfterAll
    void stopAll() {
        servers.close();
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void servesTheDateOverTlsWithHttp11AndWithH2ByAlpn(Approach approach) throws Exception {
        URI base = running.get(approach).baseUri();
        assertThat(base.getScheme()).isEqualTo("https");

        for (boolean http2 : new boolean[] {false, true}) {
            RunResult result = run(closedRun(base, 8).withInsecure(true).withHttp2(http2), ProgressListener.NONE);

            var requests = result.requests();
            assertThat(requests.errors())
                    .as("%s, http2 %s: %s", approach, http2, requests.errorsByClass())
                    .isZero();
            assertThat(requests.ok())
                    .as("%s, http2 %s", approach, http2)
                    .isEqualTo(requests.scheduled())
                    .isPositive();
            assertThat(requests.sent()).isEqualTo(requests.scheduled());
            assertThat(result.profile().http2()).isEqualTo(http2);
            // Counted at the socket, encrypted: every answer is at least its body in one record.
            assertThat(result.bytes().received())
                    .as("%s", result.bytes())
                    .isGreaterThan((DATE_BODY + TLS_RECORD_OVERHEAD) * requests.ok());
        }
    }

    /** The generator's h2 check at work: a TLS server that offers http/1.1 alone fails every h2 request as a protocol error. */
    @ParameterizedTest
    @ValueSource(strings = {"platform-tomcat", "webflux-netty"})
    void aServerThatDoesNotOfferH2IsAProtocolError(String approach) throws Exception {
        RunResult result;
        try (var only11 = new Servers()) {
            RunningServer server = only11.start(ServerSpec.of(Approach.fromId(approach), Workload.DATE)
                    .withTls(true)
                    .withServerProperty("server.http2.enabled", "false"));
            result = run(closedRun(server.baseUri(), 2).withInsecure(true).withHttp2(true), ProgressListener.NONE);
        }

        assertThat(result.requests().ok()).isZero();
        assertThat(result.requests().errorsByClass()).containsOnlyKeys(RequestFailure.PROTOCOL);
        assertThat(result.requests().errors())
                .isEqualTo(result.requests().scheduled())
                .isPositive();
    }

    /**
     * Without --insecure a self-signed certificate is refused by each handshake: the requests end as errors of class
     * 'tls' (none vanishes), and why is said once, in one line naming the certificate and the way out.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anUntrustedCertificateIsOneLineAndItsRequestsAreTlsErrors(boolean http2) throws Exception {
        URI base = running.get(Approach.WEBFLUX_NETTY).baseUri();
        var warnings = new CopyOnWriteArrayList<String>();

        RunResult result = run(closedRun(base, 4).withHttp2(http2), new ProgressListener() {
            @Override
            public void warning(String message) {
                warnings.add(message);
            }
        });

        assertThat(result.requests().ok()).isZero();
        assertThat(result.requests().errorsByClass()).containsOnlyKeys(RequestFailure.TLS);
        assertThat(result.requests().errors())
                .isEqualTo(result.requests().scheduled())
                .isPositive();
        assertThat(warnings)
                .singleElement()
                .asString()
                .startsWith("TLS: the certificate of 127.0.0.1:" + base.getPort() + " is not accepted (")
                .contains(
                        "unable to find valid certification path",
                        "errors of class 'tls'",
                        "--insecure accepts any certificate")
                .doesNotContain("\n");
        assertThat(result.warnings()).contains(warnings.getFirst());
    }

    /**
     * A certificate of the user's (here for another host name) wins over the generated one, and its password is
     * not shown among the server's settings; --insecure accepts it although it names another host.
     */
    @Test
    void theUsersCertificateWinsOverTheGeneratedOne(@TempDir Path temp) throws Exception {
        Path keyStore = temp.resolve("mine.p12");
        keytool(
                "-genkeypair",
                "-noprompt",
                "-alias",
                "mine",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=elsewhere.example",
                "-ext",
                "SAN=dns:elsewhere.example",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keyStore.toString(),
                "-storepass",
                "secret1");
        try (var mine = new Servers()) {
            RunningServer server = mine.start(ServerSpec.of(Approach.WEBFLUX_NETTY, Workload.DATE)
                    .withTls(true)
                    .withServerProperties(Map.of(
                            "server.ssl.key-store",
                            "file:" + keyStore,
                            "server.ssl.key-store-password",
                            "secret1",
                            "server.ssl.key-store-type",
                            "PKCS12")));

            assertThat(servedCertificate(server.baseUri())
                            .getSubjectX500Principal()
                            .getName())
                    .isEqualTo("CN=elsewhere.example");
            assertThat(server.settings())
                    .containsEntry("server.ssl.key-store-password", "(hidden)")
                    .containsEntry("server.ssl.key-store", "file:" + keyStore);
            RunResult result =
                    run(closedRun(server.baseUri(), 2).withInsecure(true).withHttp2(true), ProgressListener.NONE);
            assertThat(result.requests().errors())
                    .as("%s", result.requests().errorsByClass())
                    .isZero();
            assertThat(result.requests().ok())
                    .isEqualTo(result.requests().scheduled())
                    .isPositive();
        }
    }

    /**
     * Half a second after 200 ms of warm-up, each user thinking 20 ms between requests: what these tests check is every
     * request's outcome, not a rate, and a run that takes the whole machine would only cost the classes beside it.
     */
    private static LoadRun closedRun(URI base, int users) {
        return LoadRun.of(
                        base.resolve("date"),
                        new LoadProfile.Closed(
                                users, ThinkTime.parse("20ms"), Duration.ofMillis(500), OptionalLong.empty()),
                        Duration.ofMillis(200))
                .withMix(WorkloadMixes.of(Workload.DATE, Map.of()))
                .withThreads(2);
    }

    private static RunResult run(LoadRun run, ProgressListener listener) throws Exception {
        return Results.measure(run, listener);
    }

    /** The certificate a server presents, read with a client that trusts anything (only to look at it). */
    private static X509Certificate servedCertificate(URI server) throws Exception {
        var context = SSLContext.getInstance("TLS");
        context.init(
                null,
                new TrustManager[] {
                    new X509TrustManager() {
                        @Override
                        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

                        @Override
                        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

                        @Override
                        public X509Certificate[] getAcceptedIssuers() {
                            return new X509Certificate[0];
                        }
                    }
                },
                null);
        try (var socket = (SSLSocket) context.getSocketFactory().createSocket(server.getHost(), server.getPort())) {
            socket.startHandshake();
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }

    private static void keytool(String... args) throws Exception {
        var command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(Files.isRegularFile(Path.of(args[args.length - 3]))).isTrue();
    }
}
