package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many cheap JVMs through the real jar: generations of JVMs (each serving a few rounds, then replaced), started from an
 * AOT cache trained once per variant and shared by its A/A copy, with {@link PlannedCompareTest}'s short trials.
 */
@ChecksBehaviour
class JvmGenerationsTest {

    @TempDir
    Path temp;

    @Test
    void generationsOfJvmsStartFromOneAotCacheTrainedForTheVariant() throws Exception {
        Path out = temp.resolve("comparison");
        Path caches = temp.resolve("aot");
        String[] args = PlannedCompareTest.compare(
                List.of(Cli.VARIANTS_QUICK_JIT), // not the jar's cache: --aot-cache on trains the variant's own
                "--forks",
                "1",
                "--jvms",
                "2",
                "--trials-per-jvm",
                "2",
                "--aot-cache",
                "on",
                "--out",
                out.toString());

        Cli.Run run = Cli.jar(Duration.ofMinutes(4), Map.of("STACKBENCH_AOT_DIR", caches.toString()), args);

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        // One training for the variant and its A/A copy (the same kind of JVM), then every JVM from the cache.
        assertThat(run.err()).containsOnlyOnce("AOT cache of platform-tomcat: training a JVM");
        try (Stream<Path> files = Files.list(caches)) {
            assertThat(files.map(Path::toString).filter(name -> name.endsWith(".aot")))
                    .hasSize(1);
        }
        assertThat(run.out()).contains("-XX:AOTCache=" + caches);
        ComparisonResult result = Results.comparison(out);
        assertThat(result.design().generations()).isEqualTo(2);
        assertThat(result.variants())
                .extracting(variant -> variant.label() + "#" + variant.fork())
                .containsExactlyInAnyOrder(
                        "platform-tomcat#1", "platform-tomcat#2", "platform-tomcat-aa#1", "platform-tomcat-aa#2");
        // Generation 1's JVMs serve rounds 1 and 2, generation 2's rounds 3 and 4; the analysis counts 2 JVMs each.
        assertThat(result.rounds()).hasSize(4);
        for (ComparisonResult.Round round : result.rounds()) {
            assertThat(round.trials())
                    .allMatch(trial -> trial.fork() == (round.number() <= 2 ? 1 : 2), "round " + round.number());
        }
        assertThat(run.out()).contains("JVMs:         2 per variant in 2 generations of 1");
    }
}
