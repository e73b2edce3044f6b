package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.analysis.TrialValues;
import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The plan --detect prints at the first look, from the comparison's own first rounds. */
@ChecksBehaviour
class PilotPlanTest {

    private static final List<String> TWO = List.of("base", "head");

    private static Design design(int forks) {
        return design(forks, Duration.ofMinutes(20));
    }

    private static Design design(int forks, Duration timeLimit) {
        return new Design(
                3,
                30,
                timeLimit,
                Duration.ofSeconds(1),
                0,
                forks,
                Schedule.TURNS,
                0.95,
                0.03,
                List.of(Metric.CPU_PER_REQUEST),
                1);
    }

    /** Rounds of two variants, each JVM (fork) keeping an offset of {@code jvmSpread} for life, trials {@code trialSpread}. */
    private static PilotPlan pilot(int forks, double jvmSpread, double trialSpread) {
        return pilot(forks, jvmSpread, trialSpread, 0);
    }

    /** As above, the machine's speed moving every round's values alike by {@code roundSpread}. */
    private static PilotPlan pilot(int forks, double jvmSpread, double trialSpread, double roundSpread) {
        return pilot(forks, jvmSpread, trialSpread, roundSpread, new double[] {1, 1});
    }

    /** As above, with as many variants as {@code levels}, each at its level (v1 at levels[0], ...). */
    private static PilotPlan pilot(
            int forks, double jvmSpread, double trialSpread, double roundSpread, double[] levels) {
        var plan = new PilotPlan(0.03, design(forks));
        var random = new Random(7);
        double[][] offsets = new double[levels.length][forks];
        for (double[] variant : offsets) {
            for (int f = 0; f < forks; f++) {
                variant[f] = jvmSpread * random.nextGaussian();
            }
        }
        for (int round = 1; round <= 3; round++) {
            double speed = roundSpread * random.nextGaussian();
            for (int v = 0; v < levels.length; v++) {
                for (int f = 0; f < forks; f++) {
                    double value =
                            40 * levels[v] * Math.exp(speed + offsets[v][f] + trialSpread * random.nextGaussian());
                    plan.trial(
                            round,
                            new ComparisonResult.Trial(
                                    levels.length > 2 ? "v" + (v + 1) : v == 0 ? "base" : "head",
                                    f + 1,
                                    "",
                                    2,
                                    new TrialValues(Map.of(Metric.CPU_PER_REQUEST, value)),
                                    null,
                                    null));
                }
            }
            plan.round(4.0 * forks, levels.length * forks);
        }
        return plan;
    }

    @Test
    void withSeveralJvmsPerVariantItPlansJvmsAndTrialsAndSaysWhatTheTimeLimitResolves() {
        String text = pilot(3, 0.04, 0.01).text();

        assertThat(text)
                .contains("Pilot:        cpuPerRequest, 2 variants, 3 JVMs each, 3 trials per JVM: JVMs differ by ")
                .containsPattern(
                        "Plan: +to tell 3% apart at 95% with 90% power: \\d+ JVMs per variant, \\d+ trials? each")
                .contains("In its time:");
    }

    /**
     * The paired analysis compares values of one round only, so what the machine's speed does between rounds is not
     * what a plan must overcome: a pilot whose rounds moved by 20% while its JVMs differ by 1% plans as one without.
     */
    @Test
    void theMachinesSpeedBetweenRoundsIsNotPlannedFor() {
        String still = pilot(3, 0.01, 0.005, 0).text();
        String moving = pilot(3, 0.01, 0.005, 0.20).text();

        assertThat(jvmsPlanned(moving)).isEqualTo(jvmsPlanned(still));
        assertThat(moving).containsPattern("JVMs differ by [0-2]\\.\\d%");
    }

