package dev.stackbench.core.scenario;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.app.WebServer;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.Durations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a scenario from YAML. Keys are {@code load}'s option names without the dashes (the keys of
 * {@code load:} are the {@link LoadOption}s' ids), so a run reads like the command line that would run it; {@code defaults} apply to every run that does
 * not say otherwise (maps merge by name, load options field by field; the defaults' workload
 * parameters only to runs of the defaults' workload):
 *
 * <pre>
 * name: seed-002
 * source: 002_e1fff1900da395c2.txt
 * scale: 1 s of delay becomes 100 ms
 * description: reactive vs imperative with about 1 s of delay
 * compare: interleaved        # optional: compare the runs under the same load interleaved, each in its own JVM
 * defaults:
 *   workload: date
 *   workload-params: {delayMillis: 100}
 *   load: {concurrency: 300, duration: 20s, warmup: 5s, no-keep-alive: true}
 * runs:
 *   - label: webflux-netty
 *     approach: webflux-netty
 *   - label: platform-tomcat-open-2500rps
 *     approach: platform-tomcat
 *     load: {rate: 2500, connections: 1000}
 * </pre>
 *
 * Unknown keys are errors (a misspelt {@code duraton} must not silently run for the default 30 s).
 */
public final class ScenarioYaml {

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private static final Set<String> SCENARIO_KEYS =
            Set.of("name", "source", "description", "scale", "compare", "defaults", "runs");
    private static final Set<String> DEFAULTS_KEYS =
            Set.of("approach", "workload", "workload-params", "server-properties", "mix", "load", "upstream", "app");
    private static final Set<String> RUN_KEYS = Set.of(
            "label",
            "note",
            "approach",
            "workload",
            "workload-params",
            "server-properties",
            "mix",
            "load",
            "upstream",
            "app");
    /** {@code app:} as a mapping; as a single value it is the jar's path. */
    private static final Set<String> APP_KEYS =
            Set.of("jar", "class", "process", "ready", "ready-timeout", "web-server", "jvm-options");

    private static final Set<String> UPSTREAM_KEYS = Set.of("approach", "delayMillis");
    private static final Set<String> LOAD_KEYS =
            Arrays.stream(LoadOption.values()).map(LoadOption::id).collect(Collectors.toSet());

    private ScenarioYaml() {}

    /**
     * @param source        the file's name, for messages
     * @param bodyDirectory where request bodies named in {@code mix} are read from
     * @throws InvalidScenario naming the file, the run and the field
     */
    public static Scenario parse(String text, String source, Path bodyDirectory) {
        JsonNode root;
        try {
            root = YAML.readTree(text);
        } catch (JacksonException e) {
            throw InvalidScenario.of(
                    source,
                    null,
                    null,
                    "not valid YAML: "
                            + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
        if (root == null || !root.isObject()) {
            throw InvalidScenario.of(
                    source,
                    null,
                    null,
                    "a scenario file is a YAML mapping with name, description, source, scale, defaults and runs");
        }
        try {
            checkKeys(root, SCENARIO_KEYS, "");
            JsonNode defaults = root.path("defaults");
            if (!defaults.isMissingNode()) {
                object(defaults, "defaults");
                checkKeys(defaults, DEFAULTS_KEYS, "defaults.");
            }
            JsonNode runs = root.path("runs");
            if (!runs.isArray()) {
                throw new InvalidScenario.Field("runs", "missing: a list of runs, each with a label and an approach");
            }
            var parsed = new ArrayList<ScenarioRun>();
            int index = 0;
            for (JsonNode run : runs.values()) {
                parsed.add(run(run, defaults, bodyDirectory, source, index++));
            }
            return new Scenario(
                    text(root, "name"),
                    text(root, "description"),
                    text(root, "source"),
                    text(root, "scale"),
                    parsed,
                    interleaved(root));
        } catch (InvalidScenario.Field e) {
            throw e.in(source, null);
        }
    }

    private static ScenarioRun run(JsonNode run, JsonNode defaults, Path bodyDirectory, String source, int index) {
        String position = "runs[" + index + "]";
        if (!run.isObject()) {
            throw InvalidScenario.of(
                    source, null, position, "a run is a mapping with label, approach, workload, ..., load");
        }
        String label = run.path("label").isString() ? run.path("label").stringValue() : position;
        try {
            checkKeys(run, RUN_KEYS, "");
            if (run.path("label").isMissingNode()) {
                throw new InvalidScenario.Field("label", "missing");
            }
            // A run's approach or app replaces the defaults' approach or app, whichever the defaults give.
            boolean ownTarget = run.has("approach") || run.has("app");
            AppSpec app = app(ownTarget ? run.path("app") : defaults.path("app"), bodyDirectory);
            String approach = ownTarget ? text(run, "approach") : text(defaults, "approach");
            String workload = app != null ? null : text(run, "workload", text(defaults, "workload"));
            // The defaults' parameters are for the defaults' workload: a run of another workload does not inherit them.
            String defaultWorkload = text(defaults, "workload");
            var params = app == null && (defaultWorkload == null || defaultWorkload.equals(workload))
                    ? strings(defaults, "workload-params")
                    : new LinkedHashMap<String, String>();
            params.putAll(strings(run, "workload-params"));
            var properties = strings(defaults, "server-properties");
            properties.putAll(strings(run, "server-properties"));
            List<String> mix = run.has("mix") ? list(run, "mix") : list(defaults, "mix");
            LoadOptions load = load(defaults.path("load"), "load").overriddenBy(load(run.path("load"), "load"));
            return new ScenarioRun(
                    text(run, "label"),
                    text(run, "note"),
                    approach == null ? null : named("approach", () -> Approach.fromId(approach)),
                    app != null
                            ? null
                            : named(
                                    "workload",
                                    () -> Workload.fromId(workload == null ? Workload.DATE.id() : workload)),
                    params,
                    properties,
                    mix,
                    bodyDirectory,
                    load,
                    app != null
                            ? null
                            : upstream(run.has("upstream") ? run.path("upstream") : defaults.path("upstream")),
                    app);
        } catch (InvalidScenario.Field e) {
            throw e.in(source, label);
        } catch (LoadOptions.InvalidOption e) {
            throw InvalidScenario.Field.ofLoad(e).in(source, label);
        }
    }

    /**
     * {@code app: target/my-service.jar}, or {@code app: {jar: ..., process: true, ready: /actuator/health, ready-timeout: 60s,
     * web-server: jetty, jvm-options: [-Xmx512m]}} ({@code class: NAME} instead of {@code jar} for a main class on the class
     * path); a jar's path is relative to the scenario file. Missing: none.
     */
    private static AppSpec app(JsonNode node, Path bodyDirectory) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        try {
            if (node.isValueNode()) {
                return AppSpec.of(new AppSource.ExecutableJar(bodyDirectory.resolve(node.asString())));
            }
            object(node, "app");
            checkKeys(node, APP_KEYS, "app.");
            String jar = text(node, "jar");
            String mainClass = text(node, "class");
            if ((jar == null) == (mainClass == null)) {
                throw new InvalidScenario.Field(
                        "app",
                        "give jar (an executable jar) or class (a main class on the class path), not "
                                + (jar == null ? "neither" : "both"));
            }
            AppSpec spec = AppSpec.of(
                            jar != null
                                    ? new AppSource.ExecutableJar(bodyDirectory.resolve(jar))
                                    : new AppSource.MainClass(mainClass))
                    .withSeparateProcess(Boolean.TRUE.equals(bool(node, "process", "app")), list(node, "jvm-options"))
                    .withReadyPath(text(node, "ready"));
            String timeout = text(node, "ready-timeout");
            if (timeout != null) {
                spec = spec.withReadyTimeout(named("app.ready-timeout", () -> Durations.parse(timeout)));
            }
            String server = text(node, "web-server");
            return server == null ? spec : spec.withWebServer(named("app.web-server", () -> WebServer.fromId(server)));
        } catch (InvalidScenario.Field e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidScenario.Field("app", e.getMessage());
        }
    }

    /**
     * {@code upstream: {approach: webflux-netty, delayMillis: 20}}, or as on the command line {@code webflux-netty:20};
     * {@code self} (a run's, whatever the defaults say) or missing: none.
     */
    private static UpstreamService upstream(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        try {
            if (node.isValueNode()) {
                return UpstreamService.parseUnlessSelf(node.asString()).orElse(null);
            }
            object(node, "upstream");
            checkKeys(node, UPSTREAM_KEYS, "upstream.");
            String approach = text(node, "approach");
            if (approach == null) {
                throw new InvalidScenario.Field(
                        "upstream.approach",
                        "missing; one of "
                                + UpstreamService.APPROACHES.stream()
                                        .map(Approach::id)
                                        .toList());
            }
            Integer delay = integer(node, "delayMillis", "upstream");
            return new UpstreamService(Approach.fromId(approach), delay == null ? 0 : delay);
        } catch (InvalidScenario.Field e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidScenario.Field("upstream", e.getMessage());
        }
    }

    private static LoadOptions load(JsonNode load, String path) {
        if (load.isMissingNode()) {
            return LoadOptions.NONE;
        }
        object(load, path);
        checkKeys(load, LOAD_KEYS, path + ".");
        var options = LoadOptions.builder();
        for (LoadOption option : LoadOption.values()) {
            if (option.kind().readsText()) {
                options.parse(
                        option,
                        scalar(load, option.id(), path)); // read here, once: a bad one names the file, run and key
            } else {
                options.set(option, value(load, option, path));
            }
        }
        return options.build();
    }

    /** The option's value as its kind reads from YAML, or null when missing or null. */
    private static Object value(JsonNode load, LoadOption option, String path) {
        return switch (option.kind()) {
            case INT -> integer(load, option.id(), path);
            case LONG -> longInteger(load, option.id(), path);
            case NUMBER -> number(load, option.id(), path);
            case FLAG -> bool(load, option.id(), path);
            case HEADERS -> headers(load, option.id(), path);
            case DURATION, WARMUP, THINK_TIME, STAGES -> throw new IllegalStateException(option + " is read from text");
        };
    }

    /** Headers as a mapping ({@code {Authorization: Bearer abc}}), each written back as {@code Name: value}; null when missing. */
    private static List<String> headers(JsonNode load, String key, String path) {
        JsonNode node = load.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new InvalidScenario.Field(
                    path + "." + key, "must be a mapping of header names to values, e.g. {Authorization: Bearer abc}");
        }
        var headers = new ArrayList<String>();
        for (var header : node.properties()) {
            if (!header.getValue().isValueNode() || header.getValue().isNull()) {
                throw new InvalidScenario.Field(path + "." + key + "." + header.getKey(), "must be a single value");
            }
            headers.add(header.getKey() + ": " + header.getValue().asString());
        }
        return List.copyOf(headers);
    }

    private static void checkKeys(JsonNode node, Set<String> known, String prefix) {
        for (String key : node.propertyNames()) {
            if (!known.contains(key)) {
                throw new InvalidScenario.Field(
                        prefix + key,
                        "unknown key; known: "
                                + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    private static void object(JsonNode node, String path) {
        if (!node.isObject()) {
            throw new InvalidScenario.Field(path, "must be a mapping of names to values");
        }
    }

    private static String text(JsonNode parent, String key) {
        return text(parent, key, null);
    }

    /** {@code compare: interleaved} or {@code compare: sequential} (the default). */
    private static boolean interleaved(JsonNode root) {
        String compare = text(root, "compare", "sequential");
        return switch (compare) {
            case "interleaved" -> true;
            case "sequential" -> false;
            default ->
                throw new InvalidScenario.Field(
                        "compare",
                        "'" + compare + "': expected interleaved (each group of runs under the same "
                                + "load compared in rounds, each run in its own JVM) or sequential (the runs one after another, the default)");
        };
    }

    private static String text(JsonNode parent, String key, String fallback) {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return fallback;
        }
        if (!node.isValueNode()) {
            throw new InvalidScenario.Field(
                    key,
                    "must be a single value, got a " + node.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return node.asString();
    }

    private static String scalar(JsonNode parent, String key, String path) {
        try {
            return text(parent, key, null);
        } catch (InvalidScenario.Field e) {
            throw new InvalidScenario.Field(path + "." + key, e.getMessage());
        }
    }

    private static Integer integer(JsonNode parent, String key, String path) {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw new InvalidScenario.Field(path + "." + key, "must be a whole number, got '" + node.asString() + "'");
        }
        return node.intValue();
    }

    private static Long longInteger(JsonNode parent, String key, String path) {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new InvalidScenario.Field(path + "." + key, "must be a whole number, got '" + node.asString() + "'");
        }
        return node.longValue();
    }

    private static Double number(JsonNode parent, String key, String path) {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isNumber()) {
            throw new InvalidScenario.Field(path + "." + key, "must be a number, got '" + node.asString() + "'");
        }
        return node.doubleValue();
    }

    private static Boolean bool(JsonNode parent, String key, String path) {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (!node.isBoolean()) {
            throw new InvalidScenario.Field(path + "." + key, "must be true or false, got '" + node.asString() + "'");
        }
        return node.booleanValue();
    }

    private static Map<String, String> strings(JsonNode parent, String key) {
        JsonNode node = parent.path(key);
        var map = new LinkedHashMap<String, String>();
        if (node.isMissingNode() || node.isNull()) {
            return map;
        }
        object(node, key);
        for (var entry : node.properties()) {
            if (!entry.getValue().isValueNode() || entry.getValue().isNull()) {
                throw new InvalidScenario.Field(key + "." + entry.getKey(), "must be a single value");
            }
            map.put(entry.getKey(), entry.getValue().asString());
        }
        return map;
    }

    private static List<String> list(JsonNode parent, String key) {
        JsonNode node = parent.path(key);
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new InvalidScenario.Field(key, "must be a list of WEIGHT:METHOD:PATH[:@BODY_FILE]");
        }
        return node.values().stream().map(JsonNode::asString).toList();
    }

    private static <T> T named(String field, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new InvalidScenario.Field(field, e.getMessage());
        }
    }
}
