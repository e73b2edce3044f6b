package dev.stackbench.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The scenarios shipped in the jar: each parses, validates, states its scale and fits this machine's time budget. */
@ChecksBehaviour
class BundledScenariosTest {

    /**
     * Short enough to run on a laptop, long enough to be honest: CPU-bound runs warm up until steady
     * (with 4 to 5 s, seed-003's runs were still climbing through their windows, and the later runs of
     * the JVM ran ahead of the earlier ones). The lengths are worst cases, each such warm-up at its cap.
     * The longest is seed-003 (27 min 8 s at worst): 22 runs, its Redis and MongoDB rows and the self-call
     * run added to the 13 it had.
     */
    static final Duration MAX_SCENARIO = Duration.ofMinutes(28);

    static final Duration MAX_ALL = Duration.ofMinutes(60);
    /** Open files: 20,000 here, and an in-process run holds both ends of each connection. */
    static final int MAX_CONNECTIONS = 9_000;

    static List<String> names() {
        return Scenarios.bundledNames();
    }

    @Test
    void everySeedHasAScenarioAndEveryScenarioFileIsListed() throws IOException {
        assertThat(names()).containsExactly("seed-000", "seed-001", "seed-002", "seed-003", "seed-004");
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/scenarios"))) {
            assertThat(files.map(file -> file.getFileName().toString())
                            .filter(name -> name.endsWith(".yaml"))
                            .map(name -> name.substring(0, name.length() - ".yaml".length())))
                    .containsExactlyInAnyOrderElementsOf(names());
        }
    }

    @ParameterizedTest
    @MethodSource("names")
    void parsesValidatesAndStatesItsSourceAndScale(String name) {
        Scenario scenario = Scenarios.bundled(name);

        assertThat(scenario.name()).isEqualTo(name);
        assertThat(scenario.source()).matches(name.substring("seed-".length()) + "_[0-9a-f]{16}\\.txt");
        assertThat(scenario.scale()).isNotBlank();
        assertThat(scenario.description()).isNotBlank();
        assertThat(scenario.runs()).allSatisfy(run -> {
            assertThat(run.note()).as(run.label()).isNotBlank();
            assertThat(run.approach().seeds().isEmpty()
                            || run.approach().seeds().contains(name.substring(5))
                            || run.note().startsWith("added"))
                    .as(run.label() + " uses an approach of its experiment, or says it is added")
                    .isTrue();
            assertThat(run.loadRun(java.net.URI.create("http://127.0.0.1:1/")).connections())
                    .as(run.label())
                    .isLessThanOrEqualTo(MAX_CONNECTIONS);
        });
        assertThat(scenario.estimatedLength()).as("estimated length").isLessThanOrEqualTo(MAX_SCENARIO);
    }

    @Test
    void allTogetherFitTheBudget() {
        Duration total = names().stream()
                .map(Scenarios::bundled)
                .map(Scenario::estimatedLength)
                .reduce(Duration.ZERO, Duration::plus);

        assertThat(total).isLessThanOrEqualTo(MAX_ALL);
    }

    /** The pools of 000_1588c31d8a7041cb.txt: the approaches' defaults, and boundedElastic's 10 x 12 cores set explicitly. */
    @Test
    void seed000KeepsTheOriginalsPoolsAndAbsConnectionPerRequest() {
        Scenario scenario = Scenarios.bundled("seed-000");

        assertThat(scenario.runs())
                .extracting(ScenarioRun::approach)
                .contains(
                        Approach.ASYNC_TOMCAT,
                        Approach.ELASTIC_TOMCAT,
                        Approach.PLATFORM_TOMCAT,
                        Approach.COMMONPOOL_TOMCAT);
        assertThat(scenario.runs())
                .filteredOn(run -> run.approach() == Approach.ELASTIC_TOMCAT)
                .allSatisfy(run ->
                        assertThat(run.serverProperties()).containsEntry("stackbench.elastic.max-threads", "120"));
        assertThat(scenario.runs())
                .allSatisfy(run -> assertThat(run.loadRun(java.net.URI.create("http://127.0.0.1:1/"))
                                .keepAlive())
                        .isFalse());
        assertThat(scenario.runs()).filteredOn(run -> run.load().rate() != null).hasSize(2);
    }

    /** 003_9af4f0812ea24427.txt's HTTP apps called a second service: so do its http-* runs, but the one added to show self-calls. */
    @Test
    void seed003sHttpRunsCallASecondService() {
        var httpRuns = Scenarios.bundled("seed-003").runs().stream()
                .filter(run -> run.label().startsWith("http-"))
                .toList();

        assertThat(httpRuns)
                .extracting(ScenarioRun::label)
                .contains(
                        "http-platform-tomcat",
                        "http-loom-tomcat",
                        "http-webflux-netty",
                        "http-loom-netty",
                        "http-platform-tomcat-100-clients",
                        "http-platform-tomcat-self");
        assertThat(httpRuns).allSatisfy(run -> assertThat(run.workloadParams()).containsEntry("callDepth", "1"));
        assertThat(httpRuns)
                .filteredOn(run -> !run.label().endsWith("-self"))
                .allSatisfy(run -> assertThat(run.upstream())
                        .as(run.label())
                        .isEqualTo(new UpstreamService(Approach.WEBFLUX_NETTY, 0)));
        assertThat(httpRuns)
                .filteredOn(run -> run.label().endsWith("-self"))
                .singleElement()
                .extracting(ScenarioRun::upstream)
                .isNull();
    }

    /** A quick try: --duration 2s --warmup 1s shortens every run of every scenario, stages included, and each stays valid. */
    @ParameterizedTest
    @MethodSource("names")
    void commandLineDurationsShortenEveryRun(String name) {
        var durations = LoadOptions.builder().duration("2s").warmup("1s").build();
        Scenario shortened = Scenarios.bundled(name).overriddenBy(durations, java.util.Map.of(), java.util.Map.of());

        assertThat(shortened.runs()).allSatisfy(run -> {
            LoadProfile profile = run.load().profile(LoadOption.Naming.SCENARIO_FILE);
            assertThat(run.length())
                    .as(run.label())
                    .isEqualTo(
                            profile instanceof LoadProfile.RampingUsers
                                    ? Duration.ofSeconds(2)
                                    : Duration.ofSeconds(3));
        });
    }
}
