package dev.stackbench.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

@ChecksBehaviour
class PlanSummaryTest {

    private static final Costs COSTS = new Costs(Duration.ofSeconds(75), Duration.ofSeconds(10));

    @Test
    void itPrintsThePilotTheCostsAndThePlan() {
        var pilot = new LinkedHashMap<String, double[][]>();
        pilot.put("base", new double[][] {{40.0, 40.4}, {42.0, 41.6}, {39.0, 39.2}});
        pilot.put("head", new double[][] {{41.0, 41.2}, {39.5, 39.9}, {42.5, 42.1}});
        Plan plan = Planner.plan(
                VarianceComponents.pooled(java.util.List.of(
                        VarianceComponents.of(pilot.get("base")), VarianceComponents.of(pilot.get("head")))),
                COSTS,
                Question.detect(0.03));

        String text = PlanSummary.of("cpuPerRequest", pilot, COSTS, Question.detect(0.03));

        assertThat(text.lines())
                .hasSize(3)
                .satisfiesExactly(
                        pilot0 -> assertThat(pilot0)
                                .startsWith("Pilot:        cpuPerRequest, 2 variants, 3 JVMs each, 2 trials per JVM: "
                                        + "JVMs differ by "),
                        costs -> assertThat(costs)
                                .isEqualTo("Costs:        a JVM 75 s (start and warm-up), a trial 10 s"),
                        line -> assertThat(line).isEqualTo("Plan:         " + plan.describe()));
        // JVMs of this pilot differ much more than their trials: few trials per JVM
        assertThat(plan.trialsPerJvm()).isEqualTo(1);
    }

    @Test
    void knownComponentsPrintAsTheSpreadsTheyMean() {
        String text = PlanSummary.of(
                VarianceComponents.known(Math.log1p(0.03) * Math.log1p(0.03), Math.log1p(0.02) * Math.log1p(0.02)),
                COSTS,
                Question.detect(0.03).withBudget(Duration.ofMinutes(20)));

        assertThat(text.lines().toList())
                .first()
                .isEqualTo("Components:   JVMs differ by 3.0%, trials within a JVM by 2.0%");
        assertThat(text).contains("Plan:         in the budget of 20 minutes: ");
    }

    @Test
    void aPilotThatCannotBeUsedIsNamed() {
        Map<String, double[][]> pilot =
                Map.of("base", new double[][] {{40.0, 41.0}, {42.0, 41.0}}, "head", new double[][] {{40.0}, {41.0}});
        assertThatThrownBy(() -> PlanSummary.of("rps", pilot, COSTS, Question.detect(0.05)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "the pilot of head: a pilot needs at least 2 trials per JVM to see what trials differ by, got 1");
        assertThatThrownBy(() -> PlanSummary.of("rps", Map.of("base", pilot.get("base")), COSTS, Question.detect(0.05)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a plan needs the pilot of at least 2 variants, got [base]");
    }
}
