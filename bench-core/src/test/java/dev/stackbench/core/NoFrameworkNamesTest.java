package dev.stackbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * bench-core knows no framework: servers report what bounds them as numbers ({@code ServerLimits}), and their
 * property names live in bench-servers only. This test reads bench-core's main sources and fails on the first
 * Spring or server property name that creeps back in, in code or in comments.
 */
@ChecksBehaviour
class NoFrameworkNamesTest {

    /** Property prefixes of Spring Boot, Tomcat and stackbench's servers, as they would appear in a string or a comment. */
    private static final Pattern PROPERTY_NAME =
            Pattern.compile("server\\.tomcat|server\\.http2|(?<![A-Za-z])spring\\.[a-z]|stackbench\\.elastic");

    private static final Path MAIN_SOURCES = Path.of("src", "main", "java");
    /** Starts the user's own Spring Boot application by reflection, and reads its properties to report its bounds: its job. */
    private static final Path APP_PACKAGE = MAIN_SOURCES.resolve(Path.of("dev", "stackbench", "core", "app"));
    /** The library's entry for a user's own tests: its usage examples name the properties a user sets; it reads none. */
    private static final Path API_PACKAGE = MAIN_SOURCES.resolve(Path.of("dev", "stackbench", "core", "api"));

    @Test
    void benchCoresMainCodeNamesNoSpringProperty() throws IOException {
        var sources = new ArrayList<Path>();
        var found = new ArrayList<String>();
        try (Stream<Path> files = Files.walk(MAIN_SOURCES)) {
            files.filter(file -> file.toString().endsWith(".java")
                            && !file.startsWith(APP_PACKAGE)
                            && !file.startsWith(API_PACKAGE))
                    .forEach(sources::add);
        }
        for (Path source : sources) {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                if (PROPERTY_NAME.matcher(lines.get(i)).find()) {
                    found.add(MAIN_SOURCES.relativize(source) + ":" + (i + 1) + ": "
                            + lines.get(i).strip());
                }
            }
        }

        assertThat(sources)
                .as("bench-core's main sources, read from %s", MAIN_SOURCES.toAbsolutePath())
                .hasSizeGreaterThan(50);
        assertThat(found)
                .as("Spring property names in bench-core: report numbers through ServerLimits instead")
                .isEmpty();
    }

    @Test
    void thePatternFindsThePropertyNamesItIsFor() {
        assertThat(Stream.of(
                        "\"server.tomcat.threads.max\"",
                        "{@code spring.task.execution.pool.core-size}",
                        "stackbench.elastic.max-threads",
                        "putIfAbsent(\"server.http2.enabled\", \"true\")"))
                .allMatch(line -> PROPERTY_NAME.matcher(line).find());
        assertThat(Stream.of(
                        "import org.springframework.boot.SpringApplication;",
                        "Spring MVC on Tomcat",
                        "stackbench.load/1"))
                .noneMatch(line -> PROPERTY_NAME.matcher(line).find());
    }
}
