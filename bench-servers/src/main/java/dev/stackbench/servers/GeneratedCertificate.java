package dev.stackbench.servers;

import dev.stackbench.core.server.ServerStartException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The self-signed certificate of a server started with TLS and no certificate of the user's: an EC P-256 key
 * for {@code localhost}, {@code 127.0.0.1} and {@code ::1}, in a PKCS12 key store in a temporary directory,
 * deleted when the JVM exits. Made once per JVM, on first use, and shared by every server it starts, so that a
 * scenario of many runs pays for it once and no server's start-up time includes it twice.
 *
 * <p>Made by the running JDK's own {@code keytool}, because every JDK from 21 on has it and it needs no new
 * dependency: the JDK has no public API that signs a certificate, and Netty's {@code SelfSignedCertificate} needs
 * Bouncy Castle or JDK-internal classes that are closed since JDK 16.
 */
final class GeneratedCertificate {

    static final String ALIAS = "stackbench";
    static final String STORE_TYPE = "PKCS12";
    /** Long enough for any run; a throwaway certificate should not outlive its purpose by years. */
    private static final int VALIDITY_DAYS = 30;

    private static final long KEYTOOL_TIMEOUT_SECONDS = 60;

    /** The key store, or why it could not be made (said again to every server that asks). */
    private record Made(Path keyStore, String password, String failure) {}

    /** Initialized on first use only, once (the JVM's class initialization is the lock); immutable afterwards. */
    private static final class Once {
        static final Made MADE = make();
    }

    private GeneratedCertificate() {}

    /** The key store's file; made on the first call. */
    static Path keyStore() {
        return made().keyStore();
    }

    static String password() {
        return made().password();
    }

    private static Made made() {
        Made made = Once.MADE;
        if (made.failure() != null) {
            throw new ServerStartException(made.failure());
        }
        return made;
    }

    private static Made make() {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        try {
            Path directory = Files.createTempDirectory("stackbench-tls-");
            directory.toFile().deleteOnExit();
            Path keyStore = directory.resolve("self-signed.p12");
            keyStore.toFile().deleteOnExit(); // registered after its directory, so deleted before it
            byte[] secret = new byte[16];
            new SecureRandom().nextBytes(secret); // not generateSeed: that may block on the system's entropy
            String password = HexFormat.of().formatHex(secret);
            // keytool's output goes to a file, so that its timeout holds even if it never closes its output.
            Path output = directory.resolve("keytool.out");
            output.toFile().deleteOnExit();
            var command = new ProcessBuilder(List.of(
                            keytool.toString(),
                            "-genkeypair",
                            "-noprompt",
                            "-alias",
                            ALIAS,
                            "-keyalg",
                            "EC",
                            "-groupname",
                            "secp256r1",
                            "-sigalg",
                            "SHA256withECDSA",
                            "-dname",
                            "CN=localhost",
                            "-ext",
                            "SAN=dns:localhost,ip:127.0.0.1,ip:::1",
                            "-validity",
                            String.valueOf(VALIDITY_DAYS),
                            "-storetype",
                            STORE_TYPE,
                            "-keystore",
                            keyStore.toString(),
                            // From the environment, not the command line, where every user's ps would show it.
                            "-storepass:env",
                            "STACKBENCH_KEYSTORE_PASSWORD"))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            command.environment().put("STACKBENCH_KEYSTORE_PASSWORD", password);
            Process process = command.start();
            if (!process.waitFor(KEYTOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return failed(keytool + " did not finish within " + KEYTOOL_TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0 || !Files.isRegularFile(keyStore)) {
                return failed(keytool + " exited with " + process.exitValue() + ": "
                        + Files.readString(output, StandardCharsets.UTF_8).strip());
            }
            return new Made(keyStore, password, null);
        } catch (IOException e) {
            return failed("cannot run " + keytool + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed("interrupted while " + keytool + " made the certificate");
        }
    }

    private static Made failed(String why) {
        return new Made(
                null,
                null,
                "TLS needs a certificate, and none could be generated (" + why
                        + "); give one with --server-property server.ssl.key-store=... (or server.ssl.certificate, server.ssl.bundle)");
    }
}
