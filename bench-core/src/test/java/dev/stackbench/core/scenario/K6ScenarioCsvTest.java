package dev.stackbench.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.Stage;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The k6 scenario CSV of 004_9fdac83a6b4a27d3.txt, read as its users wrote it: one run per row and approach. */
@ChecksBehaviour
class K6ScenarioCsvTest {

    static final String HEADER =
            "scenario,k6Config,serverProfiles,delayCallDepth,delayInMillis,connections,requestsPerSecond,"
                    + "warmupDurationInSeconds,testDurationInSeconds";
    static final URI TARGET = URI.create("http://127.0.0.1:1/");

    static Scenario defaults() {
        return Scenarios.read(Path.of("src/test/resources/k6/scenarios-default.csv"));
    }

    static ScenarioRun run(Scenario scenario, String label) {
        return scenario.runs().stream()
                .filter(run -> run.label().equals(label))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void eachRowRunsOnTheOriginalsDefaultApproaches() {
        Scenario scenario = defaults();

        assertThat(scenario.name()).isEqualTo("scenarios-default");
        assertThat(scenario.runs()).hasSize(7 * 3);
        assertThat(scenario.runs().subList(0, 3))
                .extracting(ScenarioRun::label)
                .containsExactly("smoketest.loom-tomcat", "smoketest.loom-netty", "smoketest.webflux-netty");
        assertThat(scenario.runs().subList(0, 3))
                .extracting(ScenarioRun::approach)
                .containsExactly(Approach.LOOM_TOMCAT, Approach.LOOM_NETTY, Approach.WEBFLUX_NETTY);
    }

    /** k6's rps option caps users at a rate: here the open model at that rate, the users the connection cap. */
    @Test
    void aRateRowIsTheOpenModelWithTheUsersAsConnections() {
        ScenarioRun run = run(defaults(), "5k-vus-and-rps-get-time.loom-netty");
        LoadRun load = run.loadRun(TARGET);

        assertThat(run.workload()).isEqualTo(Workload.DATE);
        assertThat(run.resolvedWorkloadParams())
                .containsEntry("delayMillis", "100")
                .containsEntry("callDepth", "0");
        assertThat(load.profile()).isEqualTo(new LoadProfile.Open(5000, Duration.ofSeconds(300)));
        assertThat(load.connections()).isEqualTo(5000);
        assertThat(load.warmup()).isEqualTo(Duration.ofSeconds(10));
        assertThat(load.responseTimeout()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void getMoviesAsksForAllensMoviesWithTheRowsDelayAndCallDepth() {
        ScenarioRun run = run(defaults(), "10k-vus-and-rps-get-movies-call-depth-1.webflux-netty");

        assertThat(run.workload()).isEqualTo(Workload.MOVIES);
        assertThat(run.mix().entries())
                .singleElement()
                .satisfies(entry -> assertThat(entry.template().pathAndQuery())
                        .isEqualTo("/movies?director=Allen&delayMillis=100&callDepth=1"));
        assertThat(run.serverProperties()).containsEntry("stackbench.movies.read-only", "true");
    }

    @Test
    void theSteppedSpikeRisesInFourStepsAndFallsOverTheLastFifth() {
        ScenarioRun run = run(defaults(), "20k-vus-stepped-spike-get-movies.loom-tomcat");
        var profile = (LoadProfile.RampingUsers) run.loadRun(TARGET).profile();

        assertThat(profile.stages())
                .containsExactly(
                        stage(18, 5000),
                        stage(42, 5000),
                        stage(18, 10000),
                        stage(42, 10000),
                        stage(18, 15000),
                        stage(42, 15000),
                        stage(18, 20000),
                        stage(42, 20000),
                        stage(60, 0));
        assertThat(profile.thinkTime()).isEqualTo(ThinkTime.parse("1s..3s"));
    }

    @Test
    void theSmoothSpikeWithPostsSendsTheMoviesMixAndMapsNoCache() {
        ScenarioRun run = run(defaults(), "20k-vus-smooth-spike-get-post-movies.webflux-netty");
        var profile = (LoadProfile.RampingUsers) run.loadRun(TARGET).profile();

        assertThat(profile.stages()).containsExactly(stage(240, 20000), stage(60, 0));
        assertThat(run.mix().entries())
                .extracting(entry -> entry.template().method())
                .containsExactly("GET", "GET", "GET", "POST");
        assertThat(run.serverProperties()).containsEntry("stackbench.movies.cache", "false");
    }

    @Test
    void sharpSpikesAreTenRisesAndFalls() {
        ScenarioRun run = run(defaults(), "20k-vus-sharp-spikes-get-post-movies.loom-netty");
        var profile = (LoadProfile.RampingUsers) run.loadRun(TARGET).profile();

        assertThat(profile.stages())
                .hasSize(40)
                .startsWith(stage(10, 20000), stage(10, 20000), stage(10, 0), stage(10, 0));
        assertThat(run.length()).isEqualTo(Duration.ofSeconds(400));
    }

    @Test
    void theOlderHeaderWithoutServerProfilesReadsToo() {
        Scenario scenario = K6ScenarioCsv.parse("""
                scenario,k6Config,delayCallDepth,delayInMillis,connections,requestsPerSecond,warmupDurationInSeconds,testDurationInSeconds
                1k-vus-and-rps-get-time-no-delay,get-time.js,0,0,1000,,10,300
                """, "scenarios.csv");

        LoadRun load = scenario.runs().get(0).loadRun(TARGET);
        assertThat(load.profile())
                .isEqualTo(new LoadProfile.Closed(
                        1000, ThinkTime.NONE, Duration.ofSeconds(300), java.util.OptionalLong.empty()));
    }

    @Test
    void commandLineDurationsShortenTheRowsToo() {
        Scenario shortened = defaults()
                .overriddenBy(
                        LoadOptions.builder().duration("2s").warmup("1s").build(),
                        java.util.Map.of(),
                        java.util.Map.of());

        assertThat(run(shortened, "20k-vus-stepped-spike-get-movies.loom-tomcat")
                        .length())
                .isEqualTo(Duration.ofSeconds(2));
        assertThat(run(shortened, "smoketest.loom-tomcat").length()).isEqualTo(Duration.ofSeconds(3));
    }

    /** The seed's own example rows, verbatim: the second names a k6 script no one can map (and PostgreSQL in Docker). */
    @Test
    void theSeedsVerbatimExampleIsRefusedAtItsUnmappableRow() {
        assertThatThrownBy(() -> Scenarios.read(Path.of("src/test/resources/k6/seed-example.csv")))
                .isInstanceOf(InvalidScenario.class)
                .hasMessage(Path.of("src/test/resources/k6/seed-example.csv")
                        + ": line 3 (scenario '20k-vus-smooth-spike-get-movies]'): "
                        + "k6Config: 'k6-20k-vus-smooth-spike-get-movies].js' cannot be mapped: stackbench does not run k6 scripts, it knows these: "
                        + "get-time.js, get-movies.js, get-movies-stepped-vus-spike.js, get-movies-smooth-vus-spike.js, "
                        + "get-post-movies-smooth-vus-spike.js, get-post-movies-sharp-vus-spikes.js");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '^',
            quoteCharacter = '"',
            value = {
                "x,get-time.js,postgres|no-cache,0,100,10,10,0,120"
                        + "^ their.csv: line 2 (scenario 'x'): serverProfiles: 'postgres' cannot be mapped: the original started PostgreSQL in Docker, "
                        + "stackbench does not; remove it and pass --server-property stackbench.db.url=postgresql://HOST:PORT/DB (and .username, .password)",
                "x,get-time.js,rest-client,0,100,10,10,0,120"
                        + "^ their.csv: line 2 (scenario 'x'): serverProfiles: 'rest-client' cannot be mapped; known: no-cache",
                "x,get-time.js,,0,100,many,10,0,120"
                        + "^ their.csv: line 2 (scenario 'x'): connections: must be a whole number >= 1, got 'many'",
                "x,get-movies-smooth-vus-spike.js,,0,100,100,50,0,120"
                        + "^ their.csv: line 2 (scenario 'x'): requestsPerSecond: must be empty for get-movies-smooth-vus-spike.js, whose users set their own pace (think time 1s..3s)",
                "x,get-time.js,,0,100,10,10,0" + "^ their.csv: line 2 (scenario 'x'): has 8 cells, the header 9",
                "x,get-time.js,,0,100,10,10,0,0"
                        + "^ their.csv: line 2 (scenario 'x'): testDurationInSeconds: must be a whole number >= 1, got '0'"
            })
    void aRowThatCannotBeMappedIsOneLineNamingTheLineAndColumn(String row, String message) {
        assertThatThrownBy(() -> K6ScenarioCsv.parse(HEADER + "\n" + row + "\n", "their.csv"))
                .isInstanceOf(InvalidScenario.class)
                .hasMessage(message);
    }

    @Test
    void anUnknownColumnIsNamed() {
        assertThatThrownBy(() -> K6ScenarioCsv.parse(
                        HEADER + ",clientImpl\nx,get-time.js,,0,100,10,10,0,120,jdk\n", "their.csv"))
                .hasMessage(
                        "their.csv: column 'clientImpl': cannot be mapped to a stackbench run; known columns: scenario, k6Config, "
                                + "delayCallDepth, delayInMillis, connections, requestsPerSecond, warmupDurationInSeconds, testDurationInSeconds, serverProfiles");
        assertThatThrownBy(() -> K6ScenarioCsv.parse("scenario,k6Config\n", "their.csv"))
                .hasMessage("their.csv: column 'delayCallDepth': missing from the header");
    }

    private static Stage stage(int seconds, int users) {
        return new Stage(Duration.ofSeconds(seconds), users);
    }
}
