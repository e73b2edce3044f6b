package dev.stackbench.core.app;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.ServerLimits;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * An application in this JVM: its main method run on a thread of its own ({@code app-main}, with the application's
 * class loader as its context loader) inside {@link LaunchHook}, which hands over its context; ready once its port
 * answers (or its ready path); then watched until it stops serving: its context closed, or the JVM shutting down
 * because someone called System.exit.
 */
final class InProcessApp implements RunningApp {

    /** How often the watcher looks whether the context is still active: a stop is seen within this. */
    private static final Duration WATCH = Duration.ofMillis(100);
    /** How long {@link #close} waits for the main thread after its context closed, and a failed start for it to end. */
    private static final Duration MAIN_JOIN = Duration.ofSeconds(2);
    /** How often a failed start's main thread is interrupted again while it has not ended. */
    private static final Duration INTERRUPT_AGAIN = Duration.ofMillis(50);

    private final AppSpec spec;
    private final SpringContext context;
    private final ClassLoader loader;
    private final Thread main;
    private final URI baseUri;
    private final RunResult.Startup startup;
    private final RunResult.App description;
    private final Map<String, String> settings;
    private final ServerLimits limits;
    private final AppOutput output;
    private final PrintStream log;
    private final ServingState stop = new ServingState();
    private final Thread watcher;
    private final Thread exitHook;

    private InProcessApp(
            AppSpec spec,
            SpringContext context,
            ClassLoader loader,
            Thread main,
            URI baseUri,
            RunResult.Startup startup,
            RunResult.App description,
            Map<String, String> settings,
            ServerLimits limits,
            AppOutput output,
            PrintStream log) {
        this.spec = spec;
        this.context = context;
        this.loader = loader;
        this.main = main;
        this.baseUri = baseUri;
        this.startup = startup;
        this.description = description;
        this.settings = settings;
        this.limits = limits;
        this.output = output;
        this.log = log;
        this.watcher = Thread.ofPlatform().daemon().name("stackbench-app-watch").start(this::watch);
        // An application that calls System.exit starts the JVM's shutdown: say so before its context is seen closed.
        this.exitHook = new Thread(() -> JvmExit.systemExitCaller().ifPresent(stop::stopped), "stackbench-app-exit");
        Runtime.getRuntime().addShutdownHook(exitHook);
    }

