package dev.stackbench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The shared secret of a cluster: every agent and its coordinator hold it, and nothing else may order an agent. Read
 * from a file ({@code --cluster-secret-file}) or the environment variable {@value #ENVIRONMENT}, never from a
 * command-line value, which {@code ps} would show to every user of the host. The secret itself is kept only long
 * enough to derive two keys from it (PBKDF2): the AES key that encrypts every message of the cluster, and the token
 * that AUTH checks on a join; neither is the secret, and {@link #toString} shows neither.
 *
 * <pre>{@code
 * openssl rand -base64 32 > cluster.secret   # once, copied to every host (a Kubernetes Secret)
 * STACKBENCH_CLUSTER_SECRET=$(cat cluster.secret) java -jar bench-jmh.jar agent --coordinator ...
 * java -jar bench-jmh.jar load --agents 2 --cluster-secret-file cluster.secret ...
 * }</pre>
 */
public final class ClusterSecret {

    /** The environment variable that holds the secret when no file is given. */
    public static final String ENVIRONMENT = "STACKBENCH_CLUSTER_SECRET";
    /** Shorter secrets are refused: a guessable secret is no secret. */
    static final int MIN_CHARS = 16;
    /** The key's salt: fixed, so that every member derives the same key; the secret is what differs between clusters. */
    private static final byte[] SALT = "stackbench cluster v1".getBytes(StandardCharsets.UTF_8);
    /** PBKDF2 iterations: slows guessing a secret from a captured message, costs a member about 0.1 s once. */
    private static final int ITERATIONS = 200_000;

    private final byte[] aesKey;
    private final byte[] authToken;

    private ClusterSecret(byte[] aesKey, byte[] authToken) {
        this.aesKey = aesKey;
        this.authToken = authToken;
    }

    /**
     * The secret from {@code file}, else from {@value #ENVIRONMENT} in {@code environment}; empty if neither is given.
     *
     * @throws IllegalArgumentException for a file that cannot be read, or a secret shorter than {@value #MIN_CHARS}
     */
    public static Optional<ClusterSecret> read(Path file, Map<String, String> environment) {
        String secret;
        String from;
        if (file != null) {
            try {
                secret = Files.readString(file).strip();
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "--cluster-secret-file " + file + ": cannot read it (" + e.getMessage() + ")");
            }
            from = "--cluster-secret-file " + file;
        } else {
            secret = environment.getOrDefault(ENVIRONMENT, "").strip();
            from = ENVIRONMENT;
            if (secret.isEmpty()) {
                return Optional.empty();
            }
        }
        if (secret.length() < MIN_CHARS) {
            throw new IllegalArgumentException(from + ": the cluster's secret must have at least " + MIN_CHARS
                    + " characters, e.g. from `openssl rand -base64 32`");
        }
        return Optional.of(derive(secret));
    }

    static ClusterSecret derive(String secret) {
        try {
            var spec = new PBEKeySpec(secret.toCharArray(), SALT, ITERATIONS, 512);
            byte[] derived = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(spec)
                    .getEncoded();
            spec.clearPassword();
            return new ClusterSecret(Arrays.copyOfRange(derived, 0, 32), Arrays.copyOfRange(derived, 32, 64));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is part of every JDK", e);
        }
    }

    /** AES-256 key bytes for SYM_ENCRYPT. */
    byte[] aesKey() {
        return aesKey.clone();
    }

    /** What a joining member shows AUTH. */
    byte[] authToken() {
        return authToken.clone();
    }

    @Override
    public String toString() {
        return "ClusterSecret[derived keys, not shown]";
    }
}
