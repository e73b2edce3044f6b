package dev.stackbench.servers.date;

import java.util.function.Function;

import dev.stackbench.servers.dispatch.InvalidParameterException;

/**
 * The parameters of {@code GET /date}.
 *
 * @param delayMillis how long the bottom of the call chain waits
 * @param callDepth   how many nested HTTP calls to /date come before the wait
 */
public record DateQuery(int delayMillis, int callDepth) {

    static final int MAX_DELAY_MILLIS = 600_000;
    static final int MAX_CALL_DEPTH = 32;

    /** @throws InvalidParameterException naming the parameter and the bad value */
    public static DateQuery parse(Function<String, String> parameter) {
        return new DateQuery(
                InvalidParameterException.intParameter("delayMillis", parameter.apply("delayMillis"), 0, 0, MAX_DELAY_MILLIS),
                InvalidParameterException.intParameter("callDepth", parameter.apply("callDepth"), 0, 0, MAX_CALL_DEPTH));
    }

    /** This query with a delay the server adds (stackbench.date.added-delay-millis), at the bottom of the chain only. */
    public DateQuery withAddedDelay(int addedDelayMillis) {
        return addedDelayMillis == 0 || callDepth > 0 ? this : new DateQuery(delayMillis + addedDelayMillis, callDepth);
    }

    /** The request one level down the chain. */
    String nestedPathAndQuery() {
        return "date?delayMillis=" + delayMillis + "&callDepth=" + (callDepth - 1);
    }
}
