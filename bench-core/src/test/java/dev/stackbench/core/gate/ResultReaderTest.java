package dev.stackbench.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultReaderTest {

    @TempDir
    Path dir;

    /** Two entries of the same approach and workload that differ in delayMillis; two forks of three iterations each. */
    private static String jmh(String scoreUnit, boolean secondaries) {
        String entry = """
                {"benchmark": "dev.stackbench.jmh.ServerLoadBenchmark.response", "mode": "thrpt", "measurementTime": "5 s",
                 "params": {"approach": "loom-netty", "workload": "date", "delayMillis": "%s"},
                 "primaryMetric": {"score": 1000, "scoreUnit": "%s", "rawData": [[900, 1000, 1100], [1000, 1000, 1000]]},
                 "secondaryMetrics": %s}""";
        String metrics = secondaries ? """
                {"p50": {"score": 2.0, "scoreUnit": "ms", "rawData": [[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]]},
                 "p90": {"score": 3.0, "scoreUnit": "ms", "rawData": [[3.0], [3.0]]},
                 "p99": {"score": 5.0, "scoreUnit": "ms", "rawData": [[4.0, 5.0, 6.0], [5.0, 5.0, 5.0]]},
                 "p99.9": {"score": 9.0, "scoreUnit": "ms", "rawData": []},
                 "errors": {"score": 3.0, "scoreUnit": "requests", "rawData": [[1.0, 0.0, 2.0], [0.0, 0.0, 0.0]]}}""" : "{}";
        return "[" + entry.formatted("0", scoreUnit, metrics) + ",\n" + entry.formatted("100", scoreUnit, metrics) + "]";
    }

    @Test
    void readsJmhForksAsRunsWithLabelsThatTellEntriesApart() throws IOException {
        Path file = Files.writeString(dir.resolve("jmh.json"), jmh("ops/s", true));

        Results results = ResultReader.read(List.of(file));

        assertThat(results.targets()).containsOnlyKeys("loom-netty/date {delayMillis=0}", "loom-netty/date {delayMillis=100}");
        TargetRuns target = results.target("loom-netty/date {delayMillis=0}");
        assertThat(target.repeats()).isEqualTo(2);
        Run first = target.runs().getFirst();
        assertThat(first.reported()).containsEntry(GateMetric.RPS, 1000.0).containsEntry(GateMetric.P50, 2.0)
                .containsEntry(GateMetric.P99, 5.0).containsEntry(GateMetric.P999, 9.0);
        assertThat(first.errors()).isEqualTo(3);
        assertThat(target.runs().get(1).errors()).isZero();
        assertThat(Gate.estimates(target, "current").get(GateMetric.RPS).hasSpread()).isTrue();
    }

    @Test
    void refusesWhatItCannotCompare() throws IOException {
        Path throughputless = Files.writeString(dir.resolve("avgt.json"), jmh("us/op", true));
        assertThatThrownBy(() -> ResultReader.read(List.of(throughputless))).isInstanceOf(GateInputException.class)
                .hasMessage(throughputless + ": dev.stackbench.jmh.ServerLoadBenchmark.response is scored in us/op, not ops/s; "
                        + "a gate compares stackbench's ServerLoadBenchmark results (throughput mode)");

        Path plain = Files.writeString(dir.resolve("plain.json"), jmh("ops/s", false));
        assertThatThrownBy(() -> ResultReader.read(List.of(plain)))
                .hasMessageContaining("has no latency percentiles; run JMH with -prof dev.stackbench.jmh.LatencyProfiler");

        Path otherSchema = Files.writeString(dir.resolve("result.json"), "{\"schema\": \"stackbench.load/0\"}");
        assertThatThrownBy(() -> ResultReader.read(List.of(otherSchema)))
                .hasMessage(otherSchema + ": schema 'stackbench.load/0' is not one a gate reads (stackbench.load/1, or JMH's -rf json)");

        Path notJson = Files.writeString(dir.resolve("notes.json"), "p99 was fine");
        assertThatThrownBy(() -> ResultReader.read(List.of(notJson))).hasMessageStartingWith(notJson + ": not JSON (");

        Path object = Files.writeString(dir.resolve("object.json"), "{\"p99\": 3}");
        assertThatThrownBy(() -> ResultReader.read(List.of(object)))
                .hasMessage(object + ": neither a stackbench result (no \"schema\") nor JMH JSON (not an array)");

        Path emptyJmh = Files.writeString(dir.resolve("empty.json"), "[]");
        assertThatThrownBy(() -> ResultReader.read(List.of(emptyJmh))).hasMessage(emptyJmh + ": a JMH result with no benchmarks");

        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> ResultReader.read(List.of(missing))).hasMessage(missing + ": no such file or directory");

        Path emptyDir = Files.createDirectory(dir.resolve("runs"));
        assertThatThrownBy(() -> ResultReader.read(List.of(emptyDir))).hasMessage(emptyDir + ": no result.json in this directory or below it");
    }
}
