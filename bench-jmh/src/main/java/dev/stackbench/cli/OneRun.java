package dev.stackbench.cli;

import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.scenario.InProcessServers;
import dev.stackbench.core.scenario.ProfiledRun;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.Durations;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code load --approach} or {@code load --url}: one run against a built-in approach started in-process (its upstream
 * first, profiled if asked) or any HTTP server, or from several generator hosts ({@link AgentsRun}); its summary on
 * stdout, its files in {@code --out}, its thresholds judged.
 */
final class OneRun {

    private final LoadCommand command;
    private final CommandSpec spec;
    private final Approach approach;
    private final URI url;
    private final Map<String, String> workloadParams;
    private final List<String> requestSpecs;
    private final Map<String, String> serverProperties;
    private final String upstream;
    private final boolean startTimes;
    private final String label;
    private final Path out;
    private final boolean quiet;
    private final Integer agents;

    OneRun(LoadCommand command) {
        this.command = command;
        this.spec = command.spec;
        this.approach = command.approach;
        this.url = command.url;
        this.workloadParams = command.workloadParams;
        this.requestSpecs = command.requestSpecs;
        this.serverProperties = command.serverProperties;
        this.upstream = command.upstream;
        this.startTimes = command.startTimes;
        this.label = command.label;
        this.out = command.out;
        this.quiet = command.quiet;
        this.agents = command.agents;
    }

    /** Runs it: bad input and a load this process cannot make are refused before any server starts. */
    int run(List<Threshold> conditions, Workload chosenWorkload, ProfileSettings profileSettings) throws Exception {
        UpstreamService upstreamService = upstreamService();
        LoadOptions options = LoadOptionSpecs.given(spec);
        checkTls(options);
        LoadProfile profile = options.profile(LoadOption.Naming.COMMAND_LINE);
        if (out != null) {
            ResultFiles.checkWritable(out);
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();

        if (agents != null) {
            AgentsRun.refuseFileBodies(requestSpecs);
        }
        // Built before any server starts, so that bad input, or a load this process cannot make, fails at once.
        RequestMix mix = !requestSpecs.isEmpty()
                ? RequestSpecs.parse(requestSpecs, Path.of(""))
                : url == null ? WorkloadMixes.of(chosenWorkload, workloadParams) : null;
        LoadRun planned =
                options.toRun(url != null ? url : LoadCommand.PROVISIONAL_TARGET, mix, LoadOption.Naming.COMMAND_LINE);
        LoadCommand.checkRequestNames(conditions, planned.mix());
        if (agents != null) {
            return new AgentsRun(command).run(planned, conditions, stdout, err);
        }
        LoadGenerator.check(
                planned,
                url != null
                        ? RunResult.Target.url(url)
                        : RunResult.Target.inProcess(
                                null,
                                LoadCommand.PROVISIONAL_TARGET,
                                approach.id(),
                                chosenWorkload.id(),
                                Map.of(),
                                Map.of(),
                                null));
        InProcessServers servers = null;
        try (Interrupts interrupts = Interrupts.install(err)) {
            URI target = url;
            RunResult.Target description;
            if (approach != null) {
                servers = InProcessServers.start(
                        ServerVariants.load(),
                        new ServerSpec(
                                approach,
                                chosenWorkload,
                                Map.of(),
                                serverProperties,
                                Boolean.TRUE.equals(options.http2()),
                                Boolean.TRUE.equals(options.tls())),
                        upstreamService,
                        startTimes);
                target = servers.baseUri();
                var params = new LinkedHashMap<>(WorkloadMixes.defaults(chosenWorkload));
                params.putAll(workloadParams);
                description = servers.target(label, params);
                if (!quiet) {
                    servers.upstream()
                            .ifPresent(upstream -> err.printf(
                                    "started upstream %s at %s in %d ms%n",
                                    upstreamService,
                                    upstream.baseUri(),
                                    upstream.startupTime().toMillis()));
                    err.printf(
                            "started %s (%s) at %s in %d ms%n",
                            approach,
                            chosenWorkload,
                            target,
                            servers.server().startupTime().toMillis());
                }
            } else {
                description = label == null
                        ? RunResult.Target.url(url)
                        : RunResult.Target.url(url).withLabel(label);
            }
            if (interrupts.interrupted()) {
                return interrupts.exitCode(); // before anything was measured
            }
            LoadRun run = options.toRun(target, mix, LoadOption.Naming.COMMAND_LINE);
            MachineLine.announce(err, quiet);
            if (!quiet) {
                err.printf(
                        "running %s%s against %s; progress every %s%n",
                        profile.describe(),
                        ProgressPrinter.warmupText(run),
                        target,
                        Durations.format(LoadDefaults.REPORT_INTERVAL));
                err.flush();
            }
            var described = description;
            Measurement measurement = servers == null
                    ? LoadGenerator.run(run, description, command.progress(err), interrupts.stop())
                    : ProfiledRun.run(
                            profileSettings,
                            servers,
                            out,
                            () -> LoadGenerator.run(run, described, command.progress(err), interrupts.stop()));
            if (servers != null) {
                measurement = measurement.withStartup(servers.startup());
            }
            RunOutput.write(measurement, out, stdout);
            if (measurement.result().window().interrupted()) {
                return interrupts.exitCode(); // thresholds judge whole runs only
            }
            return RunOutput.judge(measurement.result(), conditions, stdout, err);
        } finally {
            if (servers != null) {
                servers.close();
            }
        }
    }

    /** {@code --upstream}: null for none or {@code self}; only with --approach. */
    private UpstreamService upstreamService() {
        if (upstream == null) {
            return null;
        }
        if (url != null) {
            throw new IllegalArgumentException(
                    "--upstream applies to --approach (a second service, or self); a --url server makes its own calls");
        }
        return UpstreamService.parseUnlessSelf(upstream).orElse(null);
    }

    /** --tls is the in-process server's; with --url the URL's scheme says whether the run is TLS. */
    private void checkTls(LoadOptions options) {
        if (url != null && Boolean.TRUE.equals(options.tls())) {
            throw new IllegalArgumentException(
                    LoadOption.TLS.cliName() + " starts an in-process server (--approach) with TLS;"
                            + " to drive a server over TLS with --url, give an https:// URL");
        }
        boolean tlsTarget = url != null ? "https".equals(url.getScheme()) : Boolean.TRUE.equals(options.tls());
        if (Boolean.TRUE.equals(options.insecure()) && !tlsTarget) {
            throw new IllegalArgumentException(LoadOption.INSECURE.cliName()
                    + " applies to TLS: give an https:// --url, or " + LoadOption.TLS.cliName() + " with --approach");
        }
    }
}
