package dev.stackbench.cli;

import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.app.RunningApp;
import dev.stackbench.core.app.SpringBootApps;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.profile.ProfileRecorder;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.profile.ThreadScope;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.scenario.ProfiledRun;
import dev.stackbench.core.vocabulary.Durations;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code load --app} or {@code --app-class}: the user's own Spring Boot application started, driven and closed; if it
 * stops serving mid-run, what was measured is kept, marked interrupted.
 */
final class AppRun {

    private final CommandSpec spec;
    private final AppOptions app;
    private final List<String> requestSpecs;
    private final Map<String, String> serverProperties;
    private final String label;
    private final Path out;
    private final boolean quiet;
    private final Integer agents;
    private final Function<PrintWriter, ProgressListener> progress;

    AppRun(LoadCommand command) {
        this.progress = command::progress;
        this.spec = command.spec;
        this.app = command.app;
        this.requestSpecs = command.requestSpecs;
        this.serverProperties = command.serverProperties;
        this.label = command.label;
        this.out = command.out;
        this.quiet = command.quiet;
        this.agents = command.agents;
    }

    /** The application's own output, beside the results. */
    static final String APP_LOG = "app.log";

    /**
     * {@code --app} or {@code --app-class}: the user's application started (its output into {@code app.log} beside the
     * results), driven with the mix given (without one, GET /), and closed. If it stops serving mid-run (its context
     * closed, its process exited, System.exit called), the run stops at once, what was measured is written marked
     * interrupted, and the command ends with one line naming why and exit code 2.
     */
    int run(List<Threshold> conditions, ProfileSettings profileSettings) throws Exception {
        if (profileSettings != null && app.process) {
            if (profileSettings.mode().async()) {
                throw new IllegalArgumentException(ProfileRecorder.OTHER_PROCESS_ASYNC);
            }
            ProfileRecorder.otherProcessUnavailableReason().ifPresent(reason -> {
                throw new IllegalArgumentException(reason);
            });
        }
        if (agents != null) {
            throw new IllegalArgumentException(
                    "--agents drives a --url: start your application where the agents reach it "
                            + "(java -jar bench-jmh.jar serve --app JAR --address ADDRESS)");
        }
        LoadOptions options = LoadOptionSpecs.given(spec);
        if (Boolean.TRUE.equals(options.tls())) {
            throw new IllegalArgumentException(
                    LoadOption.TLS.cliName() + " starts a built-in approach with TLS; your application listens as its"
                            + " own properties say (server.ssl.*): give them with --server-property and drive it with --insecure if self-signed");
        }
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        Path logFile = out != null ? out.resolve(APP_LOG) : Files.createTempFile("stackbench-app-", ".log");
        AppSpec appSpec = app.spec(serverProperties, logFile);
        RequestMix mix = requestSpecs.isEmpty() ? null : RequestSpecs.parse(requestSpecs, Path.of(""));
        LoadRun planned = options.toRun(LoadCommand.PROVISIONAL_TARGET, mix, LoadOption.Naming.COMMAND_LINE);
        LoadCommand.checkRequestNames(conditions, planned.mix());
        // Checked as for a server in this JVM (both ends of each connection this process's files): for an application
        // in a
        // process of its own that asks for more open files than it needs, never fewer.
        LoadGenerator.check(
                planned,
                RunResult.Target.inProcess(
                        null, LoadCommand.PROVISIONAL_TARGET, "app", "app", Map.of(), Map.of(), null));
        try (Interrupts interrupts = Interrupts.install(err);
                AppExitGuard guard = AppExitGuard.install(interrupts.stop(), err)) {
            if (!quiet) {
                err.printf(
                        "starting %s%s; its output goes to %s%n",
                        app.describe(),
                        appSpec.separateProcess() ? " in a process of its own" : "",
                        logFile.toAbsolutePath());
                err.flush();
            }
            Measurement measurement;
            RunningApp running = SpringBootApps.start(appSpec);
            try {
                running.onStopped(reason -> interrupts.stop().request("the application stopped serving: " + reason));
                var description = RunResult.Target.app(
                        label, running.baseUri(), running.description(), running.settings(), running.limits());
                if (!quiet) {
                    err.printf(
                            "started %s (%s) at %s in %.0f ms%n",
                            app.describe(),
                            running.description().describe(),
                            running.baseUri(),
                            running.startup().millis());
                }
                if (interrupts.interrupted()) {
                    return interrupts.exitCode(); // before anything was measured
                }
                LoadRun run = options.toRun(running.baseUri(), mix, LoadOption.Naming.COMMAND_LINE);
                if (!quiet) {
                    err.printf(
                            "running %s%s against %s; progress every %s%n",
                            run.profile().describe(),
                            ProgressPrinter.warmupText(run),
                            running.baseUri(),
                            Durations.format(LoadDefaults.REPORT_INTERVAL));
                    err.flush();
                }
                measurement = ProfiledRun.run(
                                profileSettings,
                                running.pid(),
                                ThreadScope.serverThreads(),
                                running.codePackages(),
                                out,
                                () -> LoadGenerator.run(run, description, progress.apply(err), interrupts.stop()))
                        .withStartup(running.startup());
            } finally {
                running.close();
            }
            RunOutput.write(measurement, out, stdout);
            var stopped = running.stopped();
            if (stopped.isPresent()) {
                err.println("error: " + app.describe() + " stopped serving during the run: " + stopped.get()
                        + "; what was measured until then is "
                        + (out != null ? "written to " + out.toAbsolutePath() : "in the summary above")
                        + ", marked interrupted (its log: "
                        + logFile.toAbsolutePath() + ")");
                err.flush();
                return StackbenchMain.EXIT_USAGE;
            }
            if (measurement.result().window().interrupted()) {
                return interrupts.exitCode();
            }
            return RunOutput.judge(measurement.result(), conditions, stdout, err);
        }
    }
}
