package dev.stackbench.core.app;

import dev.stackbench.core.result.RunResult.App.Isolation;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * Starts the user's Spring Boot application (3.0 or later in this JVM; any in a process of its own) and returns once it
 * is ready. Three ways, by its {@link AppSpec}:
 * <ul>
 *   <li>an executable jar in this JVM ({@link Isolation#ISOLATED_CLASS_LOADER}): its classes and libraries, unpacked ({@link BootJar}), in a
 *       class loader whose parent is the platform class loader, so that none of stackbench's own classes (its Spring Boot
 *       4, its Reactor Netty) are seen by it, nor its by stackbench: an application on Spring Boot 3.5 runs beside them;</li>
 *   <li>a main class on this class path ({@link Isolation#THIS_CLASS_PATH}): no isolation, its dependencies are the class path's,
 *       shared with stackbench's own;</li>
 *   <li>either in a process of its own ({@link Isolation#SEPARATE_PROCESS}).</li>
 * </ul>
 *
 * <pre>{@code
 * try (RunningApp app = SpringBootApps.start(AppSpec.of(new AppSource.ExecutableJar(Path.of("my-service.jar"))))) {
 *     System.out.println(app.description().describe() + " at " + app.baseUri());
 * }
 * }</pre>
 */
public final class SpringBootApps {

    /**
     * The name of the thread that runs an in-process application's main method. While one is alive after its start
     * failed (it ignored every interrupt), the JVM may not be able to exit normally (the application's own shutdown hook
     * can wait for that start forever): a command line then ends with {@link Runtime#halt} once its output is out.
     */
    public static final String MAIN_THREAD = "app-main";

    private SpringBootApps() {}

    /**
     * Starts it and returns once it is ready.
     *
     * @throws AppStartException one line naming why it did not start or become ready (not a Spring Boot jar, failed at
     *                           start, never opened its port, exited), with its first error lines; nothing is left running
     */
    public static RunningApp start(AppSpec spec) {
        return choosingThePortAgain(spec, SpringBootApps::startOnce);
    }

    /**
     * Starts it with {@code once}, again with another port when the one stackbench chose was taken before the
     * application bound it (never when the user gave the port: that one is theirs to free).
     */
    static <T> T choosingThePortAgain(AppSpec spec, Function<AppSpec, T> once) {
        for (int choice = 1; ; choice++) {
            try {
                return once.apply(spec);
            } catch (AppStartException e) {
                if (spec.port() != 0 || choice >= Ports.CHOICES || !e.portTaken()) {
                    throw e;
                }
            }
        }
    }

    private static RunningApp startOnce(AppSpec spec) {
        Path log = logFile(spec);
        return switch (spec.source()) {
            case AppSource.ExecutableJar executable -> {
                BootJar jar = BootJar.open(executable.jar());
                if (spec.separateProcess()) {
                    yield SeparateProcessApp.start(spec, log, jar, jar.startClass());
                }
                var loader = new URLClassLoader(
                        "app:" + executable.jar().getFileName(),
                        urls(jar.classPath(spec.webServer())),
                        ClassLoader.getPlatformClassLoader());
                yield InProcessApp.start(
                        spec, log, loader, jar.startClass(), Isolation.ISOLATED_CLASS_LOADER, jar.bootVersion());
            }
            case AppSource.MainClass main -> {
                if (spec.separateProcess()) {
                    yield SeparateProcessApp.start(spec, log, null, main.className());
                }
                ClassLoader caller = Thread.currentThread().getContextClassLoader();
                yield InProcessApp.start(
                        spec,
                        log,
                        caller != null ? caller : SpringBootApps.class.getClassLoader(),
                        main.className(),
                        Isolation.THIS_CLASS_PATH,
                        null);
            }
        };
    }

    /** Whether an application's main thread is still alive in this JVM (see {@link #MAIN_THREAD}). */
    public static boolean mainThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.getName().equals(MAIN_THREAD) && thread.isAlive());
    }

    private static Path logFile(AppSpec spec) {
        try {
            if (spec.logFile() == null) {
                return Files.createTempFile("stackbench-app-", ".log");
            }
            Path parent = spec.logFile().toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return spec.logFile();
        } catch (IOException e) {
            throw new AppStartException(
                    "cannot create the application's log " + spec.logFile() + ": " + e.getMessage(), List.of());
        }
    }

    private static URL[] urls(List<Path> classPath) {
        return classPath.stream()
                .map(path -> {
                    try {
                        return path.toUri().toURL();
                    } catch (MalformedURLException e) {
                        throw new IllegalStateException("a file's path is always a URL: " + path, e);
                    }
                })
                .toArray(URL[]::new);
    }
}
