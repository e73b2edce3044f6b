package dev.stackbench.core.compare.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The schedule a plan chooses from its question: together for CPU per request, in turns for anything else. */
@ChecksBehaviour
class ScheduleTest {

    @Test
    void aPlanOnCpuPerRequestRunsTogetherAndOneOnThroughputOrLatencyInTurns() {
        assertThat(Schedule.planned(List.of(Metric.CPU_PER_REQUEST))).isEqualTo(Schedule.TOGETHER);
        assertThat(Schedule.planned(List.of(Metric.SERVER_CPU_PER_REQUEST, Metric.CPU_PER_REQUEST)))
                .isEqualTo(Schedule.TOGETHER);
        // Requests/s or latency together are each under the others' load: another question than the user's.
        assertThat(Schedule.planned(List.of(Metric.RPS))).isEqualTo(Schedule.TURNS);
        assertThat(Schedule.planned(List.of(Metric.CPU_PER_REQUEST, Metric.RPS)))
                .isEqualTo(Schedule.TURNS);
        assertThat(Schedule.planned(List.of(Metric.P50, Metric.P99))).isEqualTo(Schedule.TURNS);
    }
}
