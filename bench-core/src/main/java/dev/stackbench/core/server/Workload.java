package dev.stackbench.core.server;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.stream.Collectors;

/** What a request does. Every approach serves every workload. */
public enum Workload {
    DATE(
            "date",
            "GET /date?delayMillis=D&callDepth=K: the date as text, after K nested HTTP calls to itself and a D ms wait"),
    MOVIES(
            "movies",
            "GET /movies?director=NAME and POST /movies over a database, with a Caffeine cache in front of reads"),
    CRUD("crud", "contacts: POST, GET by id, GET a page, PUT and DELETE /contacts, persisted for real");

    private final String id;
    private final String description;

    Workload(String id, String description) {
        this.id = id;
        this.description = description;
    }

    @JsonValue
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** @throws IllegalArgumentException naming the bad value and the valid ones */
    @JsonCreator
    public static Workload fromId(String id) {
        for (Workload workload : values()) {
            if (workload.id.equals(id)) {
                return workload;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + id + "'; expected one of: " + ids());
    }

    public static String ids() {
        return Arrays.stream(values()).map(Workload::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
