package dev.stackbench.servers.db;

import java.time.Duration;
import org.springframework.dao.DataAccessResourceFailureException;
import reactor.core.publisher.Mono;

/**
 * How long a store may take to answer once a query or command is sent: {@code stackbench.db.answer-timeout-millis},
 * {@value #DEFAULT_MILLIS} ms by default, for every store. A database that stops answering without closing its
 * connections (a network partition) would otherwise hold a request until TCP gives up; within this it answers 503
 * {@code database unavailable: no answer within N ms}. Where each store takes it: PgJDBC's {@code socketTimeout}
 * (whole seconds, rounded up), R2DBC by {@link #bound} (its PostgreSQL driver has no read timeout), Lettuce's command
 * timeout, the MongoDB drivers' socket read timeout. H2 in memory has no network to lose.
 *
 * @param millis the time to answer, at least 1
 */
public record AnswerTimeout(long millis) {

    public static final String PROPERTY = "stackbench.db.answer-timeout-millis";
    /** Long beside these workloads' queries (milliseconds), short beside a request left hanging. */
    public static final long DEFAULT_MILLIS = 5_000;

    public AnswerTimeout {
        if (millis < 1) {
            throw new IllegalArgumentException(PROPERTY + " must be at least 1, got " + millis);
        }
    }

    public Duration duration() {
        return Duration.ofMillis(millis);
    }

    /** PgJDBC's socketTimeout is in seconds: the timeout rounded up, so never shorter than stated. */
    int wholeSeconds() {
        return (int) Math.max(1, (millis + 999) / 1000);
    }

    /** {@code query}, failing with {@link NoAnswer} when it has not completed within the timeout. */
    public <T> Mono<T> bound(Mono<T> query) {
        return query.timeout(duration(), Mono.error(() -> new NoAnswer(this)));
    }

    /** The database did not answer in time: unavailable, as a refused connection is (503). */
    public static final class NoAnswer extends DataAccessResourceFailureException {
        public NoAnswer(AnswerTimeout timeout) {
            super("no answer within " + timeout.millis() + " ms");
        }
    }
}
