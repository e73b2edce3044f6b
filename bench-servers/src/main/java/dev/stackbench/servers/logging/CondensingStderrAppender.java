package dev.stackbench.servers.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The in-process servers' log, on stderr, never stdout (which carries the load generator's summary):
 * one line per event, its cause chain on the same line, no stack trace; and one line per kind of
 * event, not per event: the first of a kind is printed, later ones are counted and reported as
 * {@code ... repeated N more times} at most once per {@link #REPEAT_REPORT_NANOS}, and when the
 * appender stops or the JVM exits. A kind is the level, the logger, the message pattern (digits
 * ignored) and the root cause's type.
 *
 * <p>Used by {@code logback-spring.xml} of bench-servers, which Spring Boot picks when the
 * application has no logback configuration of its own.
 */
public final class CondensingStderrAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    /** Repeats of a kind are reported at most this often, in nanoseconds (10 s). */
    static final long REPEAT_REPORT_NANOS = 10_000_000_000L;
    /** Kinds remembered at most; past it the counts start again (a bound on memory, never reached by stackbench's own events). */
    static final int MAX_KINDS = 1000;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private record Kind(Level level, String logger, String pattern, String rootCause) {}

    /** Guarded by itself. */
    private static final class Tally {
        long total;
        long unreported;
        long lastReportNanos;
        String lastLine;
    }

    private final PrintStream out;
    private final LongSupplier nanoClock;
    private final Map<Kind, Tally> tallies = new ConcurrentHashMap<>();
    private Thread shutdownHook;

    public CondensingStderrAppender() {
        this(System.err, System::nanoTime);
    }

    CondensingStderrAppender(PrintStream out, LongSupplier nanoClock) {
        this.out = out;
        this.nanoClock = nanoClock;
    }

    @Override
    public void start() {
        // Counts not yet reported when the JVM exits (a load run ends with System.exit) are reported then.
        shutdownHook = new Thread(this::reportRepeats, "stackbench-log-repeats");
        try {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            shutdownHook = null;
        }
        super.start();
    }

    @Override
    public void stop() {
        reportRepeats();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run
            }
            shutdownHook = null;
        }
        super.stop();
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (tallies.size() >= MAX_KINDS) {
            reportRepeats();
            tallies.clear();
        }
        IThrowableProxy root = event.getThrowableProxy();
        while (root != null && root.getCause() != null) {
            root = root.getCause();
        }
        var kind = new Kind(
                event.getLevel(),
                event.getLoggerName(),
                normalized(event.getMessage()),
                root == null ? "" : root.getClassName());
        Tally tally = tallies.computeIfAbsent(kind, k -> new Tally());
        long now = nanoClock.getAsLong();
        String line = null;
        synchronized (tally) {
            tally.total++;
            tally.lastLine = format(event);
            if (tally.total == 1) {
                line = tally.lastLine;
                tally.lastReportNanos = now;
            } else {
                tally.unreported++;
                if (now - tally.lastReportNanos >= REPEAT_REPORT_NANOS) {
                    line = repeated(tally);
                    tally.unreported = 0;
                    tally.lastReportNanos = now;
                }
            }
        }
        if (line != null) {
            out.println(line);
        }
    }

    /** A message pattern with what differs between events of one kind (numbers, object ids like {@code PgConnection@5b0a3042}) left out. */
    static String normalized(String pattern) {
        return String.valueOf(pattern).replaceAll("@[0-9a-f]+\\b", "@#").replaceAll("\\d+", "#");
    }

    /** Reports every kind's repeats not reported yet. */
    void reportRepeats() {
        for (Tally tally : tallies.values()) {
            String line = null;
            synchronized (tally) {
                if (tally.unreported > 0) {
                    line = repeated(tally);
                    tally.unreported = 0;
                    tally.lastReportNanos = nanoClock.getAsLong();
                }
            }
            if (line != null) {
                out.println(line);
            }
        }
        out.flush();
    }

    private static String repeated(Tally tally) {
        return "(repeated " + tally.unreported + " more time" + (tally.unreported == 1 ? "" : "s") + ", " + tally.total
                + " in all; the last:) " + tally.lastLine;
    }

    /** {@code 12:00:01.234 WARN  [thread] Logger: message; cause: Type: message <- Type: message}, on one line. */
    static String format(ILoggingEvent event) {
        String logger = event.getLoggerName();
        var line = new StringBuilder(160)
                .append(TIME.format(Instant.ofEpochMilli(event.getTimeStamp())))
                .append(' ')
                .append(String.format("%-5s", event.getLevel()))
                .append(" [")
                .append(event.getThreadName())
                .append("] ")
                .append(logger.substring(logger.lastIndexOf('.') + 1))
                .append(": ")
                .append(event.getFormattedMessage());
        String separator = "; cause: ";
        for (IThrowableProxy cause = event.getThrowableProxy(); cause != null; cause = cause.getCause()) {
            String type = cause.getClassName();
            line.append(separator).append(type.substring(type.lastIndexOf('.') + 1));
            if (cause.getMessage() != null) {
                line.append(": ").append(cause.getMessage());
            }
            separator = " <- ";
        }
        return line.toString().replace("\r", "").replace('\n', ' ');
    }
}
