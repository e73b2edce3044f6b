package dev.stackbench.core.variant;

import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.app.RunningApp;
import dev.stackbench.core.app.SpringBootApps;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.scenario.InProcessServers;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * A variant's server, started in this JVM and listening on an ephemeral loopback port.
 *
 * <pre>{@code
 * try (VariantServer server = VariantServer.start(variant, new VariantServer.Options(false, false))) {
 *     LoadGenerator.run(run.withTarget(server.baseUri()), server.target(params), ProgressListener.NONE);
 * }
 * }</pre>
 */
public interface VariantServer extends AutoCloseable {

    /**
     * @param http2          serve HTTP/2 cleartext beside HTTP/1.1, as a client with {@code --http2} needs
     * @param tls            listen with TLS only
     * @param appLog         where an application's output goes; null: a temporary file
     * @param appJvmOptions  the options of an application's own JVM, when it runs in a process of its own
     */
    record Options(boolean http2, boolean tls, Path appLog, List<String> appJvmOptions) {

        public Options {
            appJvmOptions = List.copyOf(appJvmOptions);
        }

        /** A built-in approach's options. */
        public Options(boolean http2, boolean tls) {
            this(http2, tls, null, List.of());
        }
    }

    /**
     * Starts the variant's server and returns once it accepts connections.
     *
     * @throws dev.stackbench.core.server.ServerStartException naming what failed; nothing is left running
     */
    static VariantServer start(Variant variant, Options options) {
        return switch (variant.source()) {
            case ServerSource.BuiltIn builtIn ->
                new BuiltInServer(
                        variant.label(),
                        InProcessServers.start(
                                ServerVariants.load(),
                                new ServerSpec(
                                        builtIn.approach(),
                                        builtIn.workload(),
                                        Map.of(),
                                        variant.properties(),
                                        options.http2(),
                                        options.tls()),
                                null,
                                false));
            case ServerSource.Application application -> {
                AppSpec app =
                        application.app().withProperties(variant.properties()).withLogFile(options.appLog());
                yield new AppServer(
                        variant.label(),
                        SpringBootApps.start(
                                app.separateProcess() ? app.withSeparateProcess(true, options.appJvmOptions()) : app));
            }
        };
    }

    URI baseUri();

    /** How long it took to start, and the classes loaded meanwhile. */
    RunResult.Startup startup();

    /** The run's target as results describe it, under the variant's label. */
    RunResult.Target target(Map<String, String> workloadParams);

    /** Why it stopped serving, once it has by itself (an application that exited); empty while it serves. */
    default Optional<String> stopped() {
        return Optional.empty();
    }

    /** The package prefixes of the server's own code, which a profile tells apart from the framework's and the JDK's. */
    List<String> codePackages();

    /** The server's own process, when it runs in one (an application started in a process of its own); else empty. */
    default OptionalLong pid() {
        return OptionalLong.empty();
    }

    /** Calls {@code listener} once with the reason when it stops serving by itself; a built-in approach never does. */
    default void onStopped(Consumer<String> listener) {}

    /** Stops it; idempotent. */
    @Override
    void close();

    /** A built-in approach, started as {@code load --approach} starts it. */
    record BuiltInServer(String label, InProcessServers servers) implements VariantServer {

        @Override
        public URI baseUri() {
            return servers.baseUri();
        }

        @Override
        public RunResult.Startup startup() {
            return servers.startup();
        }

        @Override
        public RunResult.Target target(Map<String, String> workloadParams) {
            return servers.target(label, workloadParams);
        }

        @Override
        public List<String> codePackages() {
            return servers.server().codePackages();
        }

        @Override
        public void close() {
            servers.close();
        }
    }

    /** The user's application, started as {@code load --app} starts it. */
    record AppServer(String label, RunningApp app) implements VariantServer {

        @Override
        public URI baseUri() {
            return app.baseUri();
        }

        @Override
        public RunResult.Startup startup() {
            return app.startup();
        }

        @Override
        public RunResult.Target target(Map<String, String> workloadParams) {
            return RunResult.Target.app(label, app.baseUri(), app.description(), app.settings(), app.limits());
        }

        @Override
        public Optional<String> stopped() {
            return app.stopped();
        }

        @Override
        public List<String> codePackages() {
            return app.codePackages();
        }

        @Override
        public OptionalLong pid() {
            return app.pid();
        }

        @Override
        public void onStopped(Consumer<String> listener) {
            app.onStopped(listener);
        }

        @Override
        public void close() {
            app.close();
        }
    }
}
