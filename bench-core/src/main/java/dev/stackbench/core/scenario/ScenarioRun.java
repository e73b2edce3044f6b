package dev.stackbench.core.scenario;

import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.RequestSpecs;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One run of a scenario: an approach serving a workload in-process, or the user's own application ({@code app}), driven
 * with a load profile.
 * Validated as a whole when built: the workload's parameters, the request mix and the load options
 * are checked as {@code load} would check them, so a bad run fails before any server starts.
 *
 * @param label            the result's target label and the name of its directory under {@code --out}
 * @param note             which part of the original experiment this run reproduces, in words; may be empty
 * @param workloadParams   request parameters of the workload (e.g. {@code delayMillis}), as {@code --workload-param}
 * @param serverProperties server settings, as {@code --server-property}; they override stackbench's defaults
 * @param requests         a mix of one's own, as {@code --request} ({@code WEIGHT:METHOD:PATH[:@BODY]}); empty for the workload's
 * @param bodyDirectory    where {@code @BODY} files of {@code requests} are read from: the scenario file's directory
 * @param load             the load options it gives; those it does not give take {@code load}'s defaults
 * @param upstream         the second service its nested calls go to, started before its server; null: to the server itself
 * @param app              the user's application to start instead of an approach (its properties are {@code serverProperties},
 *                         its output goes to {@code app.log} in the run's directory); null for an approach. Such a run has
 *                         no approach, workload, workload parameters or upstream; without a mix it sends GET /
 */