    /**
     * A pilot whose three JVMs a variant happen to agree (0.0% here, once) plans as if JVMs never differed: the pilot alone,
     * which ended a comparison undecided after 4 min 37 s of its 8. Pooled with this machine's earlier pilots of its kind
     * (JVMs 1.5% apart), the plan asks for the JVMs those say it takes, and says what it was made from.
     */
    @Test
    void earlierPilotsOfItsKindSteadyAPilotOfLuckyJvms() {
        PilotPlan lucky = pilot(3, 0, 0.013);
        lucky.jvmsReady(6 * 35);
        PilotPlan steadied = pilot(3, 0, 0.013);
        steadied.jvmsReady(6 * 35);
        var earlier = java.util.Collections.nCopies(
                5, dev.stackbench.core.plan.VarianceComponents.known(0.015 * 0.015, 0.025 * 0.025));
        steadied.alongside(earlier.stream()
                .map(known ->
                        new dev.stackbench.core.plan.VarianceComponents(known.betweenJvm(), known.withinJvm(), 6, 3))
                .toList());

        var alone = lucky.decide().plan().orElseThrow();
        var pooled = steadied.decide().plan().orElseThrow();

        assertThat(alone.jvmsPerVariant()).isEqualTo(3);
        assertThat(pooled.jvmsPerVariant()).isGreaterThan(alone.jvmsPerVariant());
        assertThat(steadied.text())
                .contains("With earlier: this pilot and this machine's last 5 of its kind pooled, which the plan"
                        + " follows: JVMs differ by 1.");
        assertThat(lucky.text()).doesNotContain("With earlier");
    }

    /** The JVMs per variant of the first plan in {@code text}: the pilot's Plan line, or the up-front plan. */
    private static int jvmsPlanned(String text) {
        var matcher = java.util.regex.Pattern.compile("to tell 3% apart at 95% with 90% power: (\\d+) JVMs")
                .matcher(text);
        assertThat(matcher.find()).as(text).isTrue();
        return Integer.parseInt(matcher.group(1));
    }

    /**
     * Before the time is spent, the plan names the pairs it is unlikely to decide: v1 and v2, 1.5% apart, neither
     * different at 3% nor equivalent within 3% in this time; v3, 30% away from both, is decided in any design.
     */
    @Test
    void itNamesThePairsTheTimeIsUnlikelyToDecide() {
        PilotPlan plan = pilot(3, 0.02, 0.01, 0.05, new double[] {1, 1.015, 1.3});
        plan.jvmsReady(9 * 50); // its 9 JVMs readied in 50 s each, as here
        String text = plan.text();

        assertThat(text)
                .containsPattern(
                        "Unlikely: +1 of 3 pair\\(s\\) have less than an even chance to be decided in this time"
                                + " \\(declared different, or equivalent within 3%\\) at the ratio the pilot saw: v1 and v2"
                                + " \\(1\\.0\\d\\dx, \\d+(\\.\\d)?%\\)\\n");
        // Two alike whose JVMs differ little: equivalent within 3% in this time, which decides them too.
        PilotPlan alike = pilot(3, 0.003, 0.003, 0.05, new double[] {1, 1, 1.3});
        alike.jvmsReady(9 * 50);
        assertThat(alike.text()).doesNotContain("Unlikely:");
        // Two variants far apart: nothing to name.
        PilotPlan apart = pilot(3, 0.02, 0.01, 0.05, new double[] {1, 1.3});
        apart.jvmsReady(6 * 50);
        assertThat(apart.text()).doesNotContain("Unlikely:");
    }

    /**
     * The pilot's components and costs are kept, and the next comparison of the kind plans from them before it spends
     * anything: the same plan as the pilot's own.
     */
    @Test
    void aKeptPilotPlansTheNextComparisonUpFront() {
        PilotPlan measured = pilot(3, 0.04, 0.01);
        var kept = measured.remembered("m-1", "kind", java.time.Instant.parse("2026-11-28T10:55:00Z"))
                .orElseThrow();
        String pilotsOwn = measured.text();

        String upFront = pilot(3, 0.04, 0.01).upFront(List.of(kept), TWO);

        assertThat(upFront)
                .startsWith(
                        "Up front:     from this machine's last pilot of this kind (2026-11-28 10:55 UTC: JVMs differ by ")
                .contains(field(pilotsOwn, "Costs:").replace(" (start and warm-up)", ""))
                .contains(field(pilotsOwn, "Plan:"))
                .contains(field(pilotsOwn, "In its time:"));
        assertThat(pilot(3, 0.04, 0.01).upFront(List.of(), TWO))
                .startsWith("Up front:     no pilot of this kind kept for this machine");
    }

    /** What the line of {@code text} that starts with {@code name} says after it ("Plan:         to tell ..."). */
    private static String field(String text, String name) {
        return text.lines()
                .filter(line -> line.startsWith(name))
                .findFirst()
                .orElseThrow()
                .substring(name.length())
                .strip();
    }

