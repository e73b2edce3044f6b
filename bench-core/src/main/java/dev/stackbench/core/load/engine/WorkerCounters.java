package dev.stackbench.core.load.engine;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One worker's counters: written only by its event-loop thread (plain read, release write, no
 * read-modify-write contention), read by the reporter with acquire semantics.
 */
final class WorkerCounters {

    static final int SENT = 0;
    static final int FINISHED = 1;
    static final int LATE = 2;
    static final int BYTES_IN = 3;
    static final int BYTES_OUT = 4;
    static final int CONNECTIONS = 5;
    private static final int ERROR_CLASS_BASE = 6;
    private static final int STATUS_BASE = ERROR_CLASS_BASE + ErrorClass.values().length;
    static final int MAX_STATUS = 599;
    static final int SIZE = STATUS_BASE + MAX_STATUS + 1;

    private final AtomicLongArray values = new AtomicLongArray(SIZE);

    void add(int index, long delta) {
        values.setRelease(index, values.getPlain(index) + delta);
    }

    void increment(int index) {
        add(index, 1);
    }

    void error(ErrorClass errorClass) {
        increment(ERROR_CLASS_BASE + errorClass.ordinal());
    }

    void httpError(int status) {
        increment(STATUS_BASE + Math.min(Math.max(status, 0), MAX_STATUS));
    }

    long get(int index) {
        return values.getAcquire(index);
    }

    /** Adds this worker's current values into {@code into}, index by index. */
    void addTo(long[] into) {
        for (int i = 0; i < SIZE; i++) {
            into[i] += values.getAcquire(i);
        }
    }

    static long errorCount(long[] snapshot, ErrorClass errorClass) {
        return snapshot[ERROR_CLASS_BASE + errorClass.ordinal()];
    }

    static long httpErrorCount(long[] snapshot, int status) {
        return snapshot[STATUS_BASE + status];
    }

    static long totalErrors(long[] snapshot) {
        long total = 0;
        for (int i = ERROR_CLASS_BASE; i < SIZE; i++) {
            total += snapshot[i];
        }
        return total;
    }
}
