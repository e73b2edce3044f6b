package dev.stackbench.servers;

import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.server.ServerSpec;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A variant's Spring context; closing it stops the server and every pool the context owns.
 *
 * @param ownThreadsPrefix the name prefix of all its threads, when it was started to have one (an upstream service); else null
 */
record SpringRunningServer(
        ServerSpec spec,
        URI baseUri,
        Duration startupTime,
        Map<String, String> settings,
        ServerLimits limits,
        ConfigurableApplicationContext context,
        String ownThreadsPrefix)
        implements RunningServer {

    SpringRunningServer {
        settings = Collections.unmodifiableMap(new TreeMap<>(settings));
    }

    @Override
    public Optional<String> threadNamePrefix() {
        return Optional.ofNullable(ownThreadsPrefix);
    }

    /** Every variant's own code: the servers' packages (dispatch, date, movies, contacts, ...). */
    @Override
    public List<String> codePackages() {
        return List.of(SpringRunningServer.class.getPackageName() + ".");
    }

    SpringRunningServer withThreadNamePrefix(String prefix) {
        return new SpringRunningServer(spec, baseUri, startupTime, settings, limits, context, prefix);
    }

    @Override
    public void close() {
        // Closing cleans up the JVM's logging system, which a start beside it would be initializing.
        synchronized (SpringServerVariantProvider.STARTS_AND_CLOSES) {
            context.close();
        }
    }

    @Override
    public String toString() {
        return spec.approach() + " (" + spec.workload() + ") at " + baseUri;
    }
}
