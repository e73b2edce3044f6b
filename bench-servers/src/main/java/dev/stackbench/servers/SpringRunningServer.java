package dev.stackbench.servers;

import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.server.ServerSpec;

import org.springframework.context.ConfigurableApplicationContext;

/** A variant's Spring context; closing it stops the server and every pool the context owns. */
record SpringRunningServer(ServerSpec spec, URI baseUri, Duration startupTime, Map<String, String> settings,
                           ServerLimits limits, ConfigurableApplicationContext context) implements RunningServer {

    SpringRunningServer {
        settings = Collections.unmodifiableMap(new TreeMap<>(settings));
    }

    @Override
    public void close() {
        context.close();
    }

    @Override
    public String toString() {
        return spec.approach() + " (" + spec.workload() + ") at " + baseUri;
    }
}
