package dev.stackbench.core.app;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How to start the user's application: where it comes from, the properties it is given (as {@code --NAME=VALUE}
 * arguments, which win over its own configuration, as on its command line), which web server of its class path serves,
 * when it counts as ready, where its output goes, and whether it runs in this JVM or a process of its own. Immutable;
 * every {@code with...} returns a new spec, validated as a whole.
 *
 * <pre>{@code
 * AppSpec spec = AppSpec.of(new AppSource.ExecutableJar(Path.of("target/my-service.jar")))
 *         .withProperty("spring.threads.virtual.enabled", "true")
 *         .withReadyPath("/actuator/health");
 * try (RunningApp app = SpringBootApps.start(spec)) {
 *     URI hello = app.baseUri().resolve("hello");
 * }
 * }</pre>
 *
 * @param properties      its properties by name, passed as {@code --NAME=VALUE}; {@code server.port} is stackbench's (see {@code port})
 * @param webServer       the server to serve with where its jar holds several; null: as its class path has it
 * @param readyPath       ready once a GET of this path answers 2xx; null: once its port accepts connections
 * @param readyTimeout    how long it may take to become ready
 * @param logFile         where its output goes (in-process: what it writes to System.out and System.err); null: a new
 *                        file in the temporary directory
 * @param separateProcess in a JVM of its own ({@code java [jvmOptions] -jar app.jar ...}) instead of this one
 * @param jvmOptions      the options of its own JVM; separate process only
 * @param address         the address it listens on
 * @param port            the port it listens on; 0: a free one, which stackbench chooses and gives it as {@code server.port}
 */
public record AppSpec(
        AppSource source,
        Map<String, String> properties,
        WebServer webServer,
        String readyPath,
        Duration readyTimeout,
        Path logFile,
        boolean separateProcess,
        List<String> jvmOptions,
        String address,
        int port) {

    /** How long an application may take to start and become ready, unless told (a number, for help texts). */
    public static final int DEFAULT_READY_TIMEOUT_SECONDS = 120;
    /** How long an application may take to start and become ready, unless told. */
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(DEFAULT_READY_TIMEOUT_SECONDS);
    /** Where it listens, unless told: this machine only, as stackbench's own servers. */
    public static final String DEFAULT_ADDRESS = "127.0.0.1";
    /** The property that sets the port of Spring Boot's web servers: stackbench's to set. */
    static final String SERVER_PORT = "server.port";

    /** @throws IllegalArgumentException naming the field and the bad value */
    public AppSpec {
        Objects.requireNonNull(source, "source");
        properties = Map.copyOf(properties);
        jvmOptions = List.copyOf(jvmOptions);
        Objects.requireNonNull(readyTimeout, "readyTimeout");
        Objects.requireNonNull(address, "address");
        if (properties.containsKey(SERVER_PORT)) {
            throw new IllegalArgumentException(
                    "property " + SERVER_PORT + " is stackbench's to set (it chooses a free port, or the port asked"
                            + " for); got " + SERVER_PORT + "=" + properties.get(SERVER_PORT));
        }
        if (readyPath != null && !readyPath.startsWith("/")) {
            throw new IllegalArgumentException(
                    "readyPath must be a path starting with '/', e.g. /actuator/health, got '" + readyPath + "'");
        }
        if (readyTimeout.isNegative() || readyTimeout.isZero()) {
            throw new IllegalArgumentException("readyTimeout must be positive, got " + readyTimeout);
        }
        if (!separateProcess && !jvmOptions.isEmpty()) {
            throw new IllegalArgumentException(
                    "JVM options " + jvmOptions + " apply to an application in a process of its own (separate process):"
                            + " in this JVM the options are stackbench's own");
        }
        if (webServer != null && source instanceof AppSource.MainClass main) {
            throw new IllegalArgumentException(
                    "webServer " + webServer.id() + " chooses among the libraries of an executable jar; "
                            + main.describe() + " runs on this JVM's class path, whose server its build chooses");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be from 0 to 65535, got " + port);
        }
    }

    /** The application on a free loopback port, in this JVM, ready when its port answers, within {@link #DEFAULT_READY_TIMEOUT}. */
    public static AppSpec of(AppSource source) {
        return new AppSpec(
                source, Map.of(), null, null, DEFAULT_READY_TIMEOUT, null, false, List.of(), DEFAULT_ADDRESS, 0);
    }

    public AppSpec withProperty(String name, String value) {
        var merged = new LinkedHashMap<>(properties);
        merged.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return withProperties(merged);
    }

    /** These properties added, each replacing one of the same name. */
    public AppSpec withProperties(Map<String, String> more) {
        var merged = new LinkedHashMap<>(properties);
        merged.putAll(more);
        return with(copy -> copy.properties = merged);
    }

    /** The same application from elsewhere: another build's jar, say. */
    public AppSpec withSource(AppSource newSource) {
        return with(copy -> copy.source = newSource);
    }

    public AppSpec withWebServer(WebServer server) {
        return with(copy -> copy.webServer = server);
    }

    public AppSpec withReadyPath(String path) {
        return with(copy -> copy.readyPath = path);
    }

    public AppSpec withReadyTimeout(Duration timeout) {
        return with(copy -> copy.readyTimeout = timeout);
    }

    public AppSpec withLogFile(Path file) {
        return with(copy -> copy.logFile = file);
    }

    /** In a process of its own (true), with these options for its JVM, or in this JVM (false, no options). */
    public AppSpec withSeparateProcess(boolean separate, List<String> options) {
        return with(copy -> {
            copy.separateProcess = separate;
            copy.jvmOptions = options;
        });
    }

    /** Listening on {@code listenAddress}, port {@code listenPort} (0: a free one). */
    public AppSpec withListen(String listenAddress, int listenPort) {
        return with(copy -> {
            copy.address = listenAddress;
            copy.port = listenPort;
        });
    }

    /** This spec with {@code change} applied to a copy of its fields, validated again: the one place a changed spec is derived. */
    private AppSpec with(Consumer<Copy> change) {
        Copy copy = new Copy(this);
        change.accept(copy);
        return copy.build();
    }

    /**
     * A spec's fields as mutable values, for {@link #with(Consumer)}: seeded from a spec, changed, built into a new,
     * validated spec (reactor-netty's duplicate-and-mutate), so no method restates the others' fields.
     */
    private static final class Copy {
        private AppSource source;
        private Map<String, String> properties;
        private WebServer webServer;
        private String readyPath;
        private Duration readyTimeout;
        private Path logFile;
        private boolean separateProcess;
        private List<String> jvmOptions;
        private String address;
        private int port;

        private Copy(AppSpec spec) {
            source = spec.source;
            properties = spec.properties;
            webServer = spec.webServer;
            readyPath = spec.readyPath;
            readyTimeout = spec.readyTimeout;
            logFile = spec.logFile;
            separateProcess = spec.separateProcess;
            jvmOptions = spec.jvmOptions;
            address = spec.address;
            port = spec.port;
        }

        private AppSpec build() {
            return new AppSpec(
                    source,
                    properties,
                    webServer,
                    readyPath,
                    readyTimeout,
                    logFile,
                    separateProcess,
                    jvmOptions,
                    address,
                    port);
        }
    }
}
