package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.analysis.TrialValues;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * comparison.json keeps the durations it wrote as text ({@code "1s"}) while the code holds {@link Duration}s: a file
 * written before reads, and a comparison writes the same text as before. Likewise a trial's values are keyed by metric
 * id ({@code "rps"}) while the code keys them by {@link Metric}.
 */
@ChecksBehaviour
class ComparisonJsonTest {

    /** The design and load of a comparison.json as compare wrote them when the trial's re-warm was a string. */
    private static final String WRITTEN_BEFORE = """
            {
              "design" : { "minRounds" : 5, "maxRounds" : 30, "timeLimit" : "PT20M", "trialWarmup" : "1s",
                           "rehearsals" : 10, "forks" : 1, "schedule" : "TURNS", "confidence" : 0.95,
                           "equivalenceMargin" : 0.02, "deciding" : [ "rps" ], "seed" : 7 },
              "load" : { "description" : "closed: 20 users, 5s", "window" : "5s", "trialWarmup" : "500ms",
                         "options" : { }, "requests" : [ ] }
            }
            """;

    record Part(Design design, ComparisonResult.Load load) {}

    @Test
    void aComparisonWrittenBeforeReadsItsDurations() {
        Part part = ResultFiles.json().readValue(WRITTEN_BEFORE, Part.class);

        assertThat(part.design().trialWarmup()).isEqualTo(Duration.ofSeconds(1));
        assertThat(part.design().timeLimit()).isEqualTo(Duration.ofMinutes(20));
        assertThat(part.load().window()).isEqualTo(Duration.ofSeconds(5));
        assertThat(part.load().trialWarmup()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void durationsAreWrittenAsTheCommandLineWritesThem() {
        var design = new Design(
                5,
                30,
                Design.TIME_LIMIT,
                Design.TRIAL_WARMUP,
                10,
                1,
                Schedule.TURNS,
                0.95,
                0.02,
                List.of(Metric.RPS),
                7);
        var load = new ComparisonResult.Load("closed: 20 users, 5s", Design.WINDOW, Duration.ofMillis(500), null, null);

        String json = ResultFiles.json().writeValueAsString(new Part(design, load));

        assertThat(json)
                .contains("\"trialWarmup\" : \"1s\"", "\"window\" : \"5s\"", "\"trialWarmup\" : \"500ms\"")
                .contains("\"timeLimit\" : \"PT20M\"");
        assertThat(ResultFiles.json().readValue(json, Part.class)).isEqualTo(new Part(design, load));
    }

    /** The ids comparison.json has always keyed a trial's values by, as the files written so far hold them. */
    @Test
    void aTrialsValuesAreWrittenByMetricIdAndReadBack() {
        var byMetric = new EnumMap<Metric, Double>(Metric.class);
        Design.METRICS.forEach(metric -> byMetric.put(metric, (double) byMetric.size() + 1));
        var values = new TrialValues(byMetric);

        String json = ResultFiles.json().writeValueAsString(values);

        assertThat(ResultFiles.json().readTree(json).propertyNames())
                .containsExactlyInAnyOrderElementsOf(
                        Design.METRICS.stream().map(Metric::id).toList())
                .contains("rps", "cpuPerRequest");
        assertThat(ResultFiles.json().readValue(json, TrialValues.class)).isEqualTo(values);
    }
}
