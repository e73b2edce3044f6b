package dev.stackbench.core.gate;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.stats.Bootstrap;
import dev.stackbench.core.vocabulary.Percent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The rules of a gate: {@link #defaults()} without a rules file, else a YAML or JSON file, version
 * {@value #SCHEMA}:
 *
 * <pre>{@code
 * schema: stackbench.gate-rules/1
 * rules:
 *   - {target: "*", metric: p99, baseline: {increase: 15%, plusMillis: 2}}   # relative to the baseline
 *   - {target: "*", metric: rps, baseline: {decrease: 15%}}
 *   - {target: "*", metric: errors, baseline: no-new-errors}
 *   - {target: "*", metric: errors, max: 0}                                 # absolute: only for errors
 *   - {target: loom-netty/date, metric: p99, ratio: {of: webflux-netty/date, atMost: 1.3}}
 *   - {target: loom-tomcat/date, metric: rps, ratio: {of: platform-tomcat/date, atLeast: 3}}
 *   - {target: platform-tomcat/date, metric: rps, bound: {concurrency: 8, delayMillis: 100, within: 10%}}
 *   - {target: platform-tomcat/date, metric: rps, bound: {within: 10%}}     # the bound the result implies
 *   - {target: "*", metric: p99, request: post-movies, baseline: {increase: 15%}}   # one request name only
 * }</pre>
 *
 * Target {@code "*"} is every target (in both sides for baseline rules). Each rule has exactly one of
 * {@code baseline}, {@code ratio}, {@code bound} and {@code max}.
 */
public final class GateRules {

    public static final String SCHEMA = "stackbench.gate-rules/1";

    /** Default relative growth allowed for p50 and p99, and fall allowed for rps. */
    public static final int DEFAULT_CHANGE_PERCENT = 15;
    /** Added to the latency limit: a 2 ms wobble is not a regression, however small the baseline. */
    public static final int DEFAULT_PLUS_MILLIS = 2;
    /** The default rules in words (for help texts; {@code %%} as picocli's descriptions are format strings). */
    public static final String DEFAULTS_IN_WORDS = "p50 and p99 at most +" + DEFAULT_CHANGE_PERCENT + "%% +"
            + DEFAULT_PLUS_MILLIS + " ms, rps at most -" + DEFAULT_CHANGE_PERCENT + "%%, no new errors";

    private static final Set<String> RULE_FIELDS =
            Set.of("target", "metric", "request", "baseline", "ratio", "bound", "max");
    private static final String NO_NEW_ERRORS = "no-new-errors";

    private GateRules() {}

    /** {@value #DEFAULTS_IN_WORDS}: for every target in both results. */
    public static List<GateRule> defaults() {
        return List.of(
                new GateRule.BaselineLimit(
                        GateRule.ALL_TARGETS, Metric.P50, DEFAULT_CHANGE_PERCENT / 100.0, DEFAULT_PLUS_MILLIS),
                new GateRule.BaselineLimit(
                        GateRule.ALL_TARGETS, Metric.P99, DEFAULT_CHANGE_PERCENT / 100.0, DEFAULT_PLUS_MILLIS),
                new GateRule.BaselineLimit(GateRule.ALL_TARGETS, Metric.RPS, DEFAULT_CHANGE_PERCENT / 100.0, 0),
                new GateRule.NoNewErrors(GateRule.ALL_TARGETS));
    }

    public static List<GateRule> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new GateInputException(file + ": no such rules file");
        }
        JsonNode root;
        try {
            // YAML is a superset of JSON, so one reader serves both.
            root = YAMLMapper.builder().build().readTree(file.toFile());
        } catch (JacksonException e) {
            throw new GateInputException(file + ": not YAML or JSON (" + e.getOriginalMessage() + ")", e);
        }
        if (root == null || !root.isObject()) {
            throw new GateInputException(file + ": expected a mapping with 'schema' and 'rules'");
        }
        String schema = root.path("schema").asString(null);
        if (!SCHEMA.equals(schema)) {
            throw new GateInputException(file + ": schema '" + schema + "' is not " + SCHEMA);
        }
        JsonNode rules = root.path("rules");
        if (!rules.isArray() || rules.isEmpty()) {
            throw new GateInputException(file + ": 'rules' must be a non-empty list");
        }
        var parsed = new ArrayList<GateRule>();
        for (int i = 0; i < rules.size(); i++) {
            try {
                parsed.add(rule(rules.get(i)));
            } catch (IllegalArgumentException e) {
                throw new GateInputException(file + ": rule " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(parsed);
    }

    private static GateRule rule(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected a mapping, got " + node);
        }
        for (String field : node.propertyNames()) {
            if (!RULE_FIELDS.contains(field)) {
                throw new IllegalArgumentException(
                        "unknown field '" + field + "' (known: target, metric, request, baseline, ratio, bound, max)");
            }
        }
        String target = requiredText(node, "target");
        Metric metric = metric(requiredText(node, "metric"));
        var kinds = new ArrayList<String>();
        for (String kind : List.of("baseline", "ratio", "bound", "max")) {
            if (node.has(kind)) {
                kinds.add(kind);
            }
        }
        if (kinds.size() != 1) {
            throw new IllegalArgumentException(
                    "give exactly one of baseline, ratio, bound and max" + (kinds.isEmpty() ? "" : ", not " + kinds));
        }
        JsonNode spec = node.get(kinds.getFirst());
        GateRule rule = switch (kinds.getFirst()) {
            case "baseline" -> baseline(target, metric, spec);
            case "ratio" -> ratio(target, metric, spec);
            case "bound" -> bound(target, metric, spec);
            default -> max(target, metric, spec);
        };
        return node.has("request") ? new GateRule.ForRequest(rule, requiredText(node, "request")) : rule;
    }

    private static GateRule baseline(String target, Metric metric, JsonNode spec) {
        if (metric == Metric.ERRORS) {
            if (!NO_NEW_ERRORS.equals(spec.asString(null))) {
                throw new IllegalArgumentException(
                        "errors against the baseline: write 'baseline: " + NO_NEW_ERRORS + "'");
            }
            return new GateRule.NoNewErrors(target);
        }
        if (metric.smallerIsBetter()) {
            only(spec, "baseline", "increase", "plusMillis");
            return new GateRule.BaselineLimit(
                    target, metric, percent(spec, "increase"), spec.has("plusMillis") ? number(spec, "plusMillis") : 0);
        }
        only(spec, "baseline", "decrease");
        return new GateRule.BaselineLimit(target, metric, percent(spec, "decrease"), 0);
    }

    private static GateRule ratio(String target, Metric metric, JsonNode spec) {
        if (metric == Metric.ERRORS) {
            throw new IllegalArgumentException("errors have no ratio; use max or baseline: " + NO_NEW_ERRORS);
        }
        only(spec, "ratio", "of", "atMost", "atLeast");
        String other = requiredText(spec, "of");
        if (other.equals(target) || GateRule.ALL_TARGETS.equals(other)) {
            throw new IllegalArgumentException("a ratio needs another target in 'of', not '" + other + "'");
        }
        if (spec.has("atMost") == spec.has("atLeast")) {
            throw new IllegalArgumentException("a ratio needs exactly one of atMost and atLeast");
        }
        boolean upper = spec.has("atMost");
        return new GateRule.RatioLimit(target, metric, other, number(spec, upper ? "atMost" : "atLeast"), upper);
    }

    private static GateRule bound(String target, Metric metric, JsonNode spec) {
        if (metric != Metric.RPS) {
            throw new IllegalArgumentException("a bound (concurrency / delay) applies to rps, not " + metric);
        }
        only(spec, "bound", "concurrency", "delayMillis", "within");
        if (!spec.has("concurrency") && !spec.has("delayMillis")) {
            return new GateRule.ResultBound(target, percent(spec, "within"));
        }
        return new GateRule.StatedBound(
                target, (int) number(spec, "concurrency"), number(spec, "delayMillis"), percent(spec, "within"));
    }

    private static GateRule max(String target, Metric metric, JsonNode spec) {
        if (metric != Metric.ERRORS) {
            throw new IllegalArgumentException("absolute limits are for errors only: an absolute " + metric
                    + " limit flakes on a shared machine; use a baseline, a ratio or a bound");
        }
        if (!spec.isIntegralNumber() || spec.asLong() < 0) {
            throw new IllegalArgumentException("max must be a count of errors (0 or more), not " + spec);
        }
        return new GateRule.MaxErrors(target, spec.asLong());
    }

    /** A metric of the shared vocabulary that the gate's bootstrap estimates. */
    private static Metric metric(String id) {
        Metric metric = Metric.byId(id)
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown metric '" + id + "'; known: " + Metric.ids(Bootstrap.METRICS.toArray(Metric[]::new))));
        if (!Bootstrap.METRICS.contains(metric)) {
            throw new IllegalArgumentException(
                    "a gate checks " + Metric.ids(Bootstrap.METRICS.toArray(Metric[]::new)) + ", not " + id);
        }
        return metric;
    }

    private static void only(JsonNode spec, String kind, String... allowed) {
        if (!spec.isObject()) {
            throw new IllegalArgumentException(kind + " must be a mapping with " + String.join(", ", allowed));
        }
        for (String field : spec.propertyNames()) {
            if (!List.of(allowed).contains(field)) {
                throw new IllegalArgumentException(
                        "unknown field '" + kind + "." + field + "' (known here: " + String.join(", ", allowed) + ")");
            }
        }
    }

    /** A percentage written as "15%", returned as a fraction. */
    private static double percent(JsonNode spec, String field) {
        JsonNode value = spec.get(field);
        String text = value == null ? null : value.asString(null);
        if (text == null || !text.strip().endsWith("%")) {
            throw new IllegalArgumentException(field + " is a percentage such as 15%, not " + value);
        }
        double fraction = Percent.fraction(text, Percent.Bare.PERCENT).orElse(Double.NaN);
        if (!(fraction >= 0)) {
            throw new IllegalArgumentException(field + " is a percentage of 0% or more, not '" + text + "'");
        }
        return fraction;
    }

    private static double number(JsonNode spec, String field) {
        JsonNode value = spec.get(field);
        if (value == null || !value.isNumber()) {
            throw new IllegalArgumentException(field + " must be a number, not " + value);
        }
        return value.asDouble();
    }

    private static String requiredText(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isString() || value.asString().isBlank()) {
            throw new IllegalArgumentException("'" + field + "' is missing");
        }
        return value.asString();
    }
}
