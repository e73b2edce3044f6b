package dev.stackbench.e2e;

import dev.stackbench.core.server.ServerSpec;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The PostgreSQL the tests may use: {@code STACKBENCH_POSTGRES_URL} ({@code postgresql://host:port/database},
 * with {@code STACKBENCH_POSTGRES_USER} and {@code _PASSWORD}), which {@code .ci/run} provides.
 */
final class Postgres {

    private static volatile Optional<String> unavailable;

    private Postgres() {}

    static String url() {
        return System.getenv("STACKBENCH_POSTGRES_URL");
    }

    static String user() {
        return System.getenv().getOrDefault("STACKBENCH_POSTGRES_USER", "stackbench");
    }

    static String password() {
        return System.getenv().getOrDefault("STACKBENCH_POSTGRES_PASSWORD", "stackbench");
    }

    /** Host and port of {@link #url()}. */
    static InetSocketAddress address() {
        URI uri = URI.create(url().replaceFirst("^postgresql:", "http:"));
        return new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort());
    }

    /** The database's name, the path of {@link #url()}. */
    static String database() {
        return URI.create(url().replaceFirst("^postgresql:", "http:")).getPath().substring(1);
    }

    /** {@code spec} on this PostgreSQL (or at {@code url}, e.g. through a proxy), with its credentials. */
    static ServerSpec on(ServerSpec spec, String url) {
        return spec.withServerProperties(Map.of(
                "stackbench.db.url", url, "stackbench.db.username", user(), "stackbench.db.password", password()));
    }

    static ServerSpec on(ServerSpec spec) {
        return on(spec, url());
    }

    /** Why PostgreSQL cannot be used, or empty when it can: the variable is set and the server accepts connections. */
    static Optional<String> unavailable() {
        Optional<String> known = unavailable;
        if (known == null) {
            known = check();
            unavailable = known;
        }
        return known;
    }

    private static Optional<String> check() {
        if (url() == null || !url().matches("postgresql://[^/]+/.+")) {
            return Optional.of(
                    "STACKBENCH_POSTGRES_URL is not set to postgresql://host:port/database (.ci/run sets it)");
        }
        return Needs.unreachable("PostgreSQL", url(), address());
    }

    /**
     * Marks a test (or a class of them) that needs PostgreSQL. Without it, the test is skipped, saying
     * why, except in CI ({@code CI=true}), where it fails: CI must never go green having skipped them.
     */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @ExtendWith(Required.class)
    @interface Needed {}

    static final class Required implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            Needs.require("PostgreSQL", unavailable());
        }
    }
}