public record ScenarioRun(
        String label,
        String note,
        Approach approach,
        Workload workload,
        Map<String, String> workloadParams,
        Map<String, String> serverProperties,
        List<String> requests,
        Path bodyDirectory,
        LoadOptions load,
        UpstreamService upstream,
        AppSpec app) {

    /** One directory name: no separators, no leading dot. */
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_\\-+=\\[\\](),][A-Za-z0-9_.\\-+=\\[\\](),]{0,99}");
    /** The target is known only once the server has started; validation needs a syntactically valid one. */
    private static final URI UNSTARTED = URI.create("http://127.0.0.1/");

    /** @throws InvalidScenario.Field naming the field that is wrong */
    public ScenarioRun {
        Objects.requireNonNull(label, "label");
        if (!LABEL.matcher(label).matches()) {
            throw new InvalidScenario.Field(
                    "label",
                    "'" + label
                            + "' cannot name a directory: use up to 100 letters, digits and . _ - + = [ ] ( ) , and no leading dot");
        }
        note = note == null ? "" : note.strip();
        if (app != null) {
            if (approach != null || upstream != null || !workloadParams.isEmpty()) {
                throw new InvalidScenario.Field(
                        "app",
                        "a run of your application has no "
                                + (approach != null ? "approach" : upstream != null ? "upstream" : "workload-params")
                                + ": give either app or approach");
            }
            workload = null;
        } else if (approach == null) {
            throw new InvalidScenario.Field(
                    "approach", "missing; one of " + Approach.ids() + ", or app: your application's jar");
        } else if (workload == null) {
            throw new InvalidScenario.Field("workload", "missing; one of " + Workload.ids());
        }
        workloadParams = Map.copyOf(workloadParams);
        serverProperties = Map.copyOf(serverProperties);
        requests = List.copyOf(requests);
        Objects.requireNonNull(bodyDirectory, "bodyDirectory");
        Objects.requireNonNull(load, "load");
        validate(workload, workloadParams, requests, bodyDirectory, load);
    }

    /** A run of an approach whose nested calls go to the server itself. */
    public ScenarioRun(
            String label,
            String note,
            Approach approach,
            Workload workload,
            Map<String, String> workloadParams,
            Map<String, String> serverProperties,
            List<String> requests,
            Path bodyDirectory,
            LoadOptions load) {
        this(
                label,
                note,
                approach,
                workload,
                workloadParams,
                serverProperties,
                requests,
                bodyDirectory,
                load,
                null,
                null);
    }

    /** A run of an approach, its nested calls going to {@code upstream} (null: to the server itself). */
    public ScenarioRun(
            String label,
            String note,
            Approach approach,
            Workload workload,
            Map<String, String> workloadParams,
            Map<String, String> serverProperties,
            List<String> requests,
            Path bodyDirectory,
            LoadOptions load,
            UpstreamService upstream) {
        this(
                label,
                note,
                approach,
                workload,
                workloadParams,
                serverProperties,
                requests,
                bodyDirectory,
                load,
                upstream,
                null);
    }

    /** This run with its nested calls going to {@code service}; null: to the server itself. Applications make their own calls. */
    public ScenarioRun withUpstream(UpstreamService service) {
        return app != null
                ? this
                : new ScenarioRun(
                        label,
                        note,
                        approach,
                        workload,
                        workloadParams,
                        serverProperties,
                        requests,
                        bodyDirectory,
                        load,
                        service,
                        null);
    }

    /** The requests to send: the run's own mix, else the workload's with its parameters; for an application without a mix, null (GET /). */
    public RequestMix mix() {
        if (!requests.isEmpty()) {
            return RequestSpecs.parse(requests, bodyDirectory);
        }
        return app != null ? null : WorkloadMixes.of(workload, workloadParams);
    }

    /** The application to start, with the run's properties and its output into {@code logFile} (null: a temporary file). */
    public AppSpec appSpec(Path logFile) {
        return app.withProperties(serverProperties).withLogFile(logFile);
    }

    /** What the run starts, in words: {@code platform-tomcat, date} or {@code app my-service.jar}. */
    public String describeTarget() {
        return app != null ? "app " + app.source().describe() : approach + ", " + workload;
    }

    /** The workload's parameters with its defaults filled in, as results record them. */
    public Map<String, String> resolvedWorkloadParams() {
        if (app != null) {
            return Map.of();
        }
        var params = new LinkedHashMap<>(WorkloadMixes.defaults(workload));
        params.putAll(workloadParams);
        return params;
    }

    /** What to start: HTTP/2 on the client means HTTP/2 on the server too, as with {@code load --http2}; {@code tls} is the server's. */
    public ServerSpec serverSpec() {
        return new ServerSpec(
                approach,
                workload,
                Map.of(),
                serverProperties,
                Boolean.TRUE.equals(load.http2()),
                Boolean.TRUE.equals(load.tls()));
    }

    /** The load run against the started server. */
    public LoadRun loadRun(URI target) {
        return load.toRun(target, mix(), LoadOption.Naming.SCENARIO_FILE);
    }

    /** Warm-up plus measured time, server start not included. */
    public Duration length() {
        return load.length(LoadOption.Naming.SCENARIO_FILE);
    }

    /**
     * This run with the command line's options in place of its own: load options field by field
     * ({@link LoadOptions#overriddenBy}), parameters and properties name by name.
     *
     * @throws InvalidScenario.Field when the result is not a valid run
     */
    public ScenarioRun overriddenBy(
            LoadOptions topLoad, Map<String, String> topWorkloadParams, Map<String, String> topServerProperties) {
        var params = new LinkedHashMap<>(workloadParams);
        params.putAll(topWorkloadParams);
        var properties = new LinkedHashMap<>(serverProperties);
        properties.putAll(topServerProperties);
        LoadOptions merged;
        try {
            merged = load.overriddenBy(topLoad);
        } catch (LoadOptions.InvalidOption e) {
            throw InvalidScenario.Field.ofLoad(e);
        }
        return new ScenarioRun(
                label, note, approach, workload, params, properties, requests, bodyDirectory, merged, upstream, app);
    }

    /** @param workload null for an application: its requests are the mix's, or GET / */
    private static void validate(
            Workload workload,
            Map<String, String> params,
            List<String> requests,
            Path bodyDirectory,
            LoadOptions load) {
        if (workload != null) {
            try {
                WorkloadMixes.of(workload, params);
            } catch (IllegalArgumentException e) {
                throw new InvalidScenario.Field("workload-params", e.getMessage());
            }
        }
        RequestMix mix;
        try {
            mix = !requests.isEmpty()
                    ? RequestSpecs.parse(requests, bodyDirectory)
                    : workload == null ? null : WorkloadMixes.of(workload, params);
        } catch (IllegalArgumentException e) {
            throw new InvalidScenario.Field("mix", e.getMessage());
        }
        try {
            load.toRun(UNSTARTED, mix, LoadOption.Naming.SCENARIO_FILE);
        } catch (LoadOptions.InvalidOption e) {
            throw InvalidScenario.Field.ofLoad(e);
        } catch (IllegalArgumentException e) {
            throw new InvalidScenario.Field("load", e.getMessage());
        }
        // As load refuses --insecure without TLS: a run's server is in-process, so only tls makes it apply.
        if (workload != null && Boolean.TRUE.equals(load.insecure()) && !Boolean.TRUE.equals(load.tls())) {
            throw new InvalidScenario.Field(
                    "load", LoadOption.INSECURE.id() + " applies to TLS: add " + LoadOption.TLS.id() + ": true");
        }
    }
}
