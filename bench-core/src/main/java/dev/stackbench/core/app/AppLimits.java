package dev.stackbench.core.app;

import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import java.util.Optional;
import java.util.function.Function;

/**
 * What bounds an application, from its resolved properties, where stackbench knows what they mean: Tomcat's request
 * threads ({@value #TOMCAT_MAX_THREADS}, Spring Boot's default {@value #TOMCAT_MAX_THREADS_DEFAULT}) unless virtual
 * threads serve ({@value #VIRTUAL_THREADS}), and HikariCP's connections ({@value #HIKARI_MAX_POOL_SIZE}, as the pool
 * itself reports it). Anything else is not derived: null.
 */
final class AppLimits {

    static final String TOMCAT_MAX_THREADS = "server.tomcat.threads.max";
    static final int TOMCAT_MAX_THREADS_DEFAULT = 200;
    static final String VIRTUAL_THREADS = "spring.threads.virtual.enabled";
    static final String HIKARI_MAX_POOL_SIZE = "spring.datasource.hikari.maximum-pool-size";

    private AppLimits() {}

    /**
     * @param webServer  the server that listens, by {@link WebServer#displayName()}; empty when unknown
     * @param property   its resolved properties
     * @param hikariSize its HikariCP pools' maximum connections; empty without one
     */
    static ServerLimits of(
            Optional<String> webServer, Function<String, String> property, Optional<Integer> hikariSize) {
        Execution execution = null;
        Integer requestThreads = null;
        ServerLimits.ThreadPool pool = null;
        if (webServer.filter(WebServer.TOMCAT.displayName()::equals).isPresent()) {
            if (Boolean.parseBoolean(property.apply(VIRTUAL_THREADS))) {
                execution = Execution.VIRTUAL_THREAD;
            } else {
                String max = property.apply(TOMCAT_MAX_THREADS);
                requestThreads = max == null ? TOMCAT_MAX_THREADS_DEFAULT : Integer.parseInt(max.strip());
                execution = Execution.REQUEST_THREAD;
                pool = ServerLimits.ThreadPool.eager("Tomcat request threads", requestThreads, null, false);
            }
        }
        return new ServerLimits(execution, requestThreads, null, pool, false, 0, hikariSize.orElse(null));
    }

    /** Everything unknown: an application in its own process, whose resolved settings are not seen from here. */
    static ServerLimits notDerived() {
        return new ServerLimits(null, null, null, null, false, 0, null);
    }
}