    /**
     * @param isolation  how it shares this JVM: in an {@link RunResult.App.Isolation#ISOLATED_CLASS_LOADER}, {@code loader}
     *                   is the application's own (its output then told apart by it); else {@code loader} is this class path's
     * @throws AppStartException naming why it did not start or become ready, with its first error lines
     */
    static InProcessApp start(
            AppSpec spec,
            Path logFile,
            ClassLoader loader,
            String mainClass,
            RunResult.App.Isolation isolation,
            String jarBootVersion) {
        boolean isolatedLoader = isolation == RunResult.App.Isolation.ISOLATED_CLASS_LOADER;
        var classLoading = ManagementFactory.getClassLoadingMXBean();
        long classesBefore = classLoading.getTotalLoadedClassCount();
        long startNanos = System.nanoTime();
        long deadline = startNanos + spec.readyTimeout().toNanos();
        String what = "application " + spec.source().describe();
        PrintStream log = openLog(logFile);
        AppOutput output = AppOutput.route(isolatedLoader ? loader : null, log);
        Thread main = null;
        LaunchHook hook = null;
        try {
            hook = LaunchHook.in(loader, what);
            if (isolatedLoader) {
                JvmWideState.keepFrom(loader);
            }
            Method mainMethod = mainMethod(loader, mainClass, what);
            int port = Ports.choose(spec);
            List<String> arguments = Ports.arguments(spec, port);
            LaunchHook launch = hook;
            main = Thread.ofPlatform().daemon().name(SpringBootApps.MAIN_THREAD).unstarted(() -> {
                try {
                    launch.runMain(mainMethod, arguments.toArray(String[]::new));
                } catch (Throwable thrown) {
                    thrown.printStackTrace(); // onto its log: System.err routes this thread's writes there
                }
            });
            main.setContextClassLoader(loader);
            main.start();
            SpringContext context =
                    new SpringContext(awaitStarted(hook, main, deadline, spec.readyTimeout(), what, logFile), loader);
            int listening = Ports.listening(context.property("local.server.port"), port);
            URI base = Ports.baseUri(spec.address(), listening);
            Optional<String> notReady = Readiness.await(
                    base,
                    spec.readyPath(),
                    deadline,
                    spec.readyTimeout(),
                    () -> context.isActive() ? null : "its context closed before it was ready");
            if (notReady.isPresent()) {
                context.close();
                throw new AppStartException(
                        what + " did not become ready: " + notReady.get(), LogExcerpt.errorLines(logFile));
            }
            var startup = new RunResult.Startup(
                    (System.nanoTime() - startNanos) / 1e6,
                    classLoading.getTotalLoadedClassCount() - classesBefore,
                    null,
                    null);
            Optional<String> webServer = context.webServer();
            var given = new LinkedHashMap<>(
                    Map.of(AppSpec.SERVER_PORT, String.valueOf(listening), "server.address", spec.address()));
            given.putAll(spec.properties());
            String bootVersion =
                    Optional.ofNullable(context.springBootVersion()).orElse(jarBootVersion);
            var description = new RunResult.App(
                    spec.source().describe(),
                    mainClass,
                    bootVersion,
                    webServer.orElse(null),
                    isolation,
                    given,
                    logFile.toAbsolutePath().toString(),
                    null);
            return new InProcessApp(
                    spec,
                    context,
                    loader,
                    main,
                    base,
                    startup,
                    description,
                    settings(context, spec),
                    AppLimits.of(webServer, context::property, context.hikariMaximumPoolSize()),
                    output,
                    log);
        } catch (AppStartException e) {
            abandon(hook, main, output, log, loader);
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandon(hook, main, output, log, loader);
            throw new AppStartException(what + ": interrupted while starting", List.of());
        } catch (RuntimeException e) {
            abandon(hook, main, output, log, loader);
            throw new AppStartException(
                    what + " failed to start: " + LogExcerpt.rootCause(e), LogExcerpt.errorLines(logFile), e);
        }
    }

