package dev.stackbench.core.vocabulary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How load was offered, the closed set results distinguish: its {@link #id()} is what result.json
 * writes as {@code profile.model} and what JMH's {@code -p model=} takes.
 *
 * <pre>{@code
 * boolean open = result.profile().model() == LoadModel.OPEN;
 * }</pre>
 */
public enum LoadModel {
    /** Users send, wait for the response, think, and send again: latency runs from the send. */
    CLOSED("closed"),
    /** Requests are due at fixed times whatever the server does: latency runs from the intended start. */
    OPEN("open");

    private final String id;

    LoadModel(String id) {
        this.id = id;
    }

    /** The name in results and on command lines: {@code closed} or {@code open}. */
    @JsonValue
    public String id() {
        return id;
    }

    /** @throws IllegalArgumentException naming the bad value and the valid ones */
    @JsonCreator
    public static LoadModel fromId(String id) {
        for (LoadModel model : values()) {
            if (model.id.equals(id)) {
                return model;
            }
        }
        throw new IllegalArgumentException(
                "model must be " + Arrays.stream(values()).map(LoadModel::id).collect(Collectors.joining(" or "))
                        + ", got '" + id + "'");
    }

    @Override
    public String toString() {
        return id;
    }
}
