package dev.stackbench.core.result.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.ShardManifest;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shards of a scenario given together: read as the unsharded directory, or refused when they are not one whole. */
@ChecksBehaviour
class ShardSetsTest {

    private static final Path OLD = Path.of("src/test/resources/old-results");
    private static final List<String> LABELS = List.of("loom-tomcat", "webflux-netty", "async-tomcat");

    @TempDir
    Path dir;

    /** DIR/label/ with a committed result in it. */
    private Path run(Path directory, String label) throws IOException {
        String fixture = switch (label) {
            case "loom-tomcat" -> "seed-002-loom-tomcat";
            case "webflux-netty" -> "seed-002-webflux-netty";
            default -> "seed-000-01-async-tomcat";
        };
        Path run = Files.createDirectories(directory.resolve(label));
        try (var files = Files.list(OLD.resolve(fixture))) {
            for (Path file : files.toList()) {
                Files.copy(file, run.resolve(file.getFileName()));
            }
        }
        return run;
    }

    private Path shard(String name, int index, int count, List<String> labels) throws IOException {
        Path directory = Files.createDirectories(dir.resolve(name));
        for (String label : labels) {
            run(directory, label);
        }
        new ShardManifest("s", index, count, labels, LABELS).writeInto(directory);
        return directory;
    }

    @Test
    void aWholeSetOfShardsReadsAsTheUnshardedDirectoryInItsOrder() throws IOException {
        Path whole = Files.createDirectories(dir.resolve("whole"));
        for (String label : LABELS) {
            run(whole, label);
        }
        Path first = shard("one", 1, 3, List.of("loom-tomcat"));
        Path second = shard("two", 2, 3, List.of("webflux-netty", "async-tomcat"));
        Path third = shard("three", 3, 3, List.of()); // more shards than runs would give; here: one without runs

        RecordedResults unsharded = ResultReader.read(List.of(whole));
        RecordedResults merged = ResultReader.read(List.of(second, third, first));

        assertThat(merged.targets().keySet())
                .containsExactlyElementsOf(unsharded.targets().keySet());
        assertThat(merged.runs()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(merged.runs().get(i).result())
                    .isEqualTo(unsharded.runs().get(i).result());
            assertThat(merged.runs().get(i).setup())
                    .isEqualTo(unsharded.runs().get(i).setup());
        }
        // Their parent directory holds each run twice (whole's copy beside the shards'): one measurement, not two
        // repeats.
        assertThatThrownBy(() -> ResultReader.read(List.of(dir.resolve("one").getParent())))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageContaining("the same contents as");
    }

    @Test
    void aMissingShardIsRefusedNamingIt() throws IOException {
        Path first = shard("one", 1, 3, List.of("loom-tomcat"));
        Path second = shard("two", 2, 3, List.of("webflux-netty", "async-tomcat"));

        assertThatThrownBy(() -> ResultReader.read(List.of(first, second)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageStartingWith("shard 3/3 of s missing (given: ")
                .hasMessageEndingWith("a merged result needs every shard's directory");
    }

    @Test
    void aShardGivenTwiceIsRefused() throws IOException {
        Path first = shard("one", 1, 2, List.of("loom-tomcat"));
        Path again = shard("again", 1, 2, List.of("loom-tomcat"));
        shard("two", 2, 2, List.of("webflux-netty", "async-tomcat"));

        assertThatThrownBy(() -> ResultReader.read(List.of(first, again, dir.resolve("two"))))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessage("shard 1/2 of s is given twice: " + first + " and " + again);
    }

    @Test
    void aRunInTwoShardsIsRefusedNotTakenForRepeats() throws IOException {
        Path first = shard("one", 1, 2, List.of("loom-tomcat", "webflux-netty"));
        Path second = shard("two", 2, 2, List.of("webflux-netty", "async-tomcat"));

        assertThatThrownBy(() -> ResultReader.read(List.of(first, second)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageStartingWith("run 'webflux-netty' of s is in shard 1/2 of s (" + first
                        + ") and in shard 2/2 of s (" + second + ")");
    }

    @Test
    void shardsOfDifferentSplitsAreRefused() throws IOException {
        Path first = shard("one", 1, 2, List.of("loom-tomcat"));
        Path other = shard("other", 2, 3, List.of("webflux-netty", "async-tomcat"));

        assertThatThrownBy(() -> ResultReader.read(List.of(first, other)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageContaining("split the scenario differently");
    }

    @Test
    void aResultInAShardsDirectoryThatIsNotOneOfItsRunsIsRefused() throws IOException {
        Path first = shard("one", 1, 2, List.of("loom-tomcat"));
        Path second = shard("two", 2, 2, List.of("webflux-netty", "async-tomcat"));
        run(first, "stray");

        assertThatThrownBy(() -> ResultReader.read(List.of(first, second)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageStartingWith(first.resolve("stray").resolve(ResultFiles.RESULT_JSON)
                        + ": not one of shard 1/2 of s's runs (loom-tomcat)");
    }

    @Test
    void aShardMissingOneOfItsRunsIsRefused() throws IOException {
        Path first = shard("one", 1, 2, List.of("loom-tomcat"));
        Path second = shard("two", 2, 2, List.of("webflux-netty", "async-tomcat"));
        Files.delete(second.resolve("async-tomcat").resolve(ResultFiles.RESULT_JSON));

        assertThatThrownBy(() -> ResultReader.read(List.of(first, second)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageEndingWith("missing, though shard 2/2 of s ran 'async-tomcat'");
    }
}
