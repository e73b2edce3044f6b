package dev.stackbench.core.vocabulary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A share of one schedule, dealt round-robin by number: segment {@code index} of {@code count} owns the
 * request numbers (open model) or user numbers (closed model) {@code index, index + count, index + 2 count, ...}.
 * Several generators that each run one segment of the same schedule together send exactly the single
 * generator's requests at exactly their intended starts (k6's execution segments, dealt by number rather
 * than by time, so that a ramp's shape is kept in every segment).
 *
 * <p>A worker's share of a segment is a segment again ({@link #ofWorker}), so the engine deals requests to
 * its event loops the same way whether it runs the whole schedule ({@link #WHOLE}) or a part of it.
 *
 * <pre>{@code
 * Segment agent = new Segment(1, 2);              // the second of two generators: numbers 1, 3, 5, ...
 * Segment loop = agent.ofWorker(0, 2);            // its first event loop of two: numbers 1, 5, 9, ...
 * long first = loop.firstFrom(100);               // 101
 * Segment.parse("1/2");                           // as results and the cluster's messages write it
 * }</pre>
 *
 * @param index which share, 0 to {@code count - 1}
 * @param count how many shares the schedule is dealt into
 */
public record Segment(long index, long count) {

    /** The whole schedule: the single-generator run. */
    public static final Segment WHOLE = new Segment(0, 1);

    public Segment {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException(
                    "segment " + index + " of " + count + " does not exist (0 <= index < count)");
        }
    }

    /** The share of worker {@code worker} of {@code workers} within this segment: every {@code workers}-th of its numbers. */
    public Segment ofWorker(int worker, int workers) {
        return new Segment(index + count * worker, count * workers);
    }

    public boolean owns(long number) {
        return Math.floorMod(number, count) == index;
    }

    /** The first number at or after {@code from} that this segment owns. */
    public long firstFrom(long from) {
        return from + Math.floorMod(index - from, count);
    }

    /** How many of this segment's numbers lie in [{@code from}, {@code to}). */
    public long countIn(long from, long to) {
        return Math.max(0, firstFrom(to) - firstFrom(from)) / count;
    }

    /** This segment's part of {@code total} things dealt round-robin (connections, users, a request budget). */
    public long shareOf(long total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    public boolean isWhole() {
        return count == 1;
    }

    /** As written in results and logs: "1/2" is the second segment of two (numbered from 0, as the requests are). */
    @JsonValue
    @Override
    public String toString() {
        return index + "/" + count;
    }

    /**
     * Reads what {@link #toString()} writes: {@code k/n}.
     *
     * @throws IllegalArgumentException naming the text when it is not a segment
     */
    @JsonCreator
    public static Segment parse(String text) {
        int slash = text.indexOf('/');
        try {
            if (slash > 0) {
                return new Segment(
                        Long.parseLong(text.substring(0, slash).strip()),
                        Long.parseLong(text.substring(slash + 1).strip()));
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException("'" + text + "' is not a segment; write k/n, e.g. 0/2");
    }
}
