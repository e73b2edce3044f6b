package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.result.Metric;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ChecksBehaviour
class GateRulesTest {

    @TempDir
    Path dir;

    @Test
    void readsEveryKindOfRuleFromYaml() throws IOException {
        Path file = write("rules.yaml", """
                schema: stackbench.gate-rules/1
                rules:
                  - {target: "*", metric: p99, baseline: {increase: 15%, plusMillis: 2}}
                  - {target: "*", metric: rps, baseline: {decrease: 10%}}
                  - {target: "*", metric: errors, baseline: no-new-errors}
                  - {target: "*", metric: errors, max: 0}
                  - {target: loom-netty/date, metric: p50, ratio: {of: webflux-netty/date, atMost: 1.3}}
                  - {target: loom-tomcat/date, metric: rps, ratio: {of: platform-tomcat/date, atLeast: 3}}
                  - {target: platform-tomcat/date, metric: rps, bound: {concurrency: 8, delayMillis: 100, within: 10%}}
                  - {target: loom-tomcat/date, metric: rps, bound: {within: 20%}}
                  - {target: "*", metric: p99, request: post-movies, baseline: {increase: 15%}}
                """);

        assertThat(GateRules.read(file))
                .containsExactly(
                        new GateRule.BaselineLimit("*", Metric.P99, 0.15, 2),
                        new GateRule.BaselineLimit("*", Metric.RPS, 0.10, 0),
                        new GateRule.NoNewErrors("*"),
                        new GateRule.MaxErrors("*", 0),
                        new GateRule.RatioLimit("loom-netty/date", Metric.P50, "webflux-netty/date", 1.3, true),
                        new GateRule.RatioLimit("loom-tomcat/date", Metric.RPS, "platform-tomcat/date", 3, false),
                        new GateRule.StatedBound("platform-tomcat/date", 8, 100, 0.10),
                        new GateRule.ResultBound("loom-tomcat/date", 0.20),
                        new GateRule.ForRequest(new GateRule.BaselineLimit("*", Metric.P99, 0.15, 0), "post-movies"));
    }

    @Test
    void readsJsonToo() throws IOException {
        Path file = write("rules.json", """
                {"schema": "stackbench.gate-rules/1",
                 "rules": [{"target": "a", "metric": "p999", "baseline": {"increase": "20%"}}]}
                """);

        assertThat(GateRules.read(file)).containsExactly(new GateRule.BaselineLimit("a", Metric.P999, 0.20, 0));
    }

    @Test
    void theCommittedRulesParse() {
        Path committed = Path.of("..", "results", "gates", "ci-rules.yaml");
        assertThat(GateRules.read(committed)).isNotEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown field        | {target: a, metric: p99, baseline: {increase: 15%}, colour: red} | rule 1: unknown field 'colour' (known: target, metric, request, baseline, ratio, bound, max)
            no kind              | {target: a, metric: p99}                                         | rule 1: give exactly one of baseline, ratio, bound and max
            two kinds            | {target: a, metric: rps, max: 0, bound: {concurrency: 1, delayMillis: 1, within: 5%}} | rule 1: give exactly one of baseline, ratio, bound and max, not [bound, max]
            absolute latency     | {target: a, metric: p99, max: 100}                               | rule 1: absolute limits are for errors only: an absolute p99 limit flakes on a shared machine; use a baseline, a ratio or a bound
            percent as number    | {target: a, metric: p99, baseline: {increase: 15}}               | rule 1: increase is a percentage such as 15%, not 15
            both directions      | {target: a, metric: rps, ratio: {of: b, atMost: 2, atLeast: 1}}  | rule 1: a ratio needs exactly one of atMost and atLeast
            unknown metric       | {target: a, metric: p42, baseline: {increase: 1%}}               | rule 1: unknown metric 'p42'; known: p50, p90, p99, p999, rps, errors
            missing target       | {metric: p99, baseline: {increase: 1%}}                          | rule 1: 'target' is missing
            bound on latency     | {target: a, metric: p50, bound: {concurrency: 1, delayMillis: 1, within: 5%}} | rule 1: a bound (concurrency / delay) applies to rps, not p50
            ratio to itself      | {target: a, metric: p50, ratio: {of: a, atMost: 2}}              | rule 1: a ratio needs another target in 'of', not 'a'
            not gated            | {target: a, metric: p75, baseline: {increase: 1%}}               | rule 1: a gate checks p50, p90, p99, p999, rps, errors, not p75
            bound of a request   | {target: a, metric: rps, request: b, bound: {within: 5%}}        | rule 1: a bound applies to a target's whole throughput, not to the requests named 'b'
            blank request        | {target: a, metric: p99, request: " ", baseline: {increase: 1%}} | rule 1: 'request' is missing
            """)
    void badRulesNameTheRuleAndTheProblem(String name, String rule, String message) throws IOException {
        Path file = write("bad.yaml", "schema: stackbench.gate-rules/1\nrules:\n  - " + rule + "\n");

        assertThatThrownBy(() -> GateRules.read(file))
                .isInstanceOf(GateInputException.class)
                .hasMessage(file + ": " + message);
    }

    @Test
    void badFilesSayWhatIsWrong() throws IOException {
        assertThatThrownBy(() -> GateRules.read(dir.resolve("none.yaml")))
                .hasMessage(dir.resolve("none.yaml") + ": no such rules file");
        Path noSchema = write("old.yaml", "rules: []\n");
        assertThatThrownBy(() -> GateRules.read(noSchema))
                .hasMessage(noSchema + ": schema 'null' is not stackbench.gate-rules/1");
        Path empty = write("empty.yaml", "schema: stackbench.gate-rules/1\nrules: []\n");
        assertThatThrownBy(() -> GateRules.read(empty)).hasMessage(empty + ": 'rules' must be a non-empty list");
        Path broken = write("broken.yaml", "schema: [unclosed\n");
        assertThatThrownBy(() -> GateRules.read(broken))
                .isInstanceOf(GateInputException.class)
                .hasMessageStartingWith(broken + ": not YAML or JSON (");
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
