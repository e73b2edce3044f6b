package dev.stackbench.extracost;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.server.HttpService;
import com.linecorp.armeria.server.ServiceRequestContext;
import com.linecorp.armeria.server.SimpleDecoratingHttpService;
import com.linecorp.armeria.spring.ArmeriaServerConfigurator;

import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;

/**
 * A known extra cost in a build of Zipkin's server that nobody here wrote (scripts/zipkin-with-cost.sh adds it to a copy
 * of the released jar as one more library, as a pull request adds a dependency): every request served by its Armeria
 * server spends the microseconds of thread CPU written in {@code META-INF/stackbench-extra-cost-micros} before Zipkin
 * serves it. Work, not a wait, so that it shows as CPU per request and in a CPU profile, under this method's name.
 * Zipkin turns Spring Boot's auto-configuration off, so the library registers itself as an application context
 * initializer (META-INF/spring.factories), which Spring Boot applies whatever the application configures.
 */
@Configuration(proxyBeanMethods = false)
public class ExtraCostDecorator {

    /** Registers the decorator's configuration before the context is refreshed, as a library's own module would. */
    public static final class Register implements ApplicationContextInitializer<ConfigurableApplicationContext> {
        @Override
        public void initialize(ConfigurableApplicationContext context) {
            if (!(context instanceof GenericApplicationContext generic)) {
                throw new IllegalStateException("cannot register the extra cost in a " + context.getClass().getName());
            }
            generic.registerBean(ExtraCostDecorator.class);
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static volatile long sink;

    @Bean
    ArmeriaServerConfigurator stackbenchExtraCost() throws IOException {
        long nanos = micros() * 1_000;
        return server -> server.decorator(delegate -> new Spending(delegate, nanos));
    }

    /**
     * A decorator that keeps what its service says of itself (exchange type, path caching): Armeria's lambda decorators
     * do not, and serve every request on a slower, streaming path (measured: about 60 µs more per request here).
     */
    private static final class Spending extends SimpleDecoratingHttpService {
        private final long nanos;

        Spending(HttpService delegate, long nanos) {
            super(delegate);
            this.nanos = nanos;
        }

        @Override
        public HttpResponse serve(ServiceRequestContext ctx, HttpRequest req) throws Exception {
            spend(nanos);
            return ((HttpService) unwrap()).serve(ctx, req);
        }
    }

    static void spend(long nanos) {
        long until = THREADS.getCurrentThreadCpuTime() + nanos;
        long x = sink | 1;
        do {
            // About 1.6 µs of work (xorshift: C2 cannot fold it) between reads of the thread's clock (about 0.5 µs here).
            for (int i = 0; i < 1_000; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
        } while (THREADS.getCurrentThreadCpuTime() < until);
        sink = x;
    }

    private static long micros() throws IOException {
        try (InputStream in = ExtraCostDecorator.class.getResourceAsStream("/META-INF/stackbench-extra-cost-micros")) {
            if (in == null) {
                throw new IllegalStateException("META-INF/stackbench-extra-cost-micros is missing from this build");
            }
            return Long.parseLong(new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim());
        }
    }
}
