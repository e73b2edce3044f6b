package dev.stackbench.core.scenario;

import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.WorkloadParams;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads the scenario CSV of 004_9fdac83a6b4a27d3.txt (k6 scenarios from CSV) as its users wrote it,
 * one run per row and approach:
 *
 * <pre>
 * scenario,k6Config,serverProfiles,delayCallDepth,delayInMillis,connections,requestsPerSecond,warmupDurationInSeconds,testDurationInSeconds
 * 5k-vus-and-rps-get-time,get-time.js,,0,100,5000,5000,10,300
 * </pre>
 *
 * Columns are found by their header names, so files without {@code serverProfiles} (older ones) read too.
 * The k6 scripts are not run: each known {@code k6Config} is mapped to the load it describes
 * ({@link K6Script}); an unknown script or server profile is an error naming the row and column,
 * never a guess. Rows run on {@link #APPROACHES}, the original {@code benchmark.sh}'s default.
 * Numbers are taken as written, not scaled: shorten with {@code --duration} and {@code --warmup}.
 */
public final class K6ScenarioCsv {

    /** benchmark.sh's default approaches (its -a option); all three are stackbench approaches too. */
    public static final List<Approach> APPROACHES =
            List.of(Approach.LOOM_TOMCAT, Approach.LOOM_NETTY, Approach.WEBFLUX_NETTY);

    static final String SCENARIO = "scenario";
    static final String K6_CONFIG = "k6Config";
    static final String SERVER_PROFILES = "serverProfiles";
    static final String CALL_DEPTH = "delayCallDepth";
    static final String DELAY = "delayInMillis";
    static final String CONNECTIONS = "connections";
    static final String RATE = "requestsPerSecond";
    static final String WARMUP = "warmupDurationInSeconds";
    static final String DURATION = "testDurationInSeconds";

    private static final List<String> REQUIRED =
            List.of(SCENARIO, K6_CONFIG, CALL_DEPTH, DELAY, CONNECTIONS, RATE, WARMUP, DURATION);
    private static final Set<String> OPTIONAL = Set.of(SERVER_PROFILES);

    /** Spring profiles of the original that are settings here; "postgres" also started PostgreSQL in Docker, which we do not. */
    private static final Map<String, Map<String, String>> SERVER_PROFILE_PROPERTIES =
            Map.of("no-cache", Map.of("stackbench.movies.cache", "false"));

    private K6ScenarioCsv() {}

    /**
     * @param source the file's name, for messages and as the scenario's name
     * @throws InvalidScenario naming the file, the line (and its scenario) and the column
     */
    public static Scenario parse(String text, String source) {
        List<String> lines = text.lines().toList();
        int headerLine = 0;
        while (headerLine < lines.size() && lines.get(headerLine).isBlank()) {
            headerLine++;
        }
        if (headerLine == lines.size()) {
            throw InvalidScenario.of(
                    source, null, null, "empty; expected a header line starting with " + String.join(",", REQUIRED));
        }
        Map<String, Integer> columns = header(lines.get(headerLine), source);
        var runs = new ArrayList<ScenarioRun>();
        for (int i = headerLine + 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            runs.addAll(row(lines.get(i), i + 1, columns, source));
        }
        if (runs.isEmpty()) {
            throw InvalidScenario.of(source, null, null, "no scenario rows after the header");
        }
        String name = Path.of(source).getFileName().toString().replaceFirst("\\.csv$", "");
        return new Scenario(
                name,
                "k6 scenarios from " + source + " (the CSV format of 004_9fdac83a6b4a27d3.txt), each row on "
                        + APPROACHES.stream().map(Approach::id).collect(Collectors.joining(", "))
                        + "; each k6 script as the load it describes "
                        + "(each run's note says which), movie writes answered but not saved and a 60 s timeout as in the original",
                "004_9fdac83a6b4a27d3.txt",
                "as written, not scaled: shorten with --duration and --warmup",
                runs);
    }

    private static Map<String, Integer> header(String line, String source) {
        var columns = new LinkedHashMap<String, Integer>();
        String[] names = line.split(",", -1);
        for (int i = 0; i < names.length; i++) {
            String name = names[i].strip();
            if (!REQUIRED.contains(name) && !OPTIONAL.contains(name)) {
                throw InvalidScenario.of(
                        source,
                        null,
                        "column '" + name + "'",
                        "cannot be mapped to a stackbench run; known columns: " + String.join(", ", REQUIRED) + ", "
                                + SERVER_PROFILES);
            }
            columns.put(name, i);
        }
        for (String required : REQUIRED) {
            if (!columns.containsKey(required)) {
                throw InvalidScenario.of(source, null, "column '" + required + "'", "missing from the header");
            }
        }
        return columns;
    }

    private static List<ScenarioRun> row(String line, int lineNumber, Map<String, Integer> columns, String source) {
        String[] cells = line.split(",", -1);
        String scenario = cells.length > columns.get(SCENARIO) ? cells[columns.get(SCENARIO)].strip() : "";
        String where = "line " + lineNumber + (scenario.isEmpty() ? "" : " (scenario '" + scenario + "')");
        if (cells.length != columns.size()) {
            throw InvalidScenario.of(
                    source, null, where, "has " + cells.length + " cells, the header " + columns.size());
        }
        try {
            K6Script script = K6Script.of(cell(cells, columns, K6_CONFIG));
            int users = whole(cells, columns, CONNECTIONS, 1);
            String rate = cell(cells, columns, RATE);
            var params = new LinkedHashMap<String, String>();
            params.put(WorkloadParams.DELAY_MILLIS, String.valueOf(whole(cells, columns, DELAY, 0)));
            params.put(WorkloadParams.CALL_DEPTH, String.valueOf(whole(cells, columns, CALL_DEPTH, 0)));
            int seconds = whole(cells, columns, DURATION, 1);
            LoadOptions load = script.load(
                    users,
                    rate.isEmpty() ? null : (double) whole(cells, columns, RATE, 1),
                    seconds,
                    whole(cells, columns, WARMUP, 0));
            var properties = new LinkedHashMap<>(script.serverProperties());
            properties.putAll(
                    serverProfiles(columns.containsKey(SERVER_PROFILES) ? cell(cells, columns, SERVER_PROFILES) : ""));
            var runs = new ArrayList<ScenarioRun>();
            for (Approach approach : APPROACHES) {
                runs.add(new ScenarioRun(
                        scenario + "." + approach.id(),
                        script.describe(),
                        approach,
                        script.workload(),
                        params,
                        properties,
                        script.requests(params),
                        Path.of(""),
                        load));
            }
            return runs;
        } catch (InvalidScenario.Field e) {
            throw InvalidScenario.of(source, null, where + ": " + e.field(), e.getMessage());
        } catch (LoadOptions.InvalidOption e) {
            throw InvalidScenario.of(source, null, where, e.getMessage());
        }
    }

    private static Map<String, String> serverProfiles(String cell) {
        var properties = new LinkedHashMap<String, String>();
        if (cell.isBlank()) {
            return properties;
        }
        for (String profile : cell.split("\\|")) {
            Map<String, String> mapped = SERVER_PROFILE_PROPERTIES.get(profile.strip());
            if (mapped == null) {
                throw new InvalidScenario.Field(
                        SERVER_PROFILES,
                        "'" + profile.strip() + "' cannot be mapped"
                                + ("postgres".equals(profile.strip())
                                        ? ": the original started PostgreSQL in Docker, stackbench does not; remove it and pass --server-property stackbench.db.url=postgresql://HOST:PORT/DB (and .username, .password)"
                                        : "; known: "
                                                + String.join(
                                                        ", ",
                                                        SERVER_PROFILE_PROPERTIES.keySet().stream()
                                                                .sorted()
                                                                .toList())));
            }
            properties.putAll(mapped);
        }
        return properties;
    }

    private static String cell(String[] cells, Map<String, Integer> columns, String column) {
        return cells[columns.get(column)].strip();
    }

    private static int whole(String[] cells, Map<String, Integer> columns, String column, int minimum) {
        String cell = cell(cells, columns, column);
        try {
            int value = Integer.parseInt(cell);
            if (value >= minimum) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidScenario.Field(column, "must be a whole number >= " + minimum + ", got '" + cell + "'");
    }

    /** Known values of the k6Config column, for messages. */
    static String knownScripts() {
        return Arrays.stream(K6Script.values()).map(K6Script::fileName).collect(Collectors.joining(", "));
    }
}
