package dev.stackbench.core.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.jvm.AotCaches.AotCache;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache's key, its states, and why it is off where the JVM cannot use one. */
@ChecksBehaviour
class AotCachesTest {

    @TempDir
    Path temp;

    @Test
    void aCacheIsKeyedByTheJarsContentTheOptionsAndTheTraining() throws Exception {
        Path jar = Files.writeString(temp.resolve("app.jar"), "one");
        var caches = new AotCaches(temp.resolve("aot"), AotCaches.FIRST_JDK);

        Path first = file(caches.of("v", List.of(jar), List.of(), List.of("-Xmx1g"), "load"));

        assertThat(file(caches.of("v", List.of(jar), List.of(), List.of("-Xmx1g"), "load")))
                .isEqualTo(first);
        assertThat(file(caches.of("v", List.of(jar), List.of(), List.of("-Xmx2g"), "load")))
                .isNotEqualTo(first);
        assertThat(file(caches.of("v", List.of(jar), List.of(), List.of("-Xmx1g"), "other load")))
                .isNotEqualTo(first);
        Files.writeString(jar, "two, rebuilt");
        assertThat(file(caches.of("v", List.of(jar), List.of(), List.of("-Xmx1g"), "load")))
                .isNotEqualTo(first);
    }

    @Test
    void whatTheTrainingJvmWroteIsKeptUnderTheCachesNameAndThenReady() throws Exception {
        var caches = new AotCaches(temp.resolve("aot"), AotCaches.FIRST_JDK);
        var missing = (AotCache.Missing) caches.of("v", List.of(), List.of(), List.of(), "load");
        assertThat(missing.keep()).as("the training JVM wrote nothing").isEmpty();

        Files.writeString(missing.partial(), "a cache");

        assertThat(missing.keep()).contains(new AotCache.Ready(missing.file()));
        assertThat(missing.trainingOptions()).containsExactly("-XX:AOTCacheOutput=" + missing.partial());
        assertThat(caches.of("v", List.of(), List.of(), List.of(), "load"))
                .isEqualTo(new AotCache.Ready(missing.file()));
    }

    @Test
    void offWhenTheJvmOptionsSetTheArchiveThemselves() {
        var caches = new AotCaches(temp.resolve("aot"), AotCaches.FIRST_JDK);
        for (String own : List.of(
                "-XX:AOTCache=/jars/app.aot",
                "-XX:SharedArchiveFile=/jars/app.jsa",
                "-XX:AOTMode=off",
                "-Xshare:off")) {
            assertThat(caches.of("v", List.of(), List.of(), List.of("-Xmx1g", own), "load"))
                    .as(own)
                    .isEqualTo(new AotCache.Off(
                            "its JVM options set the JVM's class-data archive themselves (" + own + ")"));
        }
        assertThat(caches.of("v", List.of(), List.of(), List.of("-Xmx1g", "-Xlog:aot=off"), "load"))
                .isInstanceOf(AotCache.Missing.class);
    }

    @Test
    void offOnAnOlderJdkAndWithClassesInADirectorySayingWhy() throws Exception {
        assertThat(new AotCaches(temp, 21).of("v", List.of(), List.of(), List.of(), "load"))
                .isInstanceOfSatisfying(
                        AotCache.Off.class, off -> assertThat(off.reason()).contains("JDK 21", "JDK 25"));
        Path classes = Files.createDirectories(temp.resolve("classes"));
        Files.writeString(classes.resolve("A.class"), "");
        assertThat(new AotCaches(temp, AotCaches.FIRST_JDK).of("v", List.of(classes), List.of(), List.of(), "load"))
                .isInstanceOfSatisfying(
                        AotCache.Off.class, off -> assertThat(off.reason()).contains("directory", classes.toString()));
    }

    private static Path file(AotCache cache) {
        return switch (cache) {
            case AotCache.Ready ready -> ready.file();
            case AotCache.Missing missing -> missing.file();
            case AotCache.Off off -> throw new AssertionError(off.reason());
        };
    }
}
