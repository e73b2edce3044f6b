package dev.stackbench.core.load;

import dev.stackbench.core.vocabulary.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A piecewise-linear level over time (users, or requests per second), from offset 0 to
 * {@link #endNanos()}. The one description of "how much load when" that both the sender and the
 * recorder use.
 */
public final class Ramp {

    /** Linear from {@code from} at {@code startNanos} to {@code to} at {@code endNanos}. */
    record Segment(long startNanos, long endNanos, double from, double to) {
        double valueAt(long offsetNanos) {
            if (endNanos == startNanos) {
                return to;
            }
            return from + (to - from) * (offsetNanos - startNanos) / (endNanos - startNanos);
        }

        double seconds() {
            return (endNanos - startNanos) / 1e9;
        }
    }

    private final List<Segment> segments;

    private Ramp(List<Segment> segments) {
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("a ramp needs at least one stage");
        }
        this.segments = List.copyOf(segments);
    }

    public static Ramp constant(double level, Duration duration) {
        return new Ramp(List.of(new Segment(0, duration.toNanos(), level, level)));
    }

    /** Stages from level 0, each going linearly to its target over its duration. */
    public static Ramp of(List<Stage> stages) {
        var segments = new ArrayList<Segment>();
        long start = 0;
        double level = 0;
        for (Stage stage : stages) {
            long end = start + stage.duration().toNanos();
            segments.add(new Segment(start, end, level, stage.target()));
            start = end;
            level = stage.target();
        }
        return new Ramp(segments);
    }

    List<Segment> segments() {
        return segments;
    }

    public long endNanos() {
        return segments.getLast().endNanos();
    }

    /** The level at an offset; the last segment's end level after the end. */
    public double levelAt(long offsetNanos) {
        for (Segment segment : segments) {
            if (offsetNanos < segment.endNanos()) {
                return offsetNanos < segment.startNanos() ? segment.from() : segment.valueAt(offsetNanos);
            }
        }
        return segments.getLast().to();
    }

    /** Whether the level holds still from one offset to another: no slope and no step in between. */
    public boolean constantBetween(long fromNanos, long toNanos) {
        double level = levelAt(fromNanos);
        for (Segment segment : segments) {
            boolean overlaps = segment.startNanos() < toNanos && segment.endNanos() > fromNanos;
            boolean stepsInside = segment.startNanos() == segment.endNanos()
                    && segment.startNanos() > fromNanos
                    && segment.startNanos() < toNanos;
            if ((overlaps || stepsInside) && (segment.from() != level || segment.to() != level)) {
                return false;
            }
        }
        return true;
    }

    public double maxLevel() {
        return segments.stream()
                .mapToDouble(s -> Math.max(s.from(), s.to()))
                .max()
                .orElse(0);
    }
}
