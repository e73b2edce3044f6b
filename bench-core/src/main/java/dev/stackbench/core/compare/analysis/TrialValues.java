package dev.stackbench.core.compare.analysis;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.RunResult;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's values of the metrics a comparison analyses, by metric; a metric the trial did not measure is absent.
 * comparison.json writes them by metric id ({@code {"rps": 5123.4, "p50": 1.2, ...}}), as it always has.
 */
public record TrialValues(Map<Metric, Double> byMetric) {

    public TrialValues {
        var copy = new EnumMap<Metric, Double>(Metric.class);
        copy.putAll(byMetric);
        byMetric = Collections.unmodifiableMap(copy);
    }

    /** The values of {@code metrics} in {@code result}, those it measured. */
    public static TrialValues of(RunResult result, List<Metric> metrics) {
        var values = new EnumMap<Metric, Double>(Metric.class);
        for (Metric metric : metrics) {
            Double value = metric.of(result);
            if (value != null) {
                values.put(metric, value);
            }
        }
        return new TrialValues(values);
    }

    /** The metric's value; NaN when the trial did not measure it. */
    public double get(Metric metric) {
        return byMetric.getOrDefault(metric, Double.NaN);
    }

    /** As comparison.json has them: by metric id. */
    @JsonValue
    public Map<String, Double> byId() {
        var byId = new LinkedHashMap<String, Double>();
        byMetric.forEach((metric, value) -> byId.put(metric.id(), value));
        return byId;
    }

    /** @throws IllegalArgumentException naming an id that is no metric's */
    @JsonCreator
    public static TrialValues fromIds(Map<String, Double> byId) {
        var values = new EnumMap<Metric, Double>(Metric.class);
        byId.forEach((id, value) -> values.put(Metric.fromId(id), value));
        return new TrialValues(values);
    }
}
