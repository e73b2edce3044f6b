package dev.stackbench.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** YAML scenarios: defaults merge into runs, and every mistake is one line naming the file, the run and the field. */
@ChecksBehaviour
class ScenarioYamlTest {

    static final String GOOD = """
            name: two
            source: 002_e1fff1900da395c2.txt
            scale: 1 s becomes 500 ms
            description: reactive vs imperative
            defaults:
              workload: date
              workload-params: {delayMillis: 500}
              server-properties: {server.tomcat.threads.max: 200}
              load: {concurrency: 300, duration: 20s, warmup: 5s, no-keep-alive: true}
            runs:
              - label: tomcat
                approach: platform-tomcat
                server-properties: {server.tomcat.threads.max: 10}
              - label: netty-open
                note: added
                approach: webflux-netty
                workload-params: {callDepth: 1}
                load: {rate: 500, think-time: null}
              - label: crud-thinking
                approach: loom-netty
                workload: crud
                load: {think-time: 1s..3s}
            """;

    @Test
    void runsInheritTheDefaultsAndOverrideThemFieldByField() {
        Scenario scenario = ScenarioYaml.parse(GOOD, "two.yaml", Path.of(""));

        assertThat(scenario.name()).isEqualTo("two");
        assertThat(scenario.runs())
                .extracting(ScenarioRun::label)
                .containsExactly("tomcat", "netty-open", "crud-thinking");
        ScenarioRun tomcat = scenario.runs().get(0);
        assertThat(tomcat.approach()).isEqualTo(Approach.PLATFORM_TOMCAT);
        assertThat(tomcat.serverProperties()).containsEntry("server.tomcat.threads.max", "10");
        assertThat(tomcat.workloadParams()).containsEntry("delayMillis", "500");
        assertThat(tomcat.load().profile(LoadOption.Naming.SCENARIO_FILE))
                .isEqualTo(new LoadProfile.Closed(
                        300, ThinkTime.NONE, Duration.ofSeconds(20), java.util.OptionalLong.empty()));
        ScenarioRun open = scenario.runs().get(1);
        assertThat(open.workloadParams()).containsEntry("delayMillis", "500").containsEntry("callDepth", "1");
        assertThat(open.load().profile(LoadOption.Naming.SCENARIO_FILE))
                .isEqualTo(new LoadProfile.Open(500, Duration.ofSeconds(20)));
        assertThat(open.loadRun(java.net.URI.create("http://127.0.0.1:1/")).keepAlive())
                .isFalse();
        ScenarioRun crud = scenario.runs().get(2);
        assertThat(crud.workload()).isEqualTo(Workload.CRUD);
        assertThat(crud.mix().entries()).hasSize(5);
    }

    @Test
    void theCommandLineWinsOverTheFile() {
        Scenario scenario = ScenarioYaml.parse(GOOD, "two.yaml", Path.of(""))
                .overriddenBy(
                        LoadOptions.builder().duration("2s").warmup("1s").build(),
                        Map.of("delayMillis", "5"),
                        Map.of("server.tomcat.threads.max", "50"));

        ScenarioRun tomcat = scenario.runs().get(0);
        assertThat(tomcat.length()).isEqualTo(Duration.ofSeconds(3));
        assertThat(tomcat.workloadParams()).containsEntry("delayMillis", "5");
        assertThat(tomcat.serverSpec().serverProperties()).containsEntry("server.tomcat.threads.max", "50");
        assertThat(scenario.runs().get(2).workloadParams())
                .as("crud has no delayMillis")
                .isEmpty();
        assertThatThrownBy(() -> scenario.overriddenBy(LoadOptions.NONE, Map.of("depth", "1"), Map.of()))
                .hasMessage(
                        "two: no run's workload has the parameter 'depth'; its workloads have: delayMillis, callDepth, pageSize");
    }

