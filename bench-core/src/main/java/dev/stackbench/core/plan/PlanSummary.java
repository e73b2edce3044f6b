package dev.stackbench.core.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The plan as the command line prints it before spending it: what the pilot measured, what a JVM and a trial cost, and
 * the plan's line. The entry point for a {@code --detect} option: the caller runs the pilot (a few JVMs per variant, a
 * few trials each) and passes its values; nothing here measures.
 *
 * <pre>{@code
 * String text = PlanSummary.of("cpuPerRequest", Map.of("base", baseByJvm, "head", headByJvm),
 *         new Costs(Duration.ofSeconds(75), Duration.ofSeconds(10)), Question.detect(0.03));
 * // Pilot:        cpuPerRequest, 2 variants, 3 JVMs each, 2 trials per JVM: JVMs differ by 3.0%, trials within a JVM by 2.0%
 * // Costs:        a JVM 75 s (start and warm-up), a trial 10 s
 * // Plan:         to tell 3% apart at 95% with 90% power: 28 JVMs per variant, 2 trials each, about 89 minutes
 * }</pre>
 */
public final class PlanSummary {

    private PlanSummary() {}

    /**
     * @param metric         the metric the pilot measured, as the command line names it
     * @param pilotByVariant each variant's pilot values, [jvm][trial], all positive; the components are pooled over the
     *                       variants, and the plan is for as many variants as the pilot had
     * @throws IllegalArgumentException naming a variant whose pilot cannot be used, or a budget too small
     */
    public static String of(String metric, Map<String, double[][]> pilotByVariant, Costs costs, Question question) {
        return of(metric, pilotByVariant, costs, question, List.of());
    }

    /**
     * As {@link #of(String, Map, Costs, Question)}, the plan made from the pilot's components pooled with {@code
     * earlier} pilots' of the same kind on the same machine ({@link VarianceComponents#pooledWith}), in a line of their
     * own when there are some.
     */
    public static String of(
            String metric,
            Map<String, double[][]> pilotByVariant,
            Costs costs,
            Question question,
            List<VarianceComponents> earlier) {
        if (pilotByVariant.size() < 2) {
            throw new IllegalArgumentException(
                    "a plan needs the pilot of at least 2 variants, got " + pilotByVariant.keySet());
        }
        var components = new ArrayList<VarianceComponents>();
        pilotByVariant.forEach((label, byJvm) -> {
            try {
                components.add(VarianceComponents.of(byJvm));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the pilot of " + label + ": " + e.getMessage(), e);
            }
        });
        VarianceComponents pooled = VarianceComponents.pooled(components);
        VarianceComponents planning = pooled.pooledWith(earlier);
        Question asked = question.withVariants(pilotByVariant.size());
        return String.format(
                        Locale.ROOT,
                        "Pilot:        %s, %d variants, %d JVMs each, %d trials per JVM: %s%n",
                        metric,
                        pilotByVariant.size(),
                        components.getFirst().jvms(),
                        components.getFirst().trialsPerJvm(),
                        spreads(pooled))
                + (earlier.isEmpty()
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "With earlier: this pilot and this machine's last %d of its kind pooled, which the plan"
                                        + " follows: %s%n",
                                earlier.size(),
                                spreads(planning)))
                + text(costs, Planner.plan(planning, costs, asked));
    }

    /** From known components: the costs and the plan's lines. */
    public static String of(VarianceComponents components, Costs costs, Question question) {
        return String.format(Locale.ROOT, "Components:   %s%n", spreads(components))
                + text(costs, Planner.plan(components, costs, question));
    }

    private static String text(Costs costs, Plan plan) {
        return String.format(
                Locale.ROOT,
                "Costs:        a JVM %s (start and warm-up), a trial %s%nPlan:         %s%n",
                Plan.about(costs.perJvm()),
                Plan.about(costs.perTrial()),
                plan.describe());
    }

    /** The components as the relative standard deviations they mean: "JVMs differ by 1.4%, trials within a JVM by 0.6%". */
    public static String spreads(VarianceComponents components) {
        return String.format(
                Locale.ROOT,
                "JVMs differ by %.1f%%, trials within a JVM by %.1f%%",
                100 * Math.expm1(Math.sqrt(components.betweenJvm())),
                100 * Math.expm1(Math.sqrt(components.withinJvm())));
    }
}
