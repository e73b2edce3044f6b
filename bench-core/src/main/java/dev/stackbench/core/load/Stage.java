package dev.stackbench.core.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One piece of a ramp: over {@code duration}, go linearly from the previous stage's target (0 at
 * the start) to {@code target}. A zero duration jumps, which expresses sharp spikes.
 *
 * @param target users, or requests per second for a rate ramp
 */
public record Stage(Duration duration, double target) {

    public Stage {
        if (duration.isNegative() || !(target >= 0) || Double.isInfinite(target)) {
            throw new IllegalArgumentException("a stage needs a duration >= 0 and a finite target >= 0, got "
                    + duration + ":" + target);
        }
    }

    /** The kind of target all stages of one list share. */
    public enum Kind { USERS, RATE }

    /** Stages parsed from {@code 30s:100,1m:100,10s:0} (users) or {@code 30s:500/s,1m:500/s} (rate). */
    public record Parsed(Kind kind, List<Stage> stages) {
    }

    /** @throws IllegalArgumentException naming the bad piece */
    public static Parsed parse(String text) {
        var stages = new ArrayList<Stage>();
        Kind kind = null;
        for (String piece : text.split(",")) {
            String[] parts = piece.trim().split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException("stage '" + piece.trim() + "' is not DURATION:TARGET (e.g. 30s:100 or 30s:500/s)");
            }
            boolean rate = parts[1].endsWith("/s");
            Kind pieceKind = rate ? Kind.RATE : Kind.USERS;
            if (kind != null && kind != pieceKind) {
                throw new IllegalArgumentException("stages mix users and rates ('" + piece.trim() + "'); use N for users or N/s for rates throughout");
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
        return new Parsed(kind, List.copyOf(stages));
    }

    @Override
    public String toString() {
        return Durations.format(duration) + ":" + (target == Math.rint(target) ? String.valueOf((long) target) : String.valueOf(target));
    }
}
