package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.scenario.Scenario;
import dev.stackbench.core.scenario.Scenarios;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation is a small site: README.md is its door and fits on two screens, every page under docs/ can be
 * reached from it, and no relative link is broken (the file exists, and so does the heading an anchor names, by
 * GitHub's rule for heading anchors). Links to other sites are not followed.
 */
@ChecksBehaviour
class DocsTest {

    static final Path ROOT = Path.of("..");
    /** Two screens of a terminal, 50 lines each. */
    private static final int README_MAX_LINES = 2 * 50;

    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"");

    @Test
    void theReadmeIsADoorOfTwoScreensThatKeepsTheBuildTheCommandsAndTheTests() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));

        assertThat(readme.size()).as("README.md's lines").isLessThanOrEqualTo(README_MAX_LINES);
        assertThat(readme).contains("./mvnw -B -ntp install", "./mvnw -B -ntp package -DskipTests");
        assertThat(String.join("\n", readme)).contains("bench-jmh.jar load ", "bench-jmh.jar compare ");
    }

    @Test
    void everyPageIsLinkedFromTheReadmeOrAPageItLinks() throws IOException {
        Set<Path> reached = new LinkedHashSet<>();
        var todo = new ArrayDeque<Path>(List.of(normal(ROOT.resolve("README.md"))));
        while (!todo.isEmpty()) {
            Path page = todo.poll();
            if (!reached.add(page)) {
                continue;
            }
            for (Link link : links(page)) {
                if (link.file().toString().endsWith(".md") && Files.exists(link.file())) {
                    todo.add(link.file());
                }
            }
        }

        assertThat(reached)
                .as("pages reached from README.md")
                .containsAll(pages().stream().map(DocsTest::normal).toList());
    }

    @Test
    void noRelativeLinkIsBroken() throws IOException {
        var broken = new ArrayList<String>();
        var anchorsByFile = new HashMap<Path, Set<String>>();
        for (Path page : markdownFiles()) {
            for (Link link : links(page)) {
                if (!Files.exists(link.file())) {
                    broken.add(normal(ROOT).relativize(page) + ": " + link.text() + " (no such file)");
                } else if (link.anchor() != null && link.file().toString().endsWith(".md")) {
                    Set<String> anchors = anchorsByFile.computeIfAbsent(link.file(), DocsTest::anchors);
                    if (!anchors.contains(link.anchor())) {
                        broken.add(normal(ROOT).relativize(page) + ": " + link.text() + " (no heading #" + link.anchor()
                                + ")");
                    }
                }
            }
        }

        assertThat(markdownFiles()).hasSizeGreaterThan(10);
        assertThat(broken).as("broken links").isEmpty();
    }

    /** The samples are scenarios that read: each has runs whose loads are valid, as a run would find them. */
    @Test
    void everySampleIsAScenarioThatReads() throws IOException {
        List<Path> samples;
        try (Stream<Path> files = Files.list(ROOT.resolve("docs").resolve("samples"))) {
            samples = files.filter(file -> file.toString().endsWith(".yaml"))
                    .sorted()
                    .toList();
        }

        assertThat(samples).hasSizeGreaterThanOrEqualTo(4).allSatisfy(sample -> {
            Scenario scenario = Scenarios.find(sample.toString());
            assertThat(scenario.runs()).as(sample.toString()).isNotEmpty();
            assertThat(Files.readString(sample))
                    .as(sample + " ends with how to run it")
                    .contains("How to run it")
                    .contains("--scenario docs/samples/" + sample.getFileName());
        });
    }

    /** GitHub's anchors: a heading lower-cased, punctuation but hyphens and underscores dropped, spaces as hyphens. */
    @Test
    void anchorsAreMadeAsGitHubMakesThem() {
        assertThat(slug("Serving one variant (`serve`)")).isEqualTo("serving-one-variant-serve");
        assertThat(slug("Redis and MongoDB (the movies workload's stores)"))
                .isEqualTo("redis-and-mongodb-the-movies-workloads-stores");
        assertThat(slug("TLS and HTTP/2 over TLS")).isEqualTo("tls-and-http2-over-tls");
    }

    record Link(String text, Path file, String anchor) {}

    /** The relative links of a page, outside code; each with the file it names (the page itself for #anchor). */
    static List<Link> links(Path page) {
        var links = new ArrayList<Link>();
        for (String line : prose(page)) {
            Matcher matcher = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (matcher.find()) {
                String target = matcher.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto:: another site's
                }
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                Path file = path.isEmpty() ? page : normal(page.getParent().resolve(path));
                links.add(new Link(target, file, hash < 0 ? null : target.substring(hash + 1)));
            }
        }
        return links;
    }

    private static Set<String> anchors(Path page) {
        var anchors = new LinkedHashSet<String>();
        var seen = new HashMap<String, Integer>();
        for (String line : prose(page)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1));
            }
        }
        return anchors;
    }

    static String slug(String heading) {
        return heading.strip()
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                .replace(' ', '-');
    }

    /** A page's lines outside fenced code blocks. */
    private static List<String> prose(Path page) {
        try {
            var lines = new ArrayList<String>();
            boolean code = false;
            for (String line : Files.readAllLines(page)) {
                if (line.startsWith("```")) {
                    code = !code;
                } else if (!code) {
                    lines.add(line);
                }
            }
            return lines;
        } catch (IOException e) {
            throw new IllegalStateException(page + " cannot be read", e);
        }
    }

    /** Every page of the site: docs/ and its folders. */
    static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            return files.filter(file -> file.toString().endsWith(".md"))
                    .sorted()
                    .toList();
        }
    }

    /** The pages, the README and the READMEs under results/. */
    private static List<Path> markdownFiles() throws IOException {
        var files = new ArrayList<>(pages());
        files.add(ROOT.resolve("README.md"));
        try (Stream<Path> results = Files.walk(ROOT.resolve("results"))) {
            results.filter(file -> file.getFileName().toString().equals("README.md"))
                    .forEach(files::add);
        }
        return files.stream().map(DocsTest::normal).toList();
    }

    private static Path normal(Path path) {
        return path.toAbsolutePath().normalize();
    }
}