    @Test
    void onlyKeepsTheNamedRunsOrTheApproach() {
        Scenario scenario = ScenarioYaml.parse(GOOD, "two.yaml", Path.of(""));

        assertThat(scenario.only(java.util.Set.of("tomcat"), null).runs())
                .extracting(ScenarioRun::label)
                .containsExactly("tomcat");
        assertThat(scenario.only(java.util.Set.of(), Approach.WEBFLUX_NETTY).runs())
                .extracting(ScenarioRun::label)
                .containsExactly("netty-open");
        assertThatThrownBy(() -> scenario.only(java.util.Set.of("jetty"), null))
                .hasMessage("two: no run labelled 'jetty'; runs: tomcat, netty-open, crud-thinking");
        assertThatThrownBy(() -> scenario.only(java.util.Set.of(), Approach.ASYNC_TOMCAT))
                .hasMessage("two: no run is left to run on async-tomcat");
    }

    @Test
    void anOverrideThatBreaksARunNamesTheRun() {
        Scenario scenario = ScenarioYaml.parse(GOOD, "two.yaml", Path.of(""));

        assertThatThrownBy(() -> {
                    try {
                        scenario.overriddenBy(
                                LoadOptions.builder().duration("soon").build(), Map.of(), Map.of());
                    } catch (
                            LoadOptions.InvalidOption
                                    e) { // text is read where it is given: the command line's edge refuses it so
                        throw scenario.commandLineOptionRefused(e);
                    }
                })
                .isInstanceOf(InvalidScenario.class)
                .hasMessage(
                        "two with the command line's options: run 'tomcat': load.duration: 'soon' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {duraton: 5s}}]}"
                        + "| bad.yaml: run 'a': load.duraton: unknown key; known: concurrency, connect-timeout, connections, duration, headers, http2, insecure, no-keep-alive, rate, requests, stages, think-time, threads, timeout, tls, warmup",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {insecure: true}}]}"
                        + "| bad.yaml: run 'a': load: insecure applies to TLS: add tls: true",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {duration: soon}}]}"
                        + "| bad.yaml: run 'a': load.duration: 'soon' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h",
                "{name: bad, runs: [{label: a, approach: loom-jetty}]}"
                        + "| bad.yaml: run 'a': approach: unknown approach 'loom-jetty'; expected one of: platform-tomcat, loom-tomcat, async-tomcat, commonpool-tomcat, elastic-tomcat, loom-netty, webflux-netty, elastic-netty",
                "{name: bad, runs: [{label: a}]}"
                        + "| bad.yaml: run 'a': approach: missing; one of platform-tomcat, loom-tomcat, async-tomcat, commonpool-tomcat, elastic-tomcat, loom-netty, webflux-netty, elastic-netty",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {rate: 10, think-time: 1s}}]}"
                        + "| bad.yaml: run 'a': load.think-time: think-time and requests apply to the closed model, not to a rate",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {rate: 10, concurrency: 5}}]}"
                        + "| bad.yaml: run 'a': load: choose one of concurrency (closed model), rate (open model) and stages (ramps)",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {concurrency: many}}]}"
                        + "| bad.yaml: run 'a': load.concurrency: must be a whole number, got 'many'",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {stages: '2s:10', warmup: 2s}}]}"
                        + "| bad.yaml: run 'a': load.warmup: warmup of 2s leaves nothing to measure of 2s of stages",
                "{name: bad, runs: [{label: a, approach: loom-netty, workload-params: {depth: 2}}]}"
                        + "| bad.yaml: run 'a': workload-params: unknown workload parameter 'depth' for date; known: delayMillis, callDepth",
                "{name: bad, runs: [{label: a, approach: loom-netty, mix: ['GET:/x']}]}"
                        + "| bad.yaml: run 'a': mix: request 'GET:/x' is not [NAME=]WEIGHT:METHOD:PATH[:@BODY_FILE][;Header: value]..., e.g. 75:GET:/movies?director=Allen",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {headers: ['X-A: b']}}]}"
                        + "| bad.yaml: run 'a': load.headers: must be a mapping of header names to values, e.g. {Authorization: Bearer abc}",
                "{name: bad, runs: [{label: a, approach: loom-netty, load: {headers: {Content-Length: 5}}}]}"
                        + "| bad.yaml: run 'a': load.headers: header Content-Length is set by the generator itself",
                "{name: bad, runs: [{label: a/b, approach: loom-netty}]}"
                        + "| bad.yaml: run 'a/b': label: 'a/b' cannot name a directory: use up to 100 letters, digits and . _ - + = [ ] ( ) , and no leading dot",
                "{name: bad, runs: [{approach: loom-netty}]}" + "| bad.yaml: run 'runs[0]': label: missing",
                "{name: bad, runs: [{label: a, approach: loom-netty}, {label: a, approach: loom-tomcat}]}"
                        + "| bad.yaml: runs: two runs are labelled 'a'; labels name result directories and must differ",
                "{name: bad, runs: []}" + "| bad.yaml: runs: a scenario needs at least one run",
                "{name: bad, defaults: {load: {rate: -5}}, runs: [{label: a, approach: loom-netty}]}"
                        + "| bad.yaml: run 'a': load.rate: rate must be a positive number of requests per second, got -5.0",
                "{name: bad, runs: [{label: a, approach: loom-netty, upstream: {approach: loom-tomcat}}]}"
                        + "| bad.yaml: run 'a': upstream: upstream approach loom-tomcat is not supported: only [webflux-netty], whose threads are all its own",
                "{name: bad, runs: [{label: a, approach: loom-netty, upstream: {approach: webflux-netty, delay: 5}}]}"
                        + "| bad.yaml: run 'a': upstream.delay: unknown key; known: approach, delayMillis",
                "{name: bad, runs: [{label: a, approach: loom-netty, upstream: {delayMillis: 5}}]}"
                        + "| bad.yaml: run 'a': upstream.approach: missing; one of [webflux-netty]",
                "{name: bad, runs: [{label: a, approach: loom-netty, upstream: 'webflux-netty:soon'}]}"
                        + "| bad.yaml: run 'a': upstream: upstream 'webflux-netty:soon': expected APPROACH[:DELAY_MILLIS], e.g. webflux-netty:20",
                "{name: bad, runs: [{label: a, approach: loom-netty, upstream: {approach: webflux-netty, delayMillis: -1}}]}"
                        + "| bad.yaml: run 'a': upstream: upstream delayMillis must be 0 to 600000, got -1",
                "{name: bad, runs: [{label: a, app: x.jar, approach: loom-netty}]}"
                        + "| bad.yaml: run 'a': app: a run of your application has no approach: give either app or approach",
                "{name: bad, runs: [{label: a, app: {jar: x.jar, class: X}}]}"
                        + "| bad.yaml: run 'a': app: give jar (an executable jar) or class (a main class on the class path), not both",
                "{name: bad, runs: [{label: a, app: {jar: x.jar, ready: health}}]}"
                        + "| bad.yaml: run 'a': app: readyPath must be a path starting with '/', e.g. /actuator/health, got 'health'",
                "{name: bad, runs: [{label: a, app: {jar: x.jar, web-server: iis}}]}"
                        + "| bad.yaml: run 'a': app.web-server: unknown web server 'iis'; expected one of: tomcat, jetty, undertow, netty",
                "{name: bad, runs: [{label: a, app: {jar: x.jar, jvm-options: [-Xmx1g]}}]}"
                        + "| bad.yaml: run 'a': app: JVM options [-Xmx1g] apply to an application in a process of its own (separate process)",
                "{name: bad, runs: [{label: a, app: {jar: x.jar, port: 1}}]}"
                        + "| bad.yaml: run 'a': app.port: unknown key; known: class, jar, jvm-options, process, ready, ready-timeout, web-server",
                "{name: bad, runs: [{label: a, approach: loom-netty}], extra: 1}"
                        + "| bad.yaml: extra: unknown key; known: compare, defaults, description, name, runs, scale, source",
                "{name: bad, runs: [{label: a, approach: loom-netty" + "| bad.yaml: not valid YAML: "
            })
    void aBadFileIsOneLineNamingTheFileTheRunAndTheField(String body, String message) {
        assertThatThrownBy(() -> ScenarioYaml.parse(body, "bad.yaml", Path.of("")))
                .isInstanceOf(InvalidScenario.class)
                .satisfies(e -> assertThat(e.getMessage()).startsWith(message).doesNotContain("\n"));
    }

    /**
     * A run of the user's application: app instead of approach, inherited from the defaults unless a run names its own
     * approach or app; its jar relative to the file; its properties the run's server-properties; no workload.
     */
    @Test
    void aRunOfTheUsersApplicationNamesItsJarOrClassAndTakesItsPropertiesFromServerProperties() {
        Scenario scenario = ScenarioYaml.parse("""
                name: mine
                defaults:
                  app: target/my.jar
                  server-properties: {spring.threads.virtual.enabled: false}
                runs:
                  - label: platform
                  - label: virtual
                    server-properties: {spring.threads.virtual.enabled: true}
                  - label: own-process
                    app: {class: com.example.App, process: true, jvm-options: [-Xmx512m], ready: /actuator/health, ready-timeout: 20s}
                  - label: builtin
                    approach: loom-tomcat
                """, "mine.yaml", Path.of("/work/scenarios"));

        ScenarioRun platform = scenario.runs().get(0);
        assertThat(platform.app().source())
                .isEqualTo(
                        new dev.stackbench.core.app.AppSource.ExecutableJar(Path.of("/work/scenarios/target/my.jar")));
        assertThat(platform.workload()).isNull();
        assertThat(platform.mix()).as("without a mix: GET /").isNull();
        assertThat(scenario.runs().get(1).appSpec(null).properties())
                .containsEntry("spring.threads.virtual.enabled", "true");
        var ownProcess = scenario.runs().get(2).appSpec(Path.of("out/app.log"));
        assertThat(ownProcess.source()).isEqualTo(new dev.stackbench.core.app.AppSource.MainClass("com.example.App"));
        assertThat(ownProcess.separateProcess()).isTrue();
        assertThat(ownProcess.jvmOptions()).containsExactly("-Xmx512m");
        assertThat(ownProcess.readyPath()).isEqualTo("/actuator/health");
        assertThat(ownProcess.readyTimeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(ownProcess.logFile()).isEqualTo(Path.of("out/app.log"));
        assertThat(scenario.runs().get(3).app()).isNull();
        assertThat(scenario.runs().get(3).approach()).isEqualTo(Approach.LOOM_TOMCAT);
    }

    /** Every load option is a key of load: in a file, read as its kind; a new option without a sample here fails this test. */
    @Test
    void everyLoadOptionIsAKeyOfLoad() {
        Map<LoadOption, Map.Entry<String, Object>> samples = new java.util.EnumMap<>(Map.of(
                LoadOption.CONCURRENCY, Map.entry("concurrency: 7", 7),
                LoadOption.RATE, Map.entry("rate: 2.5", 2.5),
                LoadOption.STAGES, Map.entry("stages: '10s:5'", "10s:5"),
                LoadOption.CONNECTIONS, Map.entry("rate: 10, connections: 9", 9),
                LoadOption.DURATION, Map.entry("duration: 3s", "3s"),
                LoadOption.REQUESTS, Map.entry("requests: 11", 11L),
                LoadOption.WARMUP, Map.entry("warmup: 2s", "2s"),
                LoadOption.THINK_TIME, Map.entry("think-time: 1s..2s", "1s..2s"),
                LoadOption.TIMEOUT, Map.entry("timeout: 4s", "4s"),
                LoadOption.CONNECT_TIMEOUT, Map.entry("connect-timeout: 5s", "5s")));
        samples.put(LoadOption.THREADS, Map.entry("threads: 3", 3));
        samples.put(LoadOption.NO_KEEP_ALIVE, Map.entry("no-keep-alive: true", true));
        samples.put(LoadOption.HTTP2, Map.entry("http2: true", true));
        samples.put(LoadOption.TLS, Map.entry("tls: true", true));
        samples.put(LoadOption.INSECURE, Map.entry("insecure: true, tls: true", true));
        samples.put(
                LoadOption.HEADERS,
                Map.entry(
                        "headers: {Authorization: Bearer abc, X-Tenant: 7}",
                        List.of("Authorization: Bearer abc", "X-Tenant: 7")));

        assertThat(samples.keySet()).containsExactly(LoadOption.values());
        samples.forEach((option, sample) -> {
            String yaml = "{name: one, runs: [{label: a, approach: loom-netty, load: {" + sample.getKey() + "}}]}";
            ScenarioRun run =
                    ScenarioYaml.parse(yaml, "one.yaml", Path.of("")).runs().getFirst();
            Object value = run.load().value(option); // text is read into its kind's type, and prints back as written
            assertThat(option.kind().readsText() ? option.kind().format(value) : value)
                    .as(option.id())
                    .isEqualTo(sample.getValue());
        });
    }

    /** tls is the server's side of a run (it listens with TLS), insecure the generator's (it accepts any certificate). */
    @Test
    void tlsMakesTheRunsServerListenWithTlsAndInsecureReachesTheRun() {
        String yaml =
                "{name: one, runs: [{label: a, approach: webflux-netty, load: {tls: true, insecure: true, http2: true}},"
                        + " {label: b, approach: webflux-netty}]}";
        var runs = ScenarioYaml.parse(yaml, "one.yaml", Path.of("")).runs();

        assertThat(runs.get(0).serverSpec().tls()).isTrue();
        assertThat(runs.get(0).serverSpec().http2()).isTrue();
        assertThat(runs.get(0)
                        .loadRun(java.net.URI.create("https://127.0.0.1:8443/"))
                        .insecure())
                .isTrue();
        assertThat(runs.get(1).serverSpec().tls()).isFalse();
        assertThat(runs.get(1)
                        .loadRun(java.net.URI.create("http://127.0.0.1:8080/"))
                        .insecure())
                .isFalse();
    }

    /** A mapping or the command line's form; the defaults' upstream for every run, 'self' to call the server itself. */
    @Test
    void theUpstreamIsAMappingOrTheCommandLinesFormAndSelfIsNone() {
        String yaml =
                "{name: one, defaults: {upstream: {approach: webflux-netty, delayMillis: 7}}, runs: [{label: a, approach: loom-netty},"
                        + " {label: b, approach: loom-netty, upstream: 'webflux-netty:3'}, {label: c, approach: loom-netty, upstream: self},"
                        + " {label: d, approach: loom-netty, upstream: webflux-netty}]}";
        var runs = ScenarioYaml.parse(yaml, "one.yaml", Path.of("")).runs();

        assertThat(runs)
                .extracting(ScenarioRun::upstream)
                .containsExactly(
                        new UpstreamService(Approach.WEBFLUX_NETTY, 7),
                        new UpstreamService(Approach.WEBFLUX_NETTY, 3),
                        null,
                        new UpstreamService(Approach.WEBFLUX_NETTY, 0));
        assertThat(runs.get(0)
                        .overriddenBy(LoadOptions.NONE, Map.of(), Map.of())
                        .upstream())
                .as("kept by overrides")
                .isEqualTo(runs.get(0).upstream());
        assertThat(runs.get(0).withUpstream(null).upstream()).isNull();
    }

    @Test
    void aMissingNameIsNamed() {
        assertThatThrownBy(
                        () -> ScenarioYaml.parse("runs: [{label: a, approach: loom-netty}]", "bad.yaml", Path.of("")))
                .hasMessage("bad.yaml: name: missing");
    }
}
