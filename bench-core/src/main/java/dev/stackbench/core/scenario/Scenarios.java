package dev.stackbench.core.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Finds scenarios: the ones shipped in the jar by name ({@code seed-000}), or a user's file by path,
 * YAML ({@link ScenarioYaml}) or the k6 scenario CSV of 004_9fdac83a6b4a27d3.txt ({@link K6ScenarioCsv}).
 *
 * <pre>{@code
 * Scenario scenario = Scenarios.find("seed-000");          // or "my-runs.yaml", "scenarios-default.csv"
 * }</pre>
 */
public final class Scenarios {

    /** Shipped scenarios live here, as {@code NAME.yaml}; the index lists them in order. */
    static final String RESOURCE_DIRECTORY = "scenarios/";

    static final String INDEX = RESOURCE_DIRECTORY + "bundled.txt";

    private Scenarios() {}

    /** The names of the scenarios shipped in the jar, in the index's order. */
    public static List<String> bundledNames() {
        return resource(INDEX)
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .toList();
    }

    /** @throws InvalidScenario when it does not parse or validate, or there is none by that name */
    public static Scenario bundled(String name) {
        if (!bundledNames().contains(name)) {
            throw new InvalidScenario(
                    "no bundled scenario '" + name + "'; bundled: " + String.join(", ", bundledNames()));
        }
        String file = RESOURCE_DIRECTORY + name + ".yaml";
        return ScenarioYaml.parse(resource(file), file, Path.of(""));
    }

    /**
     * A file if {@code nameOrPath} is one, else a bundled scenario of that name.
     *
     * @throws InvalidScenario when neither, or when it does not parse or validate
     */
    public static Scenario find(String nameOrPath) {
        Path path = Path.of(nameOrPath);
        if (Files.isRegularFile(path)) {
            return read(path);
        }
        if (bundledNames().contains(nameOrPath)) {
            return bundled(nameOrPath);
        }
        throw new InvalidScenario("no scenario '" + nameOrPath + "': no such file, and not one of the bundled: "
                + String.join(", ", bundledNames()));
    }

    /** A scenario file: {@code .csv} is the k6 scenario CSV, anything else YAML. */
    public static Scenario read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidScenario(file + ": cannot read: " + e.getMessage());
        }
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
            return K6ScenarioCsv.parse(text, file.toString());
        }
        Path directory = file.toAbsolutePath().getParent();
        return ScenarioYaml.parse(text, file.toString(), directory == null ? Path.of("") : directory);
    }

    private static String resource(String name) {
        try (InputStream in = Scenarios.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }
}
