package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.ArrivalSchedule;
import dev.stackbench.core.vocabulary.RequestFailure;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The open model on one worker: request i (of this worker's share, {@link WorkerContext#numbers()}) is due at
 * its intended start {@code t0 + arrivals(i)}, whatever the server does. A due request takes a free
 * connection, or opens one up to the worker's share of the cap, or waits: then it is <b>late</b>, and
 * its latency still runs from its intended start.
 *
 * <p>The requests waiting for a connection are the numbers from {@link #next} (the first not yet
 * sent) up to {@link #dueBound} (the schedule's count of due requests): a range, not a list, so
 * memory stays flat at any rate and overload. Each phase's window is fixed by request number:
 * numbers below {@link #firstMeasured} are warm-up, from {@link #endOfSchedule} on nothing is scheduled.
 *
 * <p>The generator's own <b>lag</b> is measured where the loop first counts a request as due: how long after
 * the later of its intended start and the moment the loop meant to look (its tick's deadline; while every
 * connection is busy the ticks are coarse on purpose, and the request would wait for a connection anyway).
 * A timer firing late, a loop busy with responses or a thread without a core all show there; waiting for a
 * connection does not (that is the wait time, and {@code late}).
 */
final class OpenArrivals implements LoadDriver {

    /** While every connection is busy, how often the due count is brought up to date (for progress and late counts). */
    private static final long BUSY_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final WorkerContext context;
    private final ArrivalSchedule arrivals;
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private final Runnable tick = this::tick;
    private final int connectionCap;
    private int opened;
    private long next;
    private long dueBound;
    private long firstMeasured = Long.MAX_VALUE;
    private long endOfSchedule = Long.MAX_VALUE;
    private RunControl.Window window;
    private boolean tickScheduled;
    /** When the loop meant to look next (offset): the pending tick's deadline, the run's start before the first. */
    private long plannedLookOffset;

    OpenArrivals(WorkerContext context) {
        this.context = context;
        this.arrivals = context.plan().arrivals();
        int total = context.plan().run().connections();
        this.connectionCap = (int) context.numbers().shareOf(total);
        this.next = context.numbers().index();
    }

    @Override
    public void start() {
        tick();
    }

    private void tick() {
        tickScheduled = false;
        if (context.control().stopped()) {
            return;
        }
        long offset = context.control().offsetNow();
        catchUp(offset, true);
        scheduleNextTick(offset);
        publishQueue();
    }

    private void publishQueue() {
        context.counters().set(WorkerCounters.QUEUED, context.ownedIn(next, dueBound));
    }

    /**
     * Counts the requests that came due since the last look and, if {@code send}, sends them while
     * connections are free; those left waiting found no connection at their intended start: late.
     */
    private void catchUp(long offset, boolean send) {
        followWindow();
        long bound = Math.min(arrivals.countDueBy(offset), endOfSchedule);
        if (context.ownedIn(dueBound, bound) == 0) {
            return;
        }
        long oldBound = dueBound;
        account(oldBound, bound, WorkerCounters.SCHEDULED);
        recordLag(oldBound, bound, offset);
        dueBound = bound;
        if (send) {
            sendQueued();
        }
        // First in, first out: whatever of the newly due still waits is the newest part of the queue.
        long lateFrom = Math.max(next, oldBound);
        if (lateFrom < bound) {
            account(lateFrom, bound, WorkerCounters.LATE);
        }
    }

    /** Records the lag of this worker's measured numbers in [from, to), picked up now, at {@code offset}. */
    private void recordLag(long from, long to, long offset) {
        long first = Math.max(from, firstMeasured);
        if (first >= to) {
            return; // warm-up only; and firstMeasured is Long.MAX_VALUE until the window is decided, where
            // firstOwnedFrom would overflow
        }
        for (long number = context.firstOwnedFrom(first);
                number < to;
                number += context.numbers().count()) {
            context.recorders().recordLag(offset - Math.max(arrivals.intendedOffsetNanos(number), plannedLookOffset));
        }
    }

    /**
     * Picks up a window the coordinator has decided since the last look. Numbers already due keep their
     * phase: the first measured number is fixed once, when the start is decided (a later window object,
     * e.g. an earlier end after a stop, never moves it); the end may only come earlier.
     */
    private void followWindow() {
        var current = context.control().window();
        if (current == window) {
            return;
        }
        window = current;
        if (current.startOffsetNanos() != RunControl.UNDECIDED) {
            firstMeasured =
                    Math.min(firstMeasured, Math.max(dueBound, arrivals.countDueBy(current.startOffsetNanos() - 1)));
        }
        if (current.endOffsetNanos() != RunControl.UNDECIDED) {
            endOfSchedule = Math.max(dueBound, arrivals.countDueBy(current.endOffsetNanos() - 1));
        }
    }

    /** Counts what came due up to the window's end, so that the drain starts from the whole schedule. */
    @Override
    public void catchUpSchedule() {
        catchUp(context.control().offsetNow(), true);
        publishQueue();
    }

    private void scheduleNextTick(long offset) {
        long following = context.firstOwnedFrom(dueBound);
        if (tickScheduled || following >= Math.min(endOfSchedule, arrivals.requestCount())) {
            return; // nothing more to schedule: what is queued goes out as connections free up
        }
        long delay = arrivals.intendedOffsetNanos(following) - offset;
        if (next < dueBound) {
            delay = Math.max(delay, BUSY_TICK_NANOS); // no connection free anyway: only counting to do
        }
        tickScheduled = true;
        plannedLookOffset = offset + Math.max(0, delay);
        context.loop().schedule(tick, Math.max(0, delay), TimeUnit.NANOSECONDS);
    }

    /** Sends queued requests while a connection is free or may be opened. */
    private void sendQueued() {
        while (next < dueBound) {
            Connection connection = idle.pollLast();
            if (connection == null && opened < connectionCap) {
                connection = context.sender().newConnection(context.index() + opened * context.workerCount());
                opened++;
            }
            if (connection == null) {
                return;
            }
            sendNext(connection);
        }
    }

    private void sendNext(Connection connection) {
        long number = next;
        next += context.numbers().count();
        Phase phase = number < firstMeasured ? Phase.WARMUP : Phase.MEASURED;
        context.sender().send(connection, context.control().startNanos() + arrivals.intendedOffsetNanos(number), phase);
    }

    @Override
    public void freed(Connection connection, RequestFailure error) {
        if (next >= dueBound && idle.isEmpty() && opened == connectionCap) {
            // Every connection was busy, so ticks were coarse: count what came due meanwhile (late) first.
            catchUp(context.control().offsetNow(), false);
        }
        if (next < dueBound) {
            sendNext(connection);
            publishQueue();
        } else {
            idle.addLast(connection);
        }
    }

    @Override
    public void abandonQueued() {
        long waiting = context.ownedIn(next, dueBound);
        if (waiting > 0) {
            account(next, dueBound, WorkerCounters.UNFINISHED);
            account(next, dueBound, WorkerCounters.errorField(RequestFailure.TIMEOUT));
            account(next, dueBound, WorkerCounters.FINISHED);
            next = context.firstOwnedFrom(dueBound);
            publishQueue();
        }
    }

    /** Adds this worker's numbers in [from, to) to {@code field}, each in its phase. */
    private void account(long from, long to, int field) {
        long all = context.ownedIn(from, to);
        long measured = to <= firstMeasured ? 0 : context.ownedIn(Math.max(from, firstMeasured), to);
        context.counters().add(Phase.WARMUP, field, all - measured);
        context.counters().add(Phase.MEASURED, field, measured);
    }
}
