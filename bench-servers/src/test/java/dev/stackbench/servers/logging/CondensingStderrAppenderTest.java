package dev.stackbench.servers.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CondensingStderrAppenderTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final AtomicLong nowNanos = new AtomicLong();
    private final CondensingStderrAppender appender =
            new CondensingStderrAppender(new PrintStream(printed, true, StandardCharsets.UTF_8), nowNanos::get);
    private final Logger pool = new LoggerContext().getLogger("com.zaxxer.hikari.pool.ProxyConnection");

    private void log(String pattern, Object argument, Throwable thrown) {
        appender.doAppend(
                new LoggingEvent(Logger.class.getName(), pool, Level.WARN, pattern, thrown, new Object[] {argument}));
    }

    private String[] lines() {
        String text = printed.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? new String[0] : text.split("\n");
    }

    @Test
    void aKindIsPrintedOnceOnOneLineAndItsRepeatsAreCountedUntilReported() {
        appender.start();
        var broken = new IllegalStateException("rollback failed", new SQLException("An I/O error\noccurred", "08006"));
        for (int i = 0; i < 500; i++) {
            log("Connection {} marked as broken", "PgConnection@" + Integer.toHexString(0xabc00 + i), broken);
        }

        assertThat(lines())
                .singleElement()
                .asString()
                .matches(
                        "\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  \\[.*] ProxyConnection: Connection PgConnection@abc00 marked as broken; "
                                + "cause: IllegalStateException: rollback failed <- SQLException: An I/O error occurred");

        appender.stop();
        assertThat(lines()).hasSize(2);
        assertThat(lines()[1])
                .startsWith("(repeated 499 more times, 500 in all; the last:) ")
                .endsWith("PgConnection@abdf3 marked as broken; "
                        + "cause: IllegalStateException: rollback failed <- SQLException: An I/O error occurred");
    }

    @Test
    void repeatsAreReportedAtMostOncePerIntervalAndOtherKindsStandApart() {
        appender.start();
        log("database unavailable: {}", "connection refused", null);
        log("database unavailable: {}", "connection refused", null);
        nowNanos.addAndGet(CondensingStderrAppender.REPEAT_REPORT_NANOS - 1);
        log("database unavailable: {}", "connection refused", null);
        log("answered 502: {}", "upstream GET http://127.0.0.1:1/ failed", null);
        assertThat(lines()).hasSize(2);

        nowNanos.addAndGet(1);
        log("database unavailable: {}", "no connection within 2000 ms", null);
        assertThat(lines()).hasSize(3);
        assertThat(lines()[2])
                .startsWith("(repeated 3 more times, 4 in all; the last:) ")
                .endsWith("database unavailable: no connection within 2000 ms");

        appender.stop();
        assertThat(lines()).as("nothing left to report").hasSize(3);
    }
}
