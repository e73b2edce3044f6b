package dev.stackbench.core.load;

import java.util.OptionalLong;

/**
 * Closed model: how many virtual users are active at each moment (k6's ramping-vus). User
 * {@code u} (numbered from 0) is active while the level is above {@code u}; a user above the level
 * finishes its request and sleeps until {@link #nextActivationNanos} says it is needed again.
 */
public final class UserSchedule {

    private final Ramp users;

    public UserSchedule(Ramp users) {
        this.users = users;
    }

    public int maxUsers() {
        return (int) Math.floor(users.maxLevel());
    }

    public long endNanos() {
        return users.endNanos();
    }

    public int activeUsersAt(long offsetNanos) {
        return (int) Math.floor(users.levelAt(offsetNanos) + 1e-9);
    }

    public boolean isActive(int user, long offsetNanos) {
        return offsetNanos < users.endNanos() && user < activeUsersAt(offsetNanos);
    }

    /** The first moment at or after {@code fromNanos} at which {@code user} is active; empty if never again. */
    public OptionalLong nextActivationNanos(int user, long fromNanos) {
        double needed = user + 1;
        for (Ramp.Segment segment : users.segments()) {
            // Past segments count no more; a jump (a segment of no length) counts only when it happens now or later.
            boolean jump = segment.endNanos() == segment.startNanos();
            if (jump ? segment.endNanos() < fromNanos : segment.endNanos() <= fromNanos) {
                continue;
            }
            long start = Math.max(segment.startNanos(), fromNanos);
            if (start >= users.endNanos()) {
                break;
            }
            if (segment.valueAt(start) + 1e-9 >= needed) {
                return OptionalLong.of(start);
            }
            if (segment.to() + 1e-9 >= needed && segment.to() > segment.from()) {
                double fraction = (needed - segment.from()) / (segment.to() - segment.from());
                long at =
                        segment.startNanos() + (long) Math.ceil(fraction * (segment.endNanos() - segment.startNanos()));
                if (at < users.endNanos()) {
                    return OptionalLong.of(Math.max(at, start));
                }
            }
        }
        return OptionalLong.empty();
    }
}
