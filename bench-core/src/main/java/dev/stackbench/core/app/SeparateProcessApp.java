package dev.stackbench.core.app;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.ServerLimits;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An application in a JVM of its own: {@code java [jvmOptions] -jar app.jar --server.port=N ...} (with a web server
 * chosen, its unpacked class path less the other servers' libraries, through an argument file; a main class: this JVM's
 * class path), its output appended to its log file. Ready once its port answers (or its ready path); watched until its
 * process exits. Its CPU is read by its pid ({@link #pid()}); its resolved settings are not seen from here.
 */
final class SeparateProcessApp implements RunningApp {

    /** How long {@link #close} lets it shut down after SIGTERM (Spring Boot's graceful shutdown) before killing it. */
    private static final Duration SHUTDOWN = Duration.ofSeconds(10);

    private final Process process;
    private final URI baseUri;
    private final RunResult.Startup startup;
    private final RunResult.App description;
    private final Map<String, String> given;
    private final ServingState state = new ServingState();

    private SeparateProcessApp(
            Process process,
            URI baseUri,
            RunResult.Startup startup,
            RunResult.App description,
            Map<String, String> given) {
        this.process = process;
        this.baseUri = baseUri;
        this.startup = startup;
        this.description = description;
        this.given = given;
        process.onExit().thenAccept(ended -> state.stopped("its process exited with code " + ended.exitValue()));
    }

    /**
     * @param jar       the executable jar; null for a main class on this JVM's class path
     * @param mainClass the class whose main method starts it
     * @throws AppStartException naming why it did not start or become ready, with its log's first error lines
     */
    static SeparateProcessApp start(AppSpec spec, Path logFile, BootJar jar, String mainClass) {
        long startNanos = System.nanoTime();
        long deadline = startNanos + spec.readyTimeout().toNanos();
        String what = "application " + spec.source().describe();
        int port = Ports.choose(spec);
        URI base = Ports.baseUri(spec.address(), port);
        Process process;
        try {
            var command = new ArrayList<String>();
            command.add(ProcessHandle.current()
                    .info()
                    .command()
                    .orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                            .toString()));
            command.addAll(spec.jvmOptions());
            if (jar != null && spec.webServer() == null) {
                command.addAll(List.of("-jar", jar.jar().toAbsolutePath().toString()));
            } else {
                // A class path too long for one argument (hundreds of libraries) goes through a file: java @FILE.
                List<String> classPath = jar != null
                        ? jar.classPath(spec.webServer()).stream()
                                .map(Path::toString)
                                .toList()
                        : List.of(System.getProperty("java.class.path"));
                Path arguments = Files.createTempFile("stackbench-app-", ".args");
                arguments.toFile().deleteOnExit();
                Files.writeString(
                        arguments,
                        "-cp \"" + String.join(File.pathSeparator, classPath).replace("\\", "\\\\") + "\"\n",
                        StandardCharsets.UTF_8);
                command.add("@" + arguments);
                command.add(mainClass);
            }
            command.addAll(Ports.arguments(spec, port));
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
        } catch (IOException e) {
            throw new AppStartException(what + ": its process could not be started: " + e.getMessage(), List.of());
        }
        Optional<String> notReady;
        try {
            notReady = Readiness.await(
                    base,
                    spec.readyPath(),
                    deadline,
                    spec.readyTimeout(),
                    () -> process.isAlive()
                            ? null
                            : "its process exited with code " + process.exitValue() + " before it was ready");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            notReady = Optional.of("interrupted while starting");
        }
        if (notReady.isPresent()) {
            end(process);
            throw new AppStartException(
                    what + " did not become ready: " + notReady.get(), LogExcerpt.errorLines(logFile));
        }
        var startup = new RunResult.Startup((System.nanoTime() - startNanos) / 1e6, null, null, null);
        var given = new LinkedHashMap<>(
                Map.of(AppSpec.SERVER_PORT, String.valueOf(port), "server.address", spec.address()));
        given.putAll(spec.properties());
        var description = new RunResult.App(
                spec.source().describe(),
                mainClass,
                jar == null ? null : jar.bootVersion(),
                spec.webServer() == null ? null : spec.webServer().displayName(),
                RunResult.App.Isolation.SEPARATE_PROCESS,
                given,
                logFile.toAbsolutePath().toString(),
                process.pid());
        return new SeparateProcessApp(process, base, startup, description, given);
    }

    /** SIGTERM, as a process manager would stop it, then SIGKILL if it does not end in time. */
    private static void end(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public URI baseUri() {
        return baseUri;
    }

    @Override
    public RunResult.Startup startup() {
        return startup;
    }

    @Override
    public RunResult.App description() {
        return description;
    }

    /** The properties it was given: its own configuration, which may set others, is not seen from here. */
    @Override
    public Map<String, String> settings() {
        return given;
    }

    @Override
    public ServerLimits limits() {
        return AppLimits.notDerived();
    }

    @Override
    public Optional<String> stopped() {
        return state.reason();
    }

    @Override
    public void onStopped(Consumer<String> listener) {
        state.onStopped(listener);
    }

    @Override
    public OptionalLong pid() {
        return OptionalLong.of(process.pid());
    }

    @Override
    public void close() {
        if (state.close()) {
            end(process);
        }
    }

    @Override
    public String toString() {
        return "application " + description.source() + " at " + baseUri + " (pid " + process.pid() + ")";
    }
}
