package dev.stackbench.core.plan;

import java.time.Duration;
import java.util.Locale;

/**
 * A comparison's design, planned from a {@link Question} by the {@link Planner}, with what it costs and what it finds,
 * so that it can be printed before it is spent:
 *
 * <pre>
 * to tell 3% apart at 95% with 90% power: 12 JVMs per variant, 2 trials each, about 7 minutes
 * </pre>
 *
 * @param question       what was asked
 * @param jvmsPerVariant JVMs per variant, each warmed up once
 * @param trialsPerJvm   trials (rounds) per JVM
 * @param expected       the expected wall time of all variants' JVMs and trials, in turns
 * @param power          the chance this design declares a difference of {@code question.detect()}
 * @param resolution     the smallest relative difference this design declares with {@code question.power()}
 * @param limitedBy      what set the number of JVMs
 */
public record Plan(
        Question question,
        int jvmsPerVariant,
        int trialsPerJvm,
        Duration expected,
        double power,
        double resolution,
        Limit limitedBy) {

    /** What set a plan's number of JVMs. */
    public enum Limit {
        /** as many as the power at the difference asked for needs */
        POWER,
        /** the time budget: fewer than the power needs */
        BUDGET,
        /** {@link Planner#MAX_JVMS_PER_VARIANT}: fewer than the power needs */
        MAX_JVMS
    }

    /** Whether this design reaches the power asked for at the difference asked for. */
    public boolean reachesPower() {
        return limitedBy == Limit.POWER;
    }

    /** One line, as the command line prints it before it spends the plan. */
    public String describe() {
        String design = String.format(
                Locale.ROOT,
                "%d JVMs per variant, %d %s each, about %s",
                jvmsPerVariant,
                trialsPerJvm,
                trialsPerJvm == 1 ? "trial" : "trials",
                about(expected));
        String asked = String.format(
                Locale.ROOT,
                "to tell %s apart at %s with %s power",
                percent(question.detect()),
                percent(question.confidence()),
                percent(question.power()));
        return switch (limitedBy) {
            case POWER ->
                asked + ": " + design
                        + (question.budget() == null ? "" : " (within the budget of " + about(question.budget()) + ")");
            case BUDGET ->
                String.format(
                        Locale.ROOT,
                        "in the budget of %s: %s; it tells %s apart at %s with %s power (%s with %s power)",
                        about(question.budget()),
                        design,
                        percent(resolution),
                        percent(question.confidence()),
                        percent(question.power()),
                        percent(question.detect()),
                        percent(power));
            case MAX_JVMS ->
                String.format(
                        Locale.ROOT,
                        "%s needs more than %d JVMs per variant: %s tells %s apart (%s with %s power)",
                        asked,
                        Planner.MAX_JVMS_PER_VARIANT,
                        design,
                        percent(resolution),
                        percent(question.detect()),
                        percent(power));
        };
    }

    @Override
    public String toString() {
        return describe();
    }

    /** 0.03 as "3%", 0.025 as "2.5%", 0.9134 as "91.3%". */
    static String percent(double fraction) {
        return dev.stackbench.core.vocabulary.Percent.format(fraction);
    }

    /** "45 s" under two minutes, "7 minutes" under two hours, else "2 h 10 min". */
    public static String about(Duration duration) {
        long seconds = Math.round(duration.toNanos() / 1e9);
        if (seconds < 120) {
            return seconds + " s";
        }
        long minutes = Math.round(seconds / 60.0);
        if (minutes < 120) {
            return minutes + " minutes";
        }
        return minutes / 60 + " h " + minutes % 60 + " min";
    }
}
