package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Summary;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.RequestFailure;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors say what went wrong, not only how many there were: the first message of each class and how many distinct
 * ones, in result.json, the summary and the report's facts; and a status is counted as the server sent it, 100 to 999.
 */
@ChecksBehaviour
class ErrorMessagesTest {

    @TempDir
    Path out;

    private static RunResult run(java.net.URI target) throws Exception {
        var profile = new LoadProfile.Closed(2, ThinkTime.NONE, Duration.ofMillis(500), OptionalLong.empty());
        return EngineRuns.measure(LoadRun.of(target, profile, Duration.ZERO)).result();
    }

    @Test
    void aServerAnsweringGarbageIsAProtocolErrorThatSaysWhatWasWrong() throws Exception {
        try (var server = new CannedServer("NOT HTTP AT ALL\r\n\r\n")) {
            var measurement = EngineRuns.measure(LoadRun.of(
                    server.uri(),
                    new LoadProfile.Closed(2, ThinkTime.NONE, Duration.ofMillis(500), OptionalLong.empty()),
                    Duration.ZERO));
            RunResult result = measurement.result();
            long protocol = result.requests().errorsByClass().get(RequestFailure.PROTOCOL);
            assertThat(protocol).isPositive();
            var message = result.requests().errorMessages().get(RequestFailure.PROTOCOL);
            assertThat(message.first()).isEqualTo("invalid version format: NOT");
            assertThat(message.distinct()).isEqualTo(1);
            assertThat(result.requests().errorLines())
                    .containsExactly("protocol: invalid version format: NOT (" + protocol + ", 1 distinct)");
            assertThat(Summary.of(result))
                    .contains("protocol: invalid version format: NOT (" + protocol + ", 1 distinct)");

            // Written and read back: result.json keeps it; an older result without it still reads (null).
            ResultFiles.write(out, measurement);
            RunResult read = ResultFiles.json()
                    .readValue(out.resolve(ResultFiles.RESULT_JSON).toFile(), RunResult.class);
            assertThat(read.requests().errorMessages())
                    .isEqualTo(result.requests().errorMessages());
        }
    }

    @Test
    void aStatusIsKeptAsTheServerSentItAnywhereFrom100To999() throws Exception {
        try (var server = new CannedServer("HTTP/1.1 999 Whatever\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")) {
            RunResult result = run(server.uri());
            var status999 = new ErrorClass.HttpStatus(999);
            assertThat(result.requests().errorsByClass()).containsOnlyKeys(status999);
            assertThat(result.byRequest().getFirst().errorsByClass()).containsOnlyKeys(status999);
            assertThat(result.requests().errorMessages().get(status999).first()).isEqualTo("999 Whatever");
        }
        try (var server =
                new CannedServer("HTTP/1.1 1000 Too Long\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")) {
            RunResult result = run(server.uri());
            assertThat(result.requests().errorsByClass()).containsOnlyKeys(RequestFailure.PROTOCOL);
            assertThat(result.requests()
                            .errorMessages()
                            .get(RequestFailure.PROTOCOL)
                            .first())
                    .isEqualTo("status 1000 is not a three-digit HTTP status (100-999)");
        }
    }

    @Test
    void distinctMessagesAreCountedAndTheFirstKept() {
        var errors = new ErrorMessages();
        errors.note(RequestFailure.CONNECT, new java.net.ConnectException("Connection refused: /10.0.0.1:80"));
        errors.note(RequestFailure.CONNECT, new java.net.ConnectException("Connection refused: /10.0.0.2:80"));
        errors.note(RequestFailure.CONNECT, new java.net.ConnectException("Connection refused: /10.0.0.1:80"));
        for (int i = 0; i < 300; i++) {
            errors.note(RequestFailure.BODY, "body " + i);
        }
        var snapshot = errors.snapshot();
        assertThat(snapshot.get(RequestFailure.CONNECT))
                .containsExactly("Connection refused: /10.0.0.1:80", "Connection refused: /10.0.0.2:80");
        assertThat(snapshot.get(RequestFailure.BODY)).hasSize(ErrorMessages.DISTINCT_LIMIT);
        var forResult = ErrorMessages.forResult(
                snapshot, java.util.Map.of(RequestFailure.BODY, 300L, RequestFailure.CONNECT, 3L));
        assertThat(forResult.get(RequestFailure.BODY).first()).isEqualTo("body 0");
        var requests = new RunResult.Requests(
                303,
                303,
                0,
                303,
                new java.util.LinkedHashMap<>(java.util.Map.of(RequestFailure.BODY, 300L)),
                0,
                0,
                forResult);
        assertThat(requests.errorLines()).containsExactly("body: body 0 (300, 100 or more distinct)");
        assertThat(ErrorMessages.text(RequestFailure.BODY, "x".repeat(500)))
                .hasSize(ErrorMessages.MAX_MESSAGE_CHARS)
                .endsWith("...");
    }
}
