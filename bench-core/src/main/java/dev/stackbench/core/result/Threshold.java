package dev.stackbench.core.result;

import dev.stackbench.core.vocabulary.Numbers;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A pass/fail condition on one result, as k6 writes them: {@code p99<250ms}, {@code p50<=20ms},
 * {@code errors<1%}, {@code errors==0}, {@code rps>1000}. The metric is one of {@link #METRICS}, named
 * as everywhere else ({@link Metric}); latency statistics take a unit (us, ms, s), errors a count or a
 * percentage of finished requests, rps a plain number. {@code p99{name=post-movies}<250ms} holds the
 * requests of one request name to it, as k6's tagged thresholds do. Or one of the generator's own verdicts, a
 * {@link Condition} that must hold: {@code rate-reached}, {@code generator-not-saturated}.
 *
 * @param metric            what is compared; null for a condition
 * @param request           the request name it is restricted to; null for every request of the run
 * @param percentOfRequests errors as a percentage of finished requests ({@code errors<1%}) rather than a count
 * @param limit             in the metric's unit (latency in ms, whatever unit was written)
 * @param condition         a verdict that must hold; null for a comparison of a metric
 */
public record Threshold(
        String text,
        Metric metric,
        String request,
        boolean percentOfRequests,
        Operator operator,
        double limit,
        Condition condition) {

    /** Verdicts of {@link GeneratorWatch}, named as k6 asks for them (k6 issue 2837: {@code rate-reached}). */
    public enum Condition {
        /** Open model: the rate sent was within {@link GeneratorWatch#RATE_TOLERANCE_PERCENT} of the rate asked for. */
        RATE_REACHED("rate-reached"),
        /** The generator's loops and lag stayed within {@link GeneratorWatch}'s limits. */
        GENERATOR_NOT_SATURATED("generator-not-saturated");

        private final String id;

        Condition(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        /** Whether it held; null when the result cannot tell (no generator verdict, or no rate asked for). */
        Boolean holds(RunResult result) {
            var generator = result.generator();
            if (generator == null) {
                return null;
            }
            return switch (this) {
                case RATE_REACHED -> generator.rateReached();
                case GENERATOR_NOT_SATURATED -> !generator.saturated();
            };
        }
    }

    /** The metrics a threshold can name: every latency statistic, rps and errors. */
    public static final Set<Metric> METRICS = EnumSet.of(
            Metric.MIN,
            Metric.MEAN,
            Metric.P50,
            Metric.P75,
            Metric.P90,
            Metric.P95,
            Metric.P99,
            Metric.P999,
            Metric.P9999,
            Metric.MAX,
            Metric.RPS,
            Metric.ERRORS);

    private static final Pattern FORM =
            Pattern.compile("\\s*(" + METRICS.stream().map(Metric::id).collect(Collectors.joining("|"))
                    + ")(?:\\{name=([^{}=\\s]+)})?\\s*(<=|>=|==|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(us|ms|s|%)?\\s*");

    /** The comparison, as written. */
    public enum Operator {
        LESS("<"),
        AT_MOST("<="),
        GREATER(">"),
        AT_LEAST(">="),
        EQUAL("==");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        static Operator of(String symbol) {
            return Arrays.stream(values())
                    .filter(operator -> operator.symbol.equals(symbol))
                    .findFirst()
                    .orElseThrow();
        }

        boolean holds(double actual, double limit) {
            return switch (this) {
                case LESS -> actual < limit;
                case AT_MOST -> actual <= limit;
                case GREATER -> actual > limit;
                case AT_LEAST -> actual >= limit;
                case EQUAL -> actual == limit;
            };
        }

        @Override
        public String toString() {
            return symbol;
        }
    }

    /** @throws IllegalArgumentException naming the text when it is not a threshold */
    public static Threshold parse(String text) {
        for (Condition condition : Condition.values()) {
            if (condition.id().equals(text.trim())) {
                return new Threshold(text.trim(), null, null, false, null, Double.NaN, condition);
            }
        }
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("threshold '" + text
                    + "' is not METRIC[{name=REQUEST}] OP VALUE, e.g. p99<250ms, errors<1%, rps>1000,"
                    + " p99{name=post-movies}<250ms, nor one of "
                    + Arrays.stream(Condition.values()).map(Condition::id).collect(Collectors.joining(", ")));
        }
        Metric metric = Metric.fromId(m.group(1));
        String request = m.group(2);
        double value = Double.parseDouble(m.group(4));
        String unit = m.group(5);
        if (metric.isLatency() && (unit == null || unit.equals("%"))) {
            throw new IllegalArgumentException("threshold '" + text + "' needs a time unit (us, ms or s)");
        }
        if (!metric.isLatency() && unit != null && !(metric == Metric.ERRORS && unit.equals("%"))) {
            throw new IllegalArgumentException("threshold '" + text + "': " + metric + " takes a plain number"
                    + (metric == Metric.ERRORS ? " or a percentage" : ""));
        }
        double limit = metric.isLatency()
                ? switch (unit) {
                    case "us" -> value / 1000;
                    case "s" -> value * 1000;
                    default -> value;
                }
                : value;
        return new Threshold(text.trim(), metric, request, "%".equals(unit), Operator.of(m.group(3)), limit, null);
    }

    /** Empty when it holds; otherwise a sentence saying what was measured, or why it could not be checked (which fails too). */
    public Optional<String> crossedBy(RunResult result) {
        if (condition != null) {
            Boolean held = condition.holds(result);
            if (held == null) {
                return Optional.of("threshold " + text + " could not be checked: "
                        + (result.generator() == null
                                ? "the result has no generator verdict (written before stackbench watched its generator, or no measured window)"
                                : "the closed model asks for no rate (" + text + " needs --rate or rate stages)"));
            }
            return held
                    ? Optional.empty()
                    : Optional.of("threshold " + text + " crossed: " + GeneratorWatch.describe(result.generator()));
        }
        long ok;
        long errors;
        Double value;
        if (request == null) {
            ok = result.requests().ok();
            errors = result.requests().errors();
            value = metric.of(result);
        } else {
            var stats = result.request(request);
            if (stats.isEmpty()) {
                String names = result.byRequest() == null
                        ? "none counted"
                        : result.byRequest().stream()
                                .map(RunResult.RequestStats::name)
                                .collect(Collectors.joining(", "));
                return Optional.of("threshold " + text + " could not be checked: no requests named '" + request
                        + "' in the run (its names: " + names + ")");
            }
            ok = stats.get().ok();
            errors = stats.get().errors();
            value = metric.of(stats.get());
        }
        Double actual;
        if (percentOfRequests) {
            actual = ok + errors == 0 ? null : 100.0 * errors / (ok + errors);
        } else {
            actual = value;
        }
        if (actual == null) {
            return Optional.of(
                    "threshold " + text + " could not be checked: no " + metric + (percentOfRequests ? " rate" : "")
                            + " was measured" + (request == null ? "" : " for the requests named '" + request + "'"));
        }
        if (operator.holds(actual, limit)) {
            return Optional.empty();
        }
        String measured = percentOfRequests
                ? String.format(Locale.ROOT, "%.3f%% errors", actual)
                : switch (metric) {
                    case RPS -> String.format(Locale.ROOT, "%.2f requests/s", actual);
                    case ERRORS -> String.format(Locale.ROOT, "%.0f errors", actual);
                    default -> Numbers.millis(actual) + " ms";
                };
        return Optional.of("threshold " + text + " crossed: " + metric
                + (request == null ? "" : " of the requests named '" + request + "'") + " was " + measured);
    }
}