    /** Waits for the hook's context; a failure, a main method that returned without one, or the deadline end the wait. */
    private static Object awaitStarted(
            LaunchHook hook, Thread main, long deadline, Duration timeout, String what, Path logFile)
            throws InterruptedException {
        while (true) {
            try {
                return hook.started().get(WATCH.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw new AppStartException(
                        what + " failed to start: " + LogExcerpt.rootCause(e.getCause()),
                        LogExcerpt.errorLines(logFile),
                        e.getCause());
            } catch (TimeoutException e) {
                if (!main.isAlive() && !hook.started().isDone()) {
                    throw new AppStartException(
                            what + ": its main method returned without starting a Spring application",
                            LogExcerpt.errorLines(logFile));
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new AppStartException(
                            what + " did not become ready: it did not start within " + timeout.toSeconds()
                                    + " s (its context never started, so it never opened its port)",
                            LogExcerpt.errorLines(logFile));
                }
            }
        }
    }

    private static Method mainMethod(ClassLoader loader, String mainClass, String what) {
        try {
            Method main = Class.forName(mainClass, false, loader).getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers())) {
                throw new AppStartException(what + ": " + mainClass + ".main is not static", List.of());
            }
            main.setAccessible(true); // a main class need not be public
            return main;
        } catch (ClassNotFoundException e) {
            throw new AppStartException(
                    what + ": its main class " + mainClass + " is not on its class path", List.of());
        } catch (NoSuchMethodException e) {
            throw new AppStartException(what + ": " + mainClass + " has no main(String[]) method", List.of());
        }
    }

    /**
     * What the failed start left: its main thread interrupted (a start that hangs in a sleep or a wait fails there, and
     * Spring Boot closes the context itself), then its context closed if the start is still going, from a thread of its
     * own (the context's close waits for a refresh under way, which may never end), and its output given back.
     */
    private static void abandon(LaunchHook hook, Thread main, AppOutput output, PrintStream log, ClassLoader loader) {
        if (main != null) {
            // Again and again for a while: a start that is not yet in its wait, or code that swallows an interrupt,
            // would
            // miss a single one and wait forever, and a JVM whose application's own shutdown hook then waits for that
            // start to end would never exit.
            long until = System.nanoTime() + MAIN_JOIN.toNanos();
            while (main.isAlive() && System.nanoTime() - until < 0) {
                main.interrupt();
                try {
                    main.join(INTERRUPT_AGAIN);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        Object prepared = hook == null ? null : hook.preparedContext();
        if (prepared != null && main != null && main.isAlive()) {
            Thread.ofPlatform().daemon().name("stackbench-app-abandon").start(() -> {
                try {
                    new SpringContext(prepared, loader).close();
                } catch (RuntimeException alreadyClosing) {
                    // its own failure handling got there first
                }
            });
        }
        output.close();
        log.close();
    }

    private static Map<String, String> settings(SpringContext context, AppSpec spec) {
        var names = new ArrayList<>(List.of(
                AppSpec.SERVER_PORT,
                "server.address",
                AppLimits.TOMCAT_MAX_THREADS,
                AppLimits.VIRTUAL_THREADS,
                AppLimits.HIKARI_MAX_POOL_SIZE));
        spec.properties().keySet().stream()
                .filter(name -> !names.contains(name))
                .forEach(names::add);
        var settings = new LinkedHashMap<String, String>();
        for (String name : names) {
            String value = context.property(name);
            if (value != null) {
                settings.put(name, value);
            }
        }
        return settings;
    }

    private static PrintStream openLog(Path logFile) {
        try {
            return new PrintStream(
                    Files.newOutputStream(logFile, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                    true,
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AppStartException(
                    "cannot write the application's log " + logFile + ": " + e.getMessage(), List.of());
        }
    }

    private void watch() {
        while (!stop.closing()) {
            try {
                Thread.sleep(WATCH);
            } catch (InterruptedException e) {
                return;
            }
            if (!stop.closing() && !context.isActive()) {
                if (!JvmExit.inProgress()) {
                    stop.stopped("its context closed (by the application itself)");
                } else {
                    // A shutdown by a signal (Ctrl-C) closes it through Spring Boot's own hook: the command's to
                    // handle.
                    JvmExit.systemExitCaller().ifPresent(stop::stopped);
                }
                return;
            }
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

    @Override
    public Map<String, String> settings() {
        return settings;
    }

    @Override
    public ServerLimits limits() {
        return limits;
    }

    @Override
    public Optional<String> stopped() {
        return stop.reason();
    }

    @Override
    public void onStopped(Consumer<String> listener) {
        stop.onStopped(listener);
    }

    @Override
    public OptionalLong pid() {
        return OptionalLong.empty();
    }

    @Override
    public void close() {
        if (!stop.close()) {
            return;
        }
        watcher.interrupt();
        try {
            Runtime.getRuntime().removeShutdownHook(exitHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
        try {
            if (context.isActive()) {
                context.close();
            }
        } catch (RuntimeException e) {
            log.println("stackbench: closing the application's context failed: " + e);
        }
        joinQuietly(main);
        output.close();
        log.close();
        // Its class loader is let go, not closed: threads of the application that outlive its context (a logging
        // framework's, a pool's that ends a moment later) still load classes from it, and a closed loader turns that
        // into
        // ClassNotFoundExceptions on the terminal. It is collected with the application's last thread; its jars are
        // files
        // of the unpacking cache, read only.
    }

    @Override
    public String toString() {
        return "application " + spec.source().describe() + " at " + baseUri;
    }

    private static void joinQuietly(Thread thread) {
        try {
            thread.join(MAIN_JOIN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