    /** Several kept pilots of the kind are pooled: the plan from them lies between the plans of each. */
    @Test
    void theKeptPilotsOfTheKindArePooled() {
        var at = java.time.Instant.parse("2026-11-28T10:55:00Z");
        var calm = pilot(3, 0.01, 0.01).remembered("m-1", "kind", at).orElseThrow();
        var wild = pilot(3, 0.04, 0.01)
                .remembered("m-1", "kind", at.plusSeconds(600))
                .orElseThrow();

        String pooled = pilot(3, 0.01, 0.01).upFront(List.of(wild, calm), TWO);

        assertThat(pooled)
                .startsWith(
                        "Up front:     from this machine's last 2 pilots of this kind pooled (2026-11-28 10:55 UTC to"
                                + " 2026-11-28 11:05 UTC: JVMs differ by ");
        assertThat(jvmsPlanned(pooled))
                .isGreaterThan(jvmsPlanned(pilot(3, 0.01, 0.01).upFront(List.of(calm), TWO)))
                .isLessThan(jvmsPlanned(pilot(3, 0.01, 0.01).upFront(List.of(wild), TWO)));
    }

    @Test
    void aPilotOfOneJvmPerVariantIsNotKept() {
        assertThat(pilot(1, 0.04, 0.01).remembered("m-1", "kind", java.time.Instant.now()))
                .isEmpty();
    }

    /**
     * A pilot whose JVMs are all the time limit held (eight variants' pilot of 24 JVMs did not fit in 15 minutes; one JVM
     * each did): no plan to follow, but what the rounds left can tell apart, and the pairs they cannot decide. With one
     * JVM per variant what JVMs differ by is unseen, so that is the best case, and said so: v1 and v2, 1% apart in
     * trials of about 5%, are unlikely to be told apart (or shown equivalent within 3%) in 30 rounds; v3, 50% away, is not.
     */
    /**
     * A pilot its time limit held to one JVM per variant of three: v1 and v2 1% apart in trials of about 5%, v3 50% away;
     * its 9 JVMs started in 3 s each, the 3 kept warmed up in 38 s each on average, its trials 4 s.
     */
    private static PilotPlan heldToOneJvmPerVariant() {
        var one = new PilotPlan(0.03, design(1));
        double[][] values = {{40, 42, 38}, {40.4 * 0.95, 40.4, 40.4 * 1.05}, {60, 58.2, 61.8}};
        for (int round = 1; round <= 3; round++) {
            for (int v = 0; v < values.length; v++) {
                one.trial(
                        round,
                        new ComparisonResult.Trial(
                                "v" + (v + 1),
                                1,
                                "",
                                2,
                                new TrialValues(Map.of(Metric.CPU_PER_REQUEST, values[v][round - 1])),
                                null,
                                null));
            }
            one.round(12, 3);
        }
        one.jvmsStarted(3);
        one.servesAlone(30); // the first warm-up's pace; the three kept took 38 s each on average
        one.jvmsReady(9 * 3 + 3 * 38);
        return one;
    }

    @Test
    void aPilotTheTimeLimitLeftAloneSaysWhichPairsItsRoundsCannotDecide() {
        var one = heldToOneJvmPerVariant();

        assertThat(one.decide().plan()).isEmpty();
        assertThat(one.text())
                .contains(
                        "Pilot:        cpuPerRequest, 3 variants, 1 JVM each, 3 trials: trials within a JVM differ by ")
                .contains("Plan:         not made for --detect 3%: the time limit held 1 of the pilot's 3 JVMs per"
                        + " variant, no more; they serve about 30 rounds in all")
                .containsPattern("In its time:  those rounds tell \\d+(\\.\\d)?% apart at 95% with 90% power, even were"
                        + " JVMs of one variant alike\\n")
                .containsPattern("Unlikely: +1 of 3 pair\\(s\\) have less than an even chance to be decided in this"
                        + " time \\(declared different, or equivalent within 3%\\) at the ratio the pilot saw, even"
                        + " were JVMs of one variant alike: v1 and v2 \\(1\\.010x, \\d+(\\.\\d)?%\\)\\n");

        PilotPlan two = pilot(2, 0.02, 0.05, 0.1, new double[] {1, 1.01, 1.5});
        two.servesAlone(38);
        assertThat(two.text())
                .contains("Pilot:        cpuPerRequest, 3 variants, 2 JVMs each, 3 trials per JVM: JVMs differ by ")
                .contains("the time limit held 2 of the pilot's 3 JVMs per variant")
                .containsPattern("In its time:  those rounds tell \\d+(\\.\\d)?% apart at 95% with 90% power\\n")
                .doesNotContain("even were JVMs");
    }

