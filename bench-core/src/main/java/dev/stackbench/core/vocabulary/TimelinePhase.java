package dev.stackbench.core.vocabulary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The part of a run a timeline interval lies in, as result.json's {@code timeline[].phase} and the live progress
 * write it. An interval lies in exactly one.
 */
public enum TimelinePhase {
    /** Run and discarded before the measured window. */
    WARMUP("warmup"),
    /** The measured window. */
    MEASURED("measured"),
    /** After the window, until every measured request has an outcome (or the response timeout strikes). */
    DRAIN("drain");

    private final String id;

    TimelinePhase(String id) {
        this.id = id;
    }

    /** As written: {@code warmup}, {@code measured}, {@code drain}. */
    @JsonValue
    public String id() {
        return id;
    }

    /** @throws IllegalArgumentException naming the bad value and the valid ones */
    @JsonCreator
    public static TimelinePhase fromId(String id) {
        return Arrays.stream(values())
                .filter(phase -> phase.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("timeline phase must be one of "
                        + Arrays.stream(values()).map(TimelinePhase::id).collect(Collectors.joining(", ")) + ", got '"
                        + id + "'"));
    }

    @Override
    public String toString() {
        return id;
    }
}
