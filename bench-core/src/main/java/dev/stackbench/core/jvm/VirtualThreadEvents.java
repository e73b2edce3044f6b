package dev.stackbench.core.jvm;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Virtual threads started and ended, and pinning, as JFR reports them (jdk.VirtualThreadStart,
 * jdk.VirtualThreadEnd, jdk.VirtualThreadPinned; all exist from JDK 21 on), streamed in-process with a
 * {@link RecordingStream}. Works on any JDK 21+; the JDK 24+ VirtualThreadSchedulerMXBean counts only
 * mounted threads, not the parked ones a sleeping server holds.
 *
 * <p>JFR delivers events about once a second, so counts are kept by the time the event happened
 * (in {@value #BUCKET_MILLIS} ms buckets) and read with {@link #count} once the stream has caught up
 * ({@link #awaitDeliveredUntil}): an interval's count never depends on when JFR flushed.
 *
 * <p>Pinning is recorded at any duration (threshold 0, JFR's default is 20 ms), because one blocking
 * call pinned to its carrier is worth knowing about. Up to {@value #MAX_PINNED_EXAMPLES} distinct
 * frames where it happened are kept as examples.
 */
final class VirtualThreadEvents implements AutoCloseable {

    static final String START = "jdk.VirtualThreadStart";
    static final String END = "jdk.VirtualThreadEnd";
    static final String PINNED = "jdk.VirtualThreadPinned";

    private static final long BUCKET_MILLIS = 10;
    private static final int MAX_PINNED_EXAMPLES = 3;
    private static final int MAX_PINNED_RECORDS = 1000;

    private record PinnedAt(long epochMillis, String frame) {}

    private static final Duration FLUSH_WAIT = Duration.ofSeconds(5);

    /** Counts of the events in [fromEpochMillis, toEpochMillis). */
    record Counts(long started, long ended, long pinned, long pinnedNanos) {
        static final Counts NONE = new Counts(0, 0, 0, 0);
    }

    private final RecordingStream stream;
    /** bucket (epoch millis / BUCKET_MILLIS) to {started, ended, pinned, pinnedNanos}. */
    private final TreeMap<Long, long[]> buckets = new TreeMap<>();
    /** Where pinning happened, with when: the first {@value #MAX_PINNED_RECORDS} pinned events. */
    private final List<PinnedAt> pinnedAt = new ArrayList<>();

    private volatile long deliveredUntilEpochMillis;

    private VirtualThreadEvents(RecordingStream stream) {
        this.stream = stream;
    }

    /** Starts streaming; empty, with the reason, if JFR is not available in this JVM. */
    static Result start() {
        try {
            var stream = new RecordingStream();
            var events = new VirtualThreadEvents(stream);
            stream.enable(START).withoutStackTrace();
            stream.enable(END).withoutStackTrace();
            stream.enable(PINNED).withThreshold(Duration.ZERO).withStackTrace();
            stream.onEvent(START, event -> events.add(event, 0, 0));
            stream.onEvent(END, event -> events.add(event, 1, 0));
            stream.onEvent(PINNED, event -> events.addPinned(event));
            long startedAt = System.currentTimeMillis();
            // Each flush has delivered every event committed before it.
            stream.onFlush(() -> {
                events.deliveredUntilEpochMillis = System.currentTimeMillis();
            });
            stream.startAsync();
            events.deliveredUntilEpochMillis = startedAt;
            return new Result(Optional.of(events), null);
        } catch (RuntimeException | LinkageError e) {
            return new Result(
                    Optional.empty(), "JFR is not available (" + e + "): no virtual-thread or pinning counts");
        }
    }

    record Result(Optional<VirtualThreadEvents> events, String unavailableReason) {}

    /** Waits (bounded) until JFR has delivered the events up to {@code epochMillis}; false if it did not in time. */
    boolean awaitDeliveredUntil(long epochMillis) {
        long deadline = System.nanoTime() + FLUSH_WAIT.toNanos();
        while (deliveredUntilEpochMillis <= epochMillis) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    synchronized Counts count(long fromEpochMillis, long toEpochMillis) {
        long[] sum = new long[4];
        // Buckets are BUCKET_MILLIS wide: an event lands in the interval its bucket starts in.
        for (long[] bucket : buckets.subMap(
                        Math.floorDiv(fromEpochMillis, BUCKET_MILLIS), Math.floorDiv(toEpochMillis, BUCKET_MILLIS))
                .values()) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += bucket[i];
            }
        }
        return new Counts(sum[0], sum[1], sum[2], sum[3]);
    }

    /** Up to {@value #MAX_PINNED_EXAMPLES} distinct frames where pinning happened in [fromEpochMillis, toEpochMillis). */
    synchronized List<String> pinnedExamples(long fromEpochMillis, long toEpochMillis) {
        Set<String> frames = new LinkedHashSet<>();
        for (PinnedAt pinned : pinnedAt) {
            if (pinned.epochMillis() >= fromEpochMillis
                    && pinned.epochMillis() < toEpochMillis
                    && frames.size() < MAX_PINNED_EXAMPLES) {
                frames.add(pinned.frame());
            }
        }
        return new ArrayList<>(frames);
    }

    private synchronized void add(RecordedEvent event, int index, long nanos) {
        long[] bucket = buckets.computeIfAbsent(
                Math.floorDiv(epochMillis(event.getStartTime()), BUCKET_MILLIS), key -> new long[4]);
        bucket[index]++;
        bucket[3] += nanos;
    }

    private void addPinned(RecordedEvent event) {
        add(event, 2, event.getDuration().toNanos());
        if (event.getStackTrace() != null) {
            synchronized (this) {
                if (pinnedAt.size() < MAX_PINNED_RECORDS) {
                    pinnedAt.add(new PinnedAt(
                            epochMillis(event.getStartTime()),
                            firstApplicationFrame(event.getStackTrace().getFrames())));
                }
            }
        }
    }

    /** The first frame outside the JDK's own packages: where the application blocked while pinned. */
    private static String firstApplicationFrame(List<RecordedFrame> frames) {
        for (RecordedFrame frame : frames) {
            String type = frame.getMethod().getType().getName();
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
                return type + "." + frame.getMethod().getName()
                        + (frame.getLineNumber() > 0 ? ":" + frame.getLineNumber() : "");
            }
        }
        return frames.isEmpty()
                ? "(no stack trace)"
                : frames.getFirst().getMethod().getType().getName() + "."
                        + frames.getFirst().getMethod().getName();
    }

    private static long epochMillis(Instant instant) {
        return instant.toEpochMilli();
    }

    @Override
    public void close() {
        stream.close();
    }
}
