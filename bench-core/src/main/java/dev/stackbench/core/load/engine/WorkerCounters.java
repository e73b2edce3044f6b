package dev.stackbench.core.load.engine;

import dev.stackbench.core.vocabulary.RequestFailure;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One worker's counters: written only by its event-loop thread (plain read, release write, no
 * read-modify-write contention), read by the coordinator with acquire semantics. Request counters
 * come in one bank per {@link Phase}, so a warm-up request finishing in the window never counts there,
 * and one more bank per request name for the measured requests of that name (k6's tagged metrics).
 */
final class WorkerCounters {

    /** Requests whose turn came: due (open model) or started by a user (closed model). */
    static final int SCHEDULED = 0;
    /** Requests written to a socket. */
    static final int SENT = 1;
    /** Requests with an outcome: ok or an error. */
    static final int FINISHED = 2;
    /** Open model: requests that found no free connection at their intended start. */
    static final int LATE = 3;
    /** Requests still queued or in flight when the drain's deadline struck; also counted as timeouts. */
    static final int UNFINISHED = 4;
    /** In a request name's bank: its successes that completed within the measured window, whatever their phase (0 in the phase banks). */
    static final int OK_IN_WINDOW_OF_NAME = 5;

    private static final int ERROR_CLASS_BASE = 6;
    private static final int STATUS_BASE = ERROR_CLASS_BASE + RequestFailure.values().length;
    /**
     * The highest status a response can carry: the status line holds three digits, 100 to 999 (RFC 9110, 15), and a
     * server may answer any of them; each is counted as itself, never folded into another.
     */
    static final int MAX_STATUS = 999;

    /** The lowest: a status below it is no HTTP status, and such a response a protocol error. */
    static final int MIN_STATUS = 100;

    private static final int BANK = STATUS_BASE + MAX_STATUS + 1;

    // Not per phase: what the connections did.
    static final int BYTES_IN = 2 * BANK;
    static final int BYTES_OUT = BYTES_IN + 1;
    static final int CONNECTIONS = BYTES_IN + 2;
    /** Open model, a gauge: requests due and waiting for a free connection now. */
    static final int QUEUED = BYTES_IN + 3;
    /**
     * Responses that completed within the measured window, whatever their phase: successes (the
     * window's throughput) and all (the client's CPU per request). Counted by each worker against the
     * window's own bounds, so the coordinator's lag in closing intervals cannot move them.
     */
    static final int OK_IN_WINDOW = BYTES_IN + 4;

    static final int FINISHED_IN_WINDOW = BYTES_IN + 5;
    /** Requests written within the measured window, whatever their phase: the rate the generator really offered. */
    static final int SENT_IN_WINDOW = BYTES_IN + 6;
    /** Where the request names' banks begin, one {@code BANK} each. */
    private static final int NAMES_BASE = BYTES_IN + 7;

    private final AtomicLongArray values;

    /** @param requestNames how many request names the run's mix has: one bank each */
    WorkerCounters(int requestNames) {
        values = new AtomicLongArray(size(requestNames));
    }

    /** The length of a snapshot for a mix of {@code requestNames} names. */
    static int size(int requestNames) {
        return NAMES_BASE + requestNames * BANK;
    }

    void set(int index, long value) {
        values.setRelease(index, value);
    }

    void add(int index, long delta) {
        values.setRelease(index, values.getPlain(index) + delta);
    }

    void add(Phase phase, int field, long delta) {
        add(phase.ordinal() * BANK + field, delta);
    }

    void increment(Phase phase, int field) {
        add(phase, field, 1);
    }

    /** The field counting {@code errorClass}, for {@link #add(Phase, int, long)}. */
    static int errorField(RequestFailure errorClass) {
        return ERROR_CLASS_BASE + errorClass.ordinal();
    }

    private static int statusField(int status) {
        return STATUS_BASE + status; // 100 to 999: the connections make anything else a protocol error
    }

    /**
     * A request of request name {@code name} has its outcome: ok (no error class, a status below 400), an error
     * class, or an HTTP error status, counted in its phase's bank and, when measured, in its name's. Its phase's
     * FINISHED is not counted here: the worker writes it last, once the latency is recorded too.
     */
    void outcome(Phase phase, int name, RequestFailure errorClass, int status, boolean completedInWindow) {
        int field = errorClass != null ? errorField(errorClass) : status >= 400 ? statusField(status) : -1;
        int nameBank = NAMES_BASE + name * BANK;
        if (field >= 0) {
            increment(phase, field);
        } else if (completedInWindow) {
            add(OK_IN_WINDOW, 1);
            add(nameBank + OK_IN_WINDOW_OF_NAME, 1);
        }
        if (completedInWindow) {
            add(FINISHED_IN_WINDOW, 1);
        }
        if (phase == Phase.MEASURED) {
            if (field >= 0) {
                add(nameBank + field, 1);
            }
            add(nameBank + FINISHED, 1);
        }
    }

    /**
     * Requests scheduled and not yet finished, both phases. FINISHED is read first and written last by the
     * worker, so the answer is never below the truth: 0 means every outcome is counted and recorded.
     */
    long outstanding() {
        long finished = values.getAcquire(FINISHED) + values.getAcquire(BANK + FINISHED);
        return values.getAcquire(SCHEDULED) + values.getAcquire(BANK + SCHEDULED) - finished;
    }

    /** This worker's own current value of a field, read on its loop (the writer's plain read). */
    long own(Phase phase, int field) {
        return values.getPlain(phase.ordinal() * BANK + field);
    }

    long measuredFinished() {
        return values.getAcquire(BANK + FINISHED);
    }

    /** Adds this worker's current values into {@code into}, index by index. */
    void addTo(long[] into) {
        for (int i = 0; i < values.length(); i++) {
            into[i] += values.getAcquire(i);
        }
    }

    // Reading a snapshot made by addTo.

    static long get(long[] snapshot, Phase phase, int field) {
        return snapshot[phase.ordinal() * BANK + field];
    }

    /** Both phases together: what happened on the wire, whatever the request's phase. */
    static long total(long[] snapshot, int field) {
        return get(snapshot, Phase.WARMUP, field) + get(snapshot, Phase.MEASURED, field);
    }

    static long errorCount(long[] snapshot, Phase phase, RequestFailure errorClass) {
        return get(snapshot, phase, errorField(errorClass));
    }

    static long httpErrorCount(long[] snapshot, Phase phase, int status) {
        return get(snapshot, phase, STATUS_BASE + status);
    }

    /** A field of request name {@code name}'s bank (measured requests of that name only). */
    static long named(long[] snapshot, int name, int field) {
        return snapshot[NAMES_BASE + name * BANK + field];
    }

    static long namedErrorCount(long[] snapshot, int name, RequestFailure errorClass) {
        return named(snapshot, name, errorField(errorClass));
    }

    static long namedHttpErrorCount(long[] snapshot, int name, int status) {
        return named(snapshot, name, STATUS_BASE + status);
    }

    static long namedErrors(long[] snapshot, int name) {
        long total = 0;
        for (int i = ERROR_CLASS_BASE; i < BANK; i++) {
            total += named(snapshot, name, i);
        }
        return total;
    }

    static long totalErrors(long[] snapshot) {
        return errors(snapshot, Phase.WARMUP) + errors(snapshot, Phase.MEASURED);
    }

    static long errors(long[] snapshot, Phase phase) {
        long total = 0;
        for (int i = ERROR_CLASS_BASE; i < BANK; i++) {
            total += get(snapshot, phase, i);
        }
        return total;
    }
}
