package dev.stackbench.core.plan;

import dev.stackbench.core.vocabulary.Durations;
import java.time.Duration;
import java.util.ArrayList;

/**
 * What the user wants to know, from which a design is planned: the smallest relative difference worth knowing
 * ({@code --detect 3%}), how sure a declared difference must be (confidence, over all pairs), how likely a difference
 * that large must be found (power), how many variants are compared, and optionally how long it may take.
 *
 * <pre>{@code
 * Question question = Question.detect(0.03);                        // 3%, 95% confidence, 90% power, 2 variants
 * Question budgeted = question.withBudget(Duration.ofMinutes(5));   // ... and what 5 minutes resolve
 * }</pre>
 *
 * @param detect     the smallest relative difference worth knowing: 0.03 for a ratio of 1.03
 * @param confidence the chance that no declared difference is false, over all pairs ({@link #CONFIDENCE})
 * @param power      the chance of declaring a difference of {@code detect} when there is one ({@link #POWER})
 * @param variants   how many variants are compared, each in JVMs of its own ({@link #VARIANTS})
 * @param budget     at most this much wall time for JVMs and trials together; null for none
 * @param together   whether each round measures one JVM of every variant at the same time: the analysis then compares a
 *                   pair JVM by JVM, as measured together, with {@code J - 1} degrees of freedom for J JVMs per variant;
 *                   in turns, with those of the variant-plus-generation model, {@code k J - k - G + 1}
 */
public record Question(
        double detect, double confidence, double power, int variants, Duration budget, boolean together) {

    public static final double CONFIDENCE = 0.95;
    public static final double POWER = 0.90;
    public static final int VARIANTS = 2;

    /** A question for rounds in turns. */
    public Question(double detect, double confidence, double power, int variants, Duration budget) {
        this(detect, confidence, power, variants, budget, false);
    }

    /** @throws IllegalArgumentException naming every bad value at once */
    public Question {
        var errors = new ArrayList<String>();
        if (!(detect > 0 && detect < 1)) {
            errors.add("the difference to detect must be between 0 and 1 (0.03 for 3%), got " + detect);
        }
        if (!(confidence > 0 && confidence < 1)) {
            errors.add("the confidence must be between 0 and 1 (e.g. 0.95), got " + confidence);
        }
        if (!(power > 0 && power < 1)) {
            errors.add("the power must be between 0 and 1 (e.g. 0.9), got " + power);
        }
        if (confidence > 0 && confidence < 1 && power > 0 && power < 1 && power <= 1 - confidence) {
            errors.add("the power (" + power + ") must exceed the false-alarm rate 1 - confidence ("
                    + (1 - confidence) + "): a test that finds a difference no more often than it finds one where none"
                    + " is tells nothing");
        }
        if (variants < 2) {
            errors.add("a comparison needs at least 2 variants, got " + variants);
        }
        if (budget != null && !budget.isPositive()) {
            errors.add("the time budget must be positive, got " + Durations.format(budget));
        }
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", errors));
        }
    }

    /** {@code detect} at the default confidence and power, two variants, no budget. */
    public static Question detect(double detect) {
        return new Question(detect, CONFIDENCE, POWER, VARIANTS, null);
    }

    public Question withConfidence(double confidence) {
        return new Question(detect, confidence, power, variants, budget, together);
    }

    public Question withPower(double power) {
        return new Question(detect, confidence, power, variants, budget, together);
    }

    public Question withVariants(int variants) {
        return new Question(detect, confidence, power, variants, budget, together);
    }

    public Question withBudget(Duration budget) {
        return new Question(detect, confidence, power, variants, budget, together);
    }

    public Question withTogether(boolean measuredTogether) {
        return new Question(detect, confidence, power, variants, budget, measuredTogether);
    }

    /** How many pairs the variants make: the confidence is shared among them. */
    public int pairs() {
        return variants * (variants - 1) / 2;
    }
}
