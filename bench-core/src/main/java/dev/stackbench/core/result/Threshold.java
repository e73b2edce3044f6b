package dev.stackbench.core.result;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail condition on a result, as k6 writes them: {@code p99<250ms}, {@code p50<=20ms},
 * {@code errors<1%}, {@code errors==0}, {@code rps>1000}. Latency statistics are min, mean, p50,
 * p75, p90, p95, p99, p999, p9999, max with a unit (us, ms, s).
 */
public record Threshold(String text, String metric, String operator, double limit) {

    private static final Pattern FORM = Pattern.compile(
            "\\s*(min|mean|p50|p75|p90|p95|p99|p999|p9999|max|rps|errors)\\s*(<=|>=|==|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(us|ms|s|%)?\\s*");

    /** @throws IllegalArgumentException naming the text when it is not a threshold */
    public static Threshold parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("threshold '" + text + "' is not METRIC OP VALUE, e.g. p99<250ms, errors<1%, rps>1000");
        }
        String metric = m.group(1);
        double value = Double.parseDouble(m.group(3));
        String unit = m.group(4);
        boolean latency = !metric.equals("rps") && !metric.equals("errors");
        if (latency && (unit == null || unit.equals("%"))) {
            throw new IllegalArgumentException("threshold '" + text + "' needs a time unit (us, ms or s)");
        }
        if (!latency && unit != null && !unit.equals("%")) {
            throw new IllegalArgumentException("threshold '" + text + "': " + metric + " takes a plain number" + (metric.equals("errors") ? " or a percentage" : ""));
        }
        if (metric.equals("rps") && unit != null) {
            throw new IllegalArgumentException("threshold '" + text + "': rps takes a plain number");
        }
        double limit = latency ? switch (unit) {
            case "us" -> value / 1000;
            case "s" -> value * 1000;
            default -> value;
        } : value;
        String normalized = metric.equals("errors") && "%".equals(unit) ? "errorRate" : metric;
        return new Threshold(text.trim(), normalized, m.group(2), limit);
    }

    /** Empty when it holds; otherwise a sentence saying what was measured. */
    public Optional<String> crossedBy(RunResult result) {
        long total = result.requests().ok() + result.requests().errors();
        Double actual = switch (metric) {
            case "rps" -> result.rps();
            case "errors" -> (double) result.requests().errors();
            case "errorRate" -> total == 0 ? null : 100.0 * result.requests().errors() / total;
            default -> result.latencyMs().byName(metric);
        };
        if (actual == null || actual.isNaN()) {
            return Optional.of("threshold " + text + " could not be checked: no " + metric + " was measured");
        }
        boolean holds = switch (operator) {
            case "<" -> actual < limit;
            case "<=" -> actual <= limit;
            case ">" -> actual > limit;
            case ">=" -> actual >= limit;
            default -> actual == limit;
        };
        if (holds) {
            return Optional.empty();
        }
        String measured = switch (metric) {
            case "rps" -> String.format(Locale.ROOT, "%.2f requests/s", actual);
            case "errors" -> String.format(Locale.ROOT, "%.0f errors", actual);
            case "errorRate" -> String.format(Locale.ROOT, "%.3f%% errors", actual);
            default -> Summary.ms(actual) + " ms";
        };
        return Optional.of("threshold " + text + " crossed: " + (metric.equals("errorRate") ? "errors" : metric) + " was " + measured);
    }
}
