package dev.stackbench.servers.db;

import java.net.ConnectException;
import java.net.UnknownHostException;

/**
 * The database could not be reached when the server started. Its message is the whole story in one
 * line, {@code cannot connect to PostgreSQL at 127.0.0.1:5432/stackbench: Connection refused}; the
 * driver's exception is kept as a suppressed one (not as the cause, so that the reporter of a failed
 * start, which shows the root cause's message, shows this one).
 */
public class DatabaseStartException extends RuntimeException {

    DatabaseStartException(String message) {
        super(message);
    }

    static DatabaseStartException of(Database database, Throwable failure) {
        return of(database.describe(), failure);
    }

    /** @param described the database as messages name it, {@code Redis at 127.0.0.1:6379} */
    static DatabaseStartException of(String described, Throwable failure) {
        var exception = new DatabaseStartException("cannot connect to " + described + ": " + reason(failure));
        exception.addSuppressed(failure);
        return exception;
    }

    private static String reason(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            // Netty's native transport says "finishConnect(..) failed with error(-111): Connection refused"
            if (cause instanceof ConnectException
                    && String.valueOf(cause.getMessage()).contains("Connection refused")) {
                return "Connection refused";
            }
        }
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        // MongoDB's driver says why in its timeout's message (the cluster as it saw it), not in a cause.
        if (root instanceof com.mongodb.MongoTimeoutException) {
            return String.valueOf(root.getMessage()).contains("Connection refused")
                    ? "Connection refused"
                    : "no answer within " + Database.CONNECTION_TIMEOUT_MILLIS + " ms";
        }
        if (root instanceof UnknownHostException) {
            return "unknown host " + root.getMessage();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
