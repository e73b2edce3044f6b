package dev.stackbench.servers.dispatch;

import dev.stackbench.servers.db.AnswerTimeout;
import dev.stackbench.servers.db.Database;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.web.ErrorResponse;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * What a failed request is answered with, decided here for every route of both stacks: the status,
 * a message that names the problem (and the bad value), and for 405 the methods the path allows.
 *
 * <p>The body is always one small JSON object, {@code {"status":400,"error":"Bad Request","message":"..."}}
 * ({@code error} is the status's reason phrase). It never carries SQL, a Java class name or a stack
 * frame: a failure that cannot be described safely is logged (stderr, condensed) and answered with a
 * message that says where the details are.
 *
 * <table>
 *   <caption>Statuses</caption>
 *   <tr><td>400</td><td>bad parameter or body ({@link InvalidParameterException})</td></tr>
 *   <tr><td>404</td><td>unknown id ({@link NotFoundException}) or no route for the path</td></tr>
 *   <tr><td>405</td><td>known path, other method ({@link MethodNotAllowedException}), with {@code Allow}</td></tr>
 *   <tr><td>413</td><td>body over {@link JsonBody#MAX_BYTES} ({@link PayloadTooLargeException})</td></tr>
 *   <tr><td>415</td><td>body that is not JSON ({@link UnsupportedMediaTypeException})</td></tr>
 *   <tr><td>500</td><td>anything unexpected, a database error other than unavailability</td></tr>
 *   <tr><td>502</td><td>a nested call failed ({@link UpstreamException})</td></tr>
 *   <tr><td>503</td><td>a full pool ({@link RejectedExecutionException}), or the database (SQL, Redis, MongoDB) unavailable</td></tr>
 * </table>
 */
public record Failure(int status, String message, List<String> allow) {

    private static final Logger LOG = LoggerFactory.getLogger(Failure.class);

    /** What a body must never show: a qualified Java class name, a stack frame, SQL. */
    private static final Pattern INTERNALS = Pattern.compile(
            "\\b[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+\\.[A-Z][A-Za-z0-9_$]*"
                    + "|\\bat [\\w$.]+\\("
                    + "|(?i:\\bINSERT\\s+INTO\\b|\\bSELECT\\s.*\\sFROM\\b|\\bUPDATE\\s+\\w+\\s+SET\\b|\\bDELETE\\s+FROM\\b|\\bSQL\\s*\\[)");

    static final String SEE_LOG = "the server's log (stderr) has the details";

    public Failure {
        allow = List.copyOf(allow);
        String reason = reasonPhrase(status).toLowerCase(Locale.ROOT);
        if (message == null || message.isBlank()) {
            message = reason;
        } else if (INTERNALS.matcher(message).find()) {
            LOG.warn("a {} answer's message was replaced, as it showed internals: {}", status, message);
            message = reason + "; " + SEE_LOG;
        }
    }

    /** Whether a text shows a qualified Java class name, a stack frame or SQL, none of which a body may carry. */
    public static boolean showsInternals(String text) {
        return INTERNALS.matcher(text).find();
    }

    public Failure(int status, String message) {
        this(status, message, List.of());
    }

    /** Classifies a failure of a route or of its work; logs what the answer cannot show. */
    public static Failure of(Throwable failure) {
        Throwable cause = unwrap(failure);
        return switch (cause) {
            case InvalidParameterException e -> new Failure(400, e.getMessage());
            case NotFoundException e -> new Failure(404, e.getMessage());
            case MethodNotAllowedException e -> new Failure(405, e.getMessage(), e.allowed());
            case PayloadTooLargeException e -> new Failure(413, e.getMessage());
            case DataBufferLimitException e -> new Failure(413, JsonBody.tooLarge());
            case UnsupportedMediaTypeException e -> new Failure(415, e.getMessage());
            case RejectedExecutionException e ->
                new Failure(
                        503,
                        "pool full, request refused: "
                                + (e.getMessage() == null
                                                || INTERNALS
                                                        .matcher(e.getMessage())
                                                        .find()
                                        ? "no free thread and no room in its queue"
                                        : e.getMessage()));
            case UpstreamException e -> {
                LOG.warn("answered 502: {}", e.getMessage());
                yield new Failure(502, e.getMessage());
            }
            case Throwable e
            when databaseUnavailable(e) -> {
                String reason = databaseReason(e);
                LOG.warn("answered 503, database unavailable: {}: {}", reason, rootMessage(e));
                yield new Failure(503, "database unavailable: " + reason);
            }
            case DataAccessException e -> {
                LOG.error("answered 500, database error", e);
                yield new Failure(500, "database error; " + SEE_LOG);
            }
            case ErrorResponse e ->
                new Failure(e.getStatusCode().value(), e.getBody().getDetail());
            default -> {
                LOG.error("answered 500", cause);
                yield new Failure(500, "internal server error; " + SEE_LOG);
            }
        };
    }

    /**
     * As {@link #of(Throwable)}, for failures a stack reports before any route ran: the framework's
     * "no handler" (404) names the request, as no route matched it.
     */
    public static Failure ofRequest(Throwable failure, String method, String path) {
        if (unwrap(failure) instanceof ErrorResponse e && e.getStatusCode().value() == 404) {
            return noRoute(method, path);
        }
        return of(failure);
    }

    public static Failure noRoute(String method, String path) {
        return new Failure(404, "no route for " + method + " " + path);
    }

    /** The stack-neutral reply (405's Allow header is set by the stack's error handler, from {@link #allow()}). */
    public Reply reply() {
        return new Reply(status, Reply.JSON, json(), ServedBy.here());
    }

    /** {@code {"status":400,"error":"Bad Request","message":"..."}} */
    public String json() {
        var json = new StringBuilder(64 + message.length())
                .append("{\"status\":")
                .append(status)
                .append(",\"error\":\"");
        JsonStringEncoder.getInstance().quoteAsString(reasonPhrase(status), json);
        json.append("\",\"message\":\"");
        JsonStringEncoder.getInstance().quoteAsString(message, json);
        return json.append("\"}").toString();
    }

    private static String reasonPhrase(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        return known == null ? "Status " + status : known.getReasonPhrase();
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /**
     * The database cannot be reached or a connection broke: JDBC (HikariCP's timeout, the driver's
     * connection errors, SQL state class 08), R2DBC (resource errors) and MongoDB (its timeouts and socket
     * errors) alike, as Spring translates them; and Redis, whose client Spring leaves untranslated here.
     */
    private static boolean databaseUnavailable(Throwable failure) {
        // A rollback that failed after the work did hides the work's failure (the first to say why).
        if (failure instanceof TransactionSystemException rollback
                && rollback.getApplicationException() != null
                && databaseUnavailable(rollback.getApplicationException())) {
            return true;
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataAccessResourceFailureException
                    || cause instanceof TransientDataAccessResourceException
                    || cause instanceof CannotCreateTransactionException
                    || cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLNonTransientConnectionException
                    || cause instanceof R2dbcNonTransientResourceException
                    || cause instanceof R2dbcTransientResourceException
                    || cause instanceof SQLException sql
                            && sql.getSQLState() != null
                            && sql.getSQLState().startsWith("08")
                    || redisUnavailable(cause)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Lettuce refusing a command while its connection is down, or a closed connection, is a plain
     * {@link RedisException} (Spring wraps it as a RedisSystemException, "uncategorized"); its subclasses
     * are more precise, and an error Redis answered (RedisCommandExecutionException) is not unavailability.
     */
    private static boolean redisUnavailable(Throwable cause) {
        return cause.getClass() == RedisException.class
                || cause instanceof RedisConnectionException
                || cause instanceof RedisCommandTimeoutException;
    }

    private static String databaseReason(Throwable failure) {
        if (failure instanceof TransactionSystemException rollback && rollback.getApplicationException() != null) {
            return databaseReason(rollback.getApplicationException());
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
            if (cause instanceof AnswerTimeout.NoAnswer) {
                return cause.getMessage();
            }
            // A read or a command timed out on a connection that stays open: the database stopped answering (PgJDBC,
            // MongoDB, Lettuce).
            if (cause instanceof java.net.SocketTimeoutException || cause instanceof RedisCommandTimeoutException) {
                return "no answer in time";
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException
                    || cause instanceof TimeoutException
                    || cause instanceof R2dbcTimeoutException) {
                return "no connection within " + Database.CONNECTION_TIMEOUT_MILLIS + " ms";
            }
            if (cause
                    instanceof
                    com.mongodb.MongoTimeoutException) { // its wait may be the URI's own (serverSelectionTimeoutMS)
                return "no server or connection in time";
            }
        }
        return "the connection failed";
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
