package dev.stackbench.servers;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerStartException;
import dev.stackbench.core.server.ServerVariantProvider;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.WebStack;
import dev.stackbench.core.server.Workload;
import dev.stackbench.servers.date.DateFluxRoutes;
import java.net.BindException;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Starts each variant as its own Spring Boot application context in this JVM: the approach picks
 * the stack application and its defaults ({@link ServerDefaults}), the spec's server properties
 * override them, and the context is registered as {@link ServerVariantProvider} for bench-core.
 */
public final class SpringServerVariantProvider implements ServerVariantProvider {

    @Override
    public Set<Approach> approaches() {
        return EnumSet.allOf(Approach.class);
    }

    @Override
    public Set<Workload> workloads() {
        return EnumSet.allOf(Workload.class);
    }

    /**
     * The service's approach serving date with its delay added at the bottom of every call chain, its event loops
     * named {@code upstream-<approach>-http-...} and its timers on them, so that every thread it runs on carries the prefix.
     */
    @Override
    public RunningServer startUpstream(UpstreamService service) {
        String prefix = UPSTREAM_THREAD_NAME_PREFIX + service.approach().id();
        var spec = ServerSpec.of(service.approach(), Workload.DATE)
                .withServerProperties(Map.of(
                        ServerDefaults.Property.DATE_ADDED_DELAY_MILLIS,
                        String.valueOf(service.delayMillis()),
                        ServerDefaults.Property.NETTY_THREAD_NAME_PREFIX,
                        prefix,
                        ServerDefaults.Property.NETTY_TIMER,
                        DateFluxRoutes.TIMER_ON_EVENT_LOOP));
        return start(spec).withThreadNamePrefix(prefix + "-");
    }

    /**
     * Servers of one JVM start and close one at a time: Spring Boot's logging system is the JVM's, and two contexts
     * starting at once reset Logback under each other (seen: ArrayIndexOutOfBoundsException in LoggerContext.reset, two
     * async-tomcat servers started from two threads); a context closing cleans it up. Only starts and closes wait; the
     * servers serve side by side.
     */
    static final Object STARTS_AND_CLOSES = new Object();

    /** Begins the name of every thread of an upstream service; no server under test names its threads so. */
    static final String UPSTREAM_THREAD_NAME_PREFIX = "upstream-";

    @Override
    public SpringRunningServer start(ServerSpec spec) {
        long startNanos = System.nanoTime();
        Map<String, String> defaults = ServerDefaults.forServer(spec);
        var overrides = new LinkedHashMap<String, Object>(spec.serverProperties());
        spec.workloadOptions()
                .forEach((name, value) ->
                        overrides.put("stackbench." + spec.workload().id() + "." + name, value));
        if (spec.upstream() != null) {
            overrides.put(ServerDefaults.Property.UPSTREAM_URI, spec.upstream().toString());
        }
        boolean tomcat = spec.approach().stack() == WebStack.MVC_TOMCAT;
        // What this server is: not settings, so they override everything.
        var identity = Map.<String, Object>of(
                "stackbench.approach",
                spec.approach().id(),
                "stackbench.workload",
                spec.workload().id(),
                "stackbench.stack",
                tomcat ? "mvc" : "webflux");
        var application = new SpringApplicationBuilder(tomcat ? TomcatStack.class : NettyStack.class)
                .web(tomcat ? WebApplicationType.SERVLET : WebApplicationType.REACTIVE)
                .registerShutdownHook(false) // the owner of the RunningServer closes it
                .properties(Map.copyOf(defaults))
                .initializers(context -> {
                    context.getEnvironment()
                            .getPropertySources()
                            .addFirst(new MapPropertySource("stackbench server properties", overrides));
                    context.getEnvironment()
                            .getPropertySources()
                            .addFirst(new MapPropertySource("stackbench server identity", identity));
                    context.getBeanFactory().registerSingleton("serverSpec", spec);
                });
        ConfigurableApplicationContext context;
        try {
            synchronized (STARTS_AND_CLOSES) {
                context = application.run();
            }
        } catch (RuntimeException e) {
            throw startFailure(spec, e);
        }
        Duration startupTime = Duration.ofNanos(System.nanoTime() - startNanos);
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        String address = context.getEnvironment().getProperty("server.address", "127.0.0.1");
        String host = address.equals("0.0.0.0") ? "127.0.0.1" : address;
        var settings = new LinkedHashMap<String, String>();
        defaults.keySet().stream()
                .filter(SpringServerVariantProvider::isSetting)
                .forEach(name ->
                        settings.put(name, shown(name, context.getEnvironment().getProperty(name))));
        overrides
                .keySet()
                .forEach(name ->
                        settings.put(name, shown(name, context.getEnvironment().getProperty(name))));
        // Whether Boot bound TLS for this server (--tls, or the user's own server.ssl.*): then its address is https://.
        boolean tls = Binder.get(context.getEnvironment())
                .bind("server.ssl", Ssl.class)
                .map(ssl -> ssl.isEnabled())
                .orElse(false);
        ServerLimits limits;
        try {
            limits = ResolvedLimits.of(spec, context.getEnvironment());
        } catch (RuntimeException e) { // a pool size the server accepted but that describes no pool
            synchronized (STARTS_AND_CLOSES) {
                context.close();
            }
            throw new ServerStartException(
                    spec.approach() + " started with settings that give no limits: " + e.getMessage(), e);
        }
        return new SpringRunningServer(
                spec,
                URI.create((tls ? "https" : "http") + "://" + host + ":" + port + "/"),
                startupTime,
                settings,
                limits,
                context,
                null);
    }

    /** A setting's value as results and {@code serve} show it: never a password (a key store's, a database's). */
    private static String shown(String name, String value) {
        return name.toLowerCase(Locale.ROOT).contains("password") && value != null && !value.isEmpty()
                ? "(hidden)"
                : value;
    }

    private static boolean isSetting(String name) {
        return name.startsWith("server.")
                || name.startsWith("stackbench.")
                || name.startsWith("spring.task.")
                || name.startsWith("spring.threads.")
                || name.startsWith("spring.mvc.");
    }

    private static ServerStartException startFailure(ServerSpec spec, RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof PortInUseException portInUse) {
                return new ServerStartException("port " + portInUse.getPort() + " is already in use", failure);
            }
            if (cause instanceof BindException bind) {
                return new ServerStartException(
                        "cannot listen on " + spec.serverProperties().getOrDefault("server.address", "127.0.0.1") + ":"
                                + spec.serverProperties().getOrDefault("server.port", "0") + ": " + bind.getMessage(),
                        failure);
            }
        }
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return new ServerStartException(spec.approach() + " failed to start: " + root.getMessage(), failure);
    }
}
