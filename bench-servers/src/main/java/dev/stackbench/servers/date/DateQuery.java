package dev.stackbench.servers.date;

import dev.stackbench.servers.dispatch.InvalidParameterException;
import java.util.function.Function;

/**
 * The parameters of {@code GET /date}.
 *
 * @param delayMillis how long the bottom of the call chain waits
 * @param callDepth   how many nested HTTP calls to /date come before the wait
 * @param burnMicros  CPU the server spends on the request before it answers ({@link CpuBurn}), at the bottom of the chain
 */
public record DateQuery(int delayMillis, int callDepth, int burnMicros) {

    static final int MAX_DELAY_MILLIS = 600_000;
    static final int MAX_CALL_DEPTH = 32;

    /** @throws InvalidParameterException naming the parameter and the bad value */
    public static DateQuery parse(Function<String, String> parameter) {
        return new DateQuery(
                InvalidParameterException.intParameter(
                        "delayMillis", parameter.apply("delayMillis"), 0, 0, MAX_DELAY_MILLIS),
                InvalidParameterException.intParameter("callDepth", parameter.apply("callDepth"), 0, 0, MAX_CALL_DEPTH),
                0);
    }

    /**
     * This query with what the server adds at the bottom of the chain only: a delay (stackbench.date.added-delay-millis)
     * and CPU spent before the answer (stackbench.date.burn-micros).
     */
    public DateQuery withServerCosts(int addedDelayMillis, int addedBurnMicros) {
        return (addedDelayMillis == 0 && addedBurnMicros == 0) || callDepth > 0
                ? this
                : new DateQuery(delayMillis + addedDelayMillis, callDepth, burnMicros + addedBurnMicros);
    }

    /** The request one level down the chain. */
    String nestedPathAndQuery() {
        return "date?delayMillis=" + delayMillis + "&callDepth=" + (callDepth - 1);
    }
}
