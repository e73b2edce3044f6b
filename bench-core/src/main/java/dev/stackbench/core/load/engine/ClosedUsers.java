package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.UserSchedule;
import dev.stackbench.core.vocabulary.RequestFailure;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * The closed model on one worker: its share of the virtual users ({@link WorkerContext#numbers()}: user u goes to
 * worker u mod workers of a single generator), each with a connection of its own: send, wait for the response, think, again, while the
 * user schedule has it active and the window is open. A request belongs to the phase of its send.
 *
 * <p>A user whose connection cannot be opened waits before its next attempt, its think time or a
 * backoff from {@link #FIRST_BACKOFF} doubling to {@link #MAX_BACKOFF}, whichever is longer, as a real
 * client would: against a server that is down, the connect errors count attempts, not how fast the
 * generator can spin.
 */
final class ClosedUsers implements LoadDriver {

    static final Duration FIRST_BACKOFF = Duration.ofMillis(50);
    static final Duration MAX_BACKOFF = Duration.ofSeconds(1);
    private static final long MIN_REACTIVATION_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final WorkerContext context;
    private final UserSchedule schedule;
    private final ThinkTime thinkTime;
    private final List<User> users = new ArrayList<>();

    ClosedUsers(WorkerContext context) {
        this.context = context;
        this.schedule = context.plan().users();
        this.thinkTime = context.plan().run().profile().thinkTime();
    }

    @Override
    public void start() {
        int total = context.plan().run().connections();
        for (long user = context.numbers().firstFrom(0);
                user < total;
                user += context.numbers().count()) {
            users.add(new User(context.sender().newConnection(users.size()), (int) user));
        }
        users.forEach(User::sendNext);
    }

    @Override
    public void freed(Connection connection, RequestFailure error) {
        User user = users.get(connection.slot);
        // A failed TLS handshake is a failed connect too: retried at once, an untrusted certificate would spin.
        user.connectFailures =
                error == RequestFailure.CONNECT || error == RequestFailure.TLS ? user.connectFailures + 1 : 0;
        long pause = Math.max(thinkTime.sampleNanos(context.random()), backoffNanos(user.connectFailures));
        if (pause == 0) {
            user.sendNext();
        } else {
            context.loop().schedule(user.sendNext, pause, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void abandonQueued() {
        // Nothing waits here: a user's request is either in flight (the worker's to abandon) or not started.
    }

    static long backoffNanos(int connectFailures) {
        if (connectFailures == 0) {
            return 0;
        }
        long backoff = FIRST_BACKOFF.toNanos() << Math.min(connectFailures - 1, 20);
        return Math.min(backoff, MAX_BACKOFF.toNanos());
    }

    private final class User {
        final Connection connection;
        final int number;
        final Runnable sendNext = this::sendNext;
        int connectFailures;

        User(Connection connection, int number) {
            this.connection = connection;
            this.number = number;
        }

        void sendNext() {
            var control = context.control();
            if (control.stopped()) {
                return;
            }
            long now = System.nanoTime();
            long offset = now - control.startNanos();
            var window = control.window();
            if (window.closedAt(offset)) {
                return;
            }
            if (!schedule.isActive(number, offset)) {
                OptionalLong next = schedule.nextActivationNanos(number, offset);
                if (next.isPresent()) {
                    // At least a millisecond: a schedule that answers "now" must not spin the loop.
                    context.loop()
                            .schedule(
                                    sendNext,
                                    Math.max(next.getAsLong() - offset, MIN_REACTIVATION_NANOS),
                                    TimeUnit.NANOSECONDS);
                }
                return;
            }
            Phase phase = window.phaseAt(offset);
            if (phase == Phase.MEASURED && !control.takeMeasured()) {
                return; // the request budget is spent
            }
            context.counters().increment(phase, WorkerCounters.SCHEDULED);
            context.sender().send(connection, now, phase);
        }
    }
}
