package dev.stackbench.core.result.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every result.json committed under results/ and the old results kept for tests, written before the vocabulary was
 * typed, still reads, and writes back what it said: the typed phases, models, think times, stages and error classes
 * keep result.json's schema {@code stackbench.load/1} as it was.
 */
@ChecksBehaviour
class CommittedResultsTest {

    /** The committed reference results (results/ at the repository's root) and the old ones kept beside the tests. */
    private static final List<Path> ROOTS =
            List.of(Path.of("..", "results"), Path.of("src", "test", "resources", "old-results"));

    static Stream<Path> committedResults() throws IOException {
        var files = new java.util.ArrayList<Path>();
        for (Path root : ROOTS) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(file -> file.getFileName().toString().equals(ResultFiles.RESULT_JSON))
                        .sorted()
                        .forEach(files::add);
            }
        }
        assertThat(files).as("committed results").hasSizeGreaterThan(50);
        return files.stream();
    }

    @ParameterizedTest
    @MethodSource("committedResults")
    void readsAndWritesBackWhatItSaid(Path file) throws IOException {
        JsonNode original = ResultFiles.json().readTree(file.toFile());

        RunResult read = ResultFiles.json().treeToValue(original, RunResult.class);
        JsonNode written = ResultFiles.json().valueToTree(read);

        assertSame("", original, written);
        assertThat(read.schema()).isEqualTo(RunResult.SCHEMA);
        assertThat(read.profile().model().id())
                .isEqualTo(original.path("profile").path("model").asString());
        if (read.timeline() != null && !read.timeline().isEmpty()) {
            assertThat(read.timeline().getFirst().phase().id())
                    .isEqualTo(original.path("timeline").get(0).path("phase").asString());
        }
        Map<ErrorClass, Long> errors = read.requests().errorsByClass();
        assertThat(errors.keySet().stream().map(ErrorClass::key))
                .containsExactlyElementsOf(
                        original.path("requests").path("errorsByClass").propertyNames());
        assertThat(ResultReader.readFile(file))
                .singleElement()
                .satisfies(run -> assertThat(run.label()).isNotBlank());
    }

    /**
     * Every value the file holds is written back equal (numbers as numbers). Fields added since may be written as null;
     * fields removed since (the oldest results' {@code requests.inFlightAtEnd}) are not written, as the reader ignores them.
     */
    private static void assertSame(String path, JsonNode original, JsonNode written) {
        if (original.isObject()) {
            for (String name : original.propertyNames()) {
                JsonNode value = original.get(name);
                JsonNode back = written.get(name);
                if (!written.has(name)) {
                    continue; // removed from the schema since: every field it has is written, null or not
                }
                if (value.isNull()) {
                    assertThat(back == null || back.isNull())
                            .as(path + "." + name)
                            .isTrue();
                } else {
                    assertThat(back).as(path + "." + name + " written back").isNotNull();
                    assertSame(path + "." + name, value, back);
                }
            }
        } else if (original.isArray()) {
            assertThat(written.size()).as(path + " length").isEqualTo(original.size());
            for (int i = 0; i < original.size(); i++) {
                assertSame(path + "[" + i + "]", original.get(i), written.get(i));
            }
        } else if (original.isNumber()) {
            assertThat(written.asDouble()).as(path).isEqualTo(original.asDouble());
        } else {
            assertThat(written.asString()).as(path).isEqualTo(original.asString());
        }
    }
}
