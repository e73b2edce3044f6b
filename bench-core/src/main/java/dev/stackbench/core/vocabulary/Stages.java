package dev.stackbench.core.vocabulary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * k6-style ramps as people write them: {@code 30s:100,1m:100,10s:0} (users) or {@code 30s:500/s,1m:500/s}
 * (requests per second). Read once, where the text comes in (the command line, a scenario file, result.json), and
 * written back the same way.
 *
 * <pre>{@code
 * Stages spike = Stages.parse("24s:4000,6s:0");
 * spike.length();                     // 30 s
 * spike.scaled(0.1).toString();       // "2400ms:4000,600ms:0"
 * }</pre>
 */
public record Stages(Kind kind, List<Stage> stages) {

    /** What every stage of one list targets. */
    public enum Kind {
        /** Virtual users (closed model). */
        USERS,
        /** Requests per second (open model), written with {@code /s}. */
        RATE
    }

    public Stages {
        stages = List.copyOf(stages);
    }

    /** @throws IllegalArgumentException naming the bad piece */
    @JsonCreator
    public static Stages parse(String text) {
        var stages = new ArrayList<Stage>();
        Kind kind = null;
        for (String piece : text.split(",")) {
            String[] parts = piece.trim().split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException(
                        "stage '" + piece.trim() + "' is not DURATION:TARGET (e.g. 30s:100 or 30s:500/s)");
            }
            boolean rate = parts[1].endsWith("/s");
            Kind pieceKind = rate ? Kind.RATE : Kind.USERS;
            if (kind != null && kind != pieceKind) {
                throw new IllegalArgumentException("stages mix users and rates ('" + piece.trim()
                        + "'); use N for users or N/s for rates throughout");
            }
            kind = pieceKind;
            String number = rate ? parts[1].substring(0, parts[1].length() - 2) : parts[1];
            double target;
            try {
                target = Double.parseDouble(number);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("stage '" + piece.trim() + "' has no numeric target");
            }
            if (kind == Kind.USERS && target != Math.rint(target)) {
                throw new IllegalArgumentException("stage '" + piece.trim() + "' targets a fraction of a user");
            }
            stages.add(new Stage(Durations.parse(parts[0]), target));
        }
        return new Stages(kind, stages);
    }

    /** Users following {@code stages}. */
    public static Stages users(List<Stage> stages) {
        return new Stages(Kind.USERS, stages);
    }

    /** A rate following {@code stages}. */
    public static Stages rate(List<Stage> stages) {
        return new Stages(Kind.RATE, stages);
    }

    /** The stages' durations added up. */
    public Duration length() {
        return stages.stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus);
    }

    /** Every stage {@code factor} times as long: the same shape over another length. */
    public Stages scaled(double factor) {
        return new Stages(
                kind, stages.stream().map(stage -> stage.scaled(factor)).toList());
    }

    @JsonValue
    @Override
    public String toString() {
        String unit = kind == Kind.RATE ? "/s" : "";
        return stages.stream().map(stage -> stage + unit).collect(Collectors.joining(","));
    }
}
