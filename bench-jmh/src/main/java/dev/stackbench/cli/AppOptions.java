package dev.stackbench.cli;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.app.WebServer;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.vocabulary.Durations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The options that start the user's own Spring Boot application instead of a built-in approach, shared by {@code load}
 * and {@code serve} (a picocli mixin), and the {@link AppSpec} they make.
 */
final class AppOptions {

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--app",
            paramLabel = "JAR",
            description =
                    "Start your Spring Boot application from its executable jar (Spring Boot 3.0 or later in this JVM, any in a "
                            + "process of its own) and drive it: in this JVM, in a class loader of its own, isolated from stackbench's own "
                            + "classes, on a free port that stackbench gives it as server.port. Its properties: --server-property.")
    Path jar;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--app-class",
            paramLabel = "CLASS",
            description =
                    "Start your application from its main class (its @SpringBootApplication class) on this JVM's class path "
                            + "instead of a jar; its dependencies are then the class path's, shared with stackbench's own.")
    String mainClass;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--app-process",
            description =
                    "Run the application in a JVM of its own (java -jar JAR) instead of this one; its CPU is read by its pid.")
    boolean process;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--ready",
            paramLabel = "PATH",
            description =
                    "The application is ready once a GET of PATH answers 2xx, e.g. /actuator/health (default: once its port "
                            + "accepts connections).")
    String readyPath;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--ready-timeout",
            paramLabel = "DURATION",
            description =
                    "How long the application may take to start and become ready before the run is given up (default: "
                            + AppSpec.DEFAULT_READY_TIMEOUT_SECONDS + "s).")
    String readyTimeout;

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--jvm-option",
            paramLabel = "OPTION",
            description =
                    "An option of the application's own JVM, e.g. --jvm-option=-Xmx512m; with --app-process only; repeatable.")
    List<String> jvmOptions = new ArrayList<>();

    @ScenarioScope(LoadOption.Scope.RUN)
    @Option(
            names = "--web-server",
            paramLabel = "SERVER",
            description =
                    "Where the application's jar holds several web servers, serve with this one (tomcat, jetty, undertow or "
                            + "netty): the others' libraries are left out of its class path (default: whichever its Spring Boot picks).")
    String webServer;

    /** The options that mean something only with an application. */
    private static final List<String> APP_ONLY =
            List.of("--app-process", "--ready", "--ready-timeout", "--jvm-option", "--web-server");

    /** Whether an application was asked for. */
    boolean given() {
        return jar != null || mainClass != null;
    }

    /**
     * These options with these values, as another command declares them (with help texts of its own): {@code compare}.
     */
    static AppOptions of(
            Path jar, String mainClass, boolean process, String readyPath, String readyTimeout, String webServer) {
        var options = new AppOptions();
        options.jar = jar;
        options.mainClass = mainClass;
        options.process = process;
        options.readyPath = readyPath;
        options.readyTimeout = readyTimeout;
        options.webServer = webServer;
        return options;
    }

    /**
     * @throws IllegalArgumentException naming the first option that needs an application, when none was asked for, or
     *                                  both forms of one
     */
    void check(ParseResult parsed) {
        check(parsed, APP_ONLY);
    }

    /**
     * @param appOnly the options of the command that mean something only with an application, in the order checked
     * @throws IllegalArgumentException naming the first of {@code appOnly} given when no application was asked for, or
     *                                  both forms of one
     */
    void check(ParseResult parsed, List<String> appOnly) {
        if (jar != null && mainClass != null) {
            throw new IllegalArgumentException(
                    "give --app (an executable jar) or --app-class (a main class on this class path), not both");
        }
        if (!given()) {
            for (String option : appOnly) {
                if (parsed.hasMatchedOption(option)) {
                    throw new IllegalArgumentException(
                            option + " applies to your application: give --app JAR or --app-class CLASS");
                }
            }
        }
    }

    /**
     * The application as these options describe it, with {@code properties} and its output going to {@code logFile}.
     *
     * @throws IllegalArgumentException naming the option and the bad value
     */
    AppSpec spec(Map<String, String> properties, Path logFile) {
        AppSource source = jar != null ? new AppSource.ExecutableJar(jar) : new AppSource.MainClass(mainClass);
        if (!process && !jvmOptions.isEmpty()) {
            throw new IllegalArgumentException(
                    "--jvm-option " + String.join(" ", jvmOptions) + " applies to --app-process (the application's own"
                            + " JVM); in this JVM the options are stackbench's own: java "
                            + String.join(" ", jvmOptions) + " -jar bench-jmh.jar ...");
        }
        AppSpec spec = AppSpec.of(source)
                .withProperties(properties)
                .withLogFile(logFile)
                .withSeparateProcess(process, jvmOptions)
                .withReadyPath(readyPath);
        if (readyTimeout != null) {
            spec = spec.withReadyTimeout(Durations.parse(readyTimeout));
        }
        if (webServer != null) {
            spec = spec.withWebServer(WebServer.fromId(webServer));
        }
        return spec;
    }

    /** What the summary and progress call it: {@code application my-service.jar}. */
    String describe() {
        return "application " + (jar != null ? jar : "class " + mainClass);
    }
}
