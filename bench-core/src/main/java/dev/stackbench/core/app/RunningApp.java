package dev.stackbench.core.app;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.ServerLimits;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The user's application, started and ready, listening on {@link #baseUri()}. Closing it stops it (its context closed,
 * or its process ended) and gives back what it held in this JVM (its class loader, System.out and System.err).
 *
 * <pre>{@code
 * try (RunningApp app = SpringBootApps.start(spec)) {
 *     app.onStopped(reason -> stop.request(reason));   // it may stop serving by itself, mid-run
 *     RunResult.Target target = RunResult.Target.app(null, app.baseUri(), app.description(), app.settings(), app.limits());
 *     Measurement measurement = LoadGenerator.run(run, target, listener, stop).withStartup(app.startup());
 * }
 * }</pre>
 */
public interface RunningApp extends AutoCloseable {

    /** {@code http://address:port/}, with the port it listens on. */
    URI baseUri();

    /** From the start call until it was ready, and in this JVM the classes loaded meanwhile. */
    RunResult.Startup startup();

    /** What started and how, for result.json's target and the summary. */
    RunResult.App description();

    /**
     * Its settings that bound what it can do, as resolved after its own configuration and the properties given (in its
     * own process: the properties given only, its own configuration is not seen from here), by property name.
     */
    Map<String, String> settings();

    /**
     * What bounds it, as numbers, where its settings say: Tomcat's request threads or virtual threads, Hikari's
     * connections. Fields it cannot say are null ("not derived"): another server's threads, or anything of an
     * application in its own process.
     */
    ServerLimits limits();

    /** Why it stopped serving, once it has without being closed: its context closed, System.exit called, its process exited. */
    Optional<String> stopped();

    /**
     * Calls {@code listener} once, with the reason, when it stops serving without being closed (at once if it already
     * has): from the thread that saw it, which may be a JVM shutdown hook when the application called System.exit.
     */
    void onStopped(Consumer<String> listener);

    /**
     * The package prefixes of its own code, which a profile tells apart from the framework's and the JDK's: its main
     * class's package (a guess, but Spring Boot's convention); none for a main class in the unnamed package.
     */
    default List<String> codePackages() {
        String main = description().mainClass();
        int dot = main == null ? -1 : main.lastIndexOf('.');
        return dot < 0 ? List.of() : List.of(main.substring(0, dot + 1));
    }

    /** Its process, when it runs in one of its own. */
    OptionalLong pid();

    /** Stops it; idempotent. */
    @Override
    void close();
}