    /**
     * A pilot held smaller is kept, and the next comparison of its kind says up front, before it starts a JVM, what its
     * own time limit holds at that pilot's costs and which pairs it likely leaves undecided: in 5 minutes, 9 starts of
     * 3 s, then one JVM per variant of 38 s each fits with 3 rounds of 4 s trials (3 of 3 JVMs would need 450 s, 2 need
     * 300), and the rest holds 13 rounds in all, (300 - 27 - 3 x 38) / (3 x 4); in 15 minutes a whole pilot fits; in one
     * minute not even one JVM per variant does.
     */
    @Test
    void aPilotHeldSmallerSaysUpFrontWhatTheNextTimeLimitHoldsAndWhichPairsItLikelyLeaves() {
        var kept = heldToOneJvmPerVariant()
                .remembered("m-1", "kind", java.time.Instant.parse("2026-11-28T20:36:00Z"))
                .orElseThrow();
        var labels = List.of("v1", "v2", "v3");

        assertThat(new PilotPlan(0.03, design(3, Duration.ofMinutes(5))).upFront(List.of(kept), labels))
                .startsWith("Up front:     from this machine's last pilot of this kind (2026-11-28 20:36 UTC: a JVM"
                        + " started in 3 s, each it kept was ready 38 s later (its warm-up, its share of stopping the"
                        + " others), a trial 4 s; the time limit held 1 of its 3 JVMs per variant), before this one's"
                        + " own:\n")
                .contains("at those costs, in the budget of 5m a pilot's 3 JVMs per variant and its 3 rounds do not"
                        + " fit: 1 per variant likely will, serving about 13 rounds; those rounds tell ")
                .contains("apart at 95% with 90% power, even were JVMs of one variant alike\n")
                .containsPattern("Unlikely: +1 of 3 pair\\(s\\) have less than an even chance to be decided in this"
                        + " time \\(declared different, or equivalent within 3%\\) at the ratio the last pilot saw,"
                        + " even were JVMs of one variant alike: v1 and v2 \\(1\\.010x, \\d+(\\.\\d)?%\\)\\n");
        // 7 minutes hold 2 JVMs per variant (27 + 6 x 38 + 3 x 6 x 4 = 327 s of 420), serving (420 - 27 - 228) / 24 = 6
        // rounds: compared by their JVMs' means, each of 6 trials; still the best case of a pilot of one JVM a variant.
        assertThat(new PilotPlan(0.03, design(3, Duration.ofMinutes(7))).upFront(List.of(kept), labels))
                .contains("2 per variant likely will, serving about 6 rounds; those rounds tell "
                        + dev.stackbench.core.vocabulary.Percent.format(dev.stackbench.core.plan.Planner.resolution(
                                dev.stackbench.core.plan.VarianceComponents.known(0, kept.withinJvm()),
                                new dev.stackbench.core.plan.Question(
                                        0.03, 0.95, dev.stackbench.core.plan.Question.POWER, 3, null, false),
                                2,
                                6))
                        + " apart at 95% with 90% power, even were JVMs of one variant alike\n");
        assertThat(new PilotPlan(0.03, design(3, Duration.ofMinutes(15))).upFront(List.of(kept), labels))
                .startsWith(
                        "Up front:     the pilots of this kind kept for this machine were held smaller by their time"
                                + " limits, and at their costs this one likely holds a whole pilot: the plan comes from this"
                                + " comparison's pilot");
        assertThat(new PilotPlan(0.03, design(3, Duration.ofMinutes(1))).upFront(List.of(kept), labels))
                .contains("in the budget of 1m not even one JVM per variant fits with a pilot's 3 rounds: give fewer"
                        + " variants, or a --time-limit of at least 3m");
        assertThat(new PilotPlan(0.03, design(3, Duration.ofMinutes(5))).upFront(List.of(kept), List.of("v1", "v4")))
                .as("pairs the last pilot did not measure are not named")
                .doesNotContain("Unlikely:");
        assertThat(new PilotPlan(0.03, design(3, Duration.ofMinutes(5)))
                        .upFront(List.of(kept), List.of("v1", "v2", "v4")))
                .contains("Unlikely:     1 of 1 pair(s) that it measured have less than an even chance");
    }

    @Test
    void withOneJvmPerVariantItSaysWhyItCannotPlan() {
        assertThat(pilot(1, 0.04, 0.01).text())
                .startsWith("Plan:         not made for --detect 3%: with one JVM per variant")
                .contains("give --forks 3 or more");
    }
}
