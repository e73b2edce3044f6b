package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** What every error body of every server must be: the small JSON object, and nothing internal in it. */
final class ErrorBodies {

    /** SQL, a qualified Java class name, a stack frame. */
    static final List<Pattern> INTERNALS = List.of(
            Pattern.compile("INSERT INTO", Pattern.CASE_INSENSITIVE),
            Pattern.compile("SELECT ", Pattern.CASE_INSENSITIVE),
            Pattern.compile("SQL ?\\["),
            Pattern.compile("[a-z]+\\.[a-z]+\\.[A-Z]\\w+"),
            Pattern.compile("java\\."),
            Pattern.compile("\\bat [\\w$.]+\\("));

    private ErrorBodies() {}

    /** {@code {"status":S,"error":"...","message":"..."}} with S the response's status, and no internals anywhere in it. */
    static void assertClean(Http.Response response) {
        assertThat(response.headers().firstValue("Content-Type").orElse(""))
                .as(response.body())
                .startsWith("application/json");
        JsonNode body = ResultFiles.json().readTree(response.body());
        assertThat(body.properties()).as(response.body()).hasSize(3);
        assertThat(body.path("status").asInt()).as(response.body()).isEqualTo(response.status());
        assertThat(body.path("error").asString()).as(response.body()).isNotBlank();
        assertThat(body.path("message").asString()).as(response.body()).isNotBlank();
        for (Pattern internal : INTERNALS) {
            assertThat(internal.matcher(response.body()).find())
                    .as("%s in %s", internal, response.body())
                    .isFalse();
        }
    }
}
