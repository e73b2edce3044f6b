package dev.stackbench.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The Redis the tests may use: {@code STACKBENCH_REDIS_URL} ({@code redis://host:port}), which {@code .ci/run}
 * provides. As {@link Postgres}: without it, tests that need it skip, except with {@code CI=true}, where they fail.
 */
final class Redis {

    private static volatile Optional<String> unavailable;

    private Redis() {}

    static String url() {
        return System.getenv("STACKBENCH_REDIS_URL");
    }

    static InetSocketAddress address() {
        URI uri = URI.create(url());
        return new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort());
    }

    static Optional<String> unavailable() {
        Optional<String> known = unavailable;
        if (known == null) {
            known = check();
            unavailable = known;
        }
        return known;
    }

    private static Optional<String> check() {
        if (url() == null || !url().matches("redis://[^/]+(/\\d*)?")) {
            return Optional.of("STACKBENCH_REDIS_URL is not set to redis://host:port (.ci/run sets it)");
        }
        return Needs.unreachable("Redis", url(), address());
    }

    /** Marks a test that needs Redis: skipped without it, failed without it when CI=true. */
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @ExtendWith(Required.class)
    @interface Needed {}

    static final class Required implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            check();
        }

        /** For a test that needs Redis for some of its cases only: as the annotation, called at the start of those. */
        static void check() {
            Needs.require("Redis", unavailable());
        }
    }
}
