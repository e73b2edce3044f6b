package dev.stackbench.core.result.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineFile;
import dev.stackbench.core.machine.TestMachines;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.Summary;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one reader of results: JMH JSON, result.json of every schema there is, committed old results, and what it refuses. */
@ChecksBehaviour
class ResultReaderTest {

    /** Committed results of the reference experiments: the old files that must keep reading (STYLE.md, HdrHistogram). */
    static final Path RESULTS = Path.of("..", "results");

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
        return "[" + entry.formatted("0", scoreUnit, metrics) + ",\n" + entry.formatted("100", scoreUnit, metrics)
                + "]";
    }

    @Test
    void readsJmhForksAsRunsAndTheirIterationsAsSamples() throws IOException {
        Path file = Files.writeString(dir.resolve("jmh.json"), jmh("ops/s", true));

        RecordedResults results = ResultReader.read(List.of(file));

        assertThat(results.targets())
                .containsOnlyKeys("loom-netty/date {delayMillis=0}", "loom-netty/date {delayMillis=100}");
        RecordedTarget target = results.target("loom-netty/date {delayMillis=0}");
        assertThat(target.repeats()).isEqualTo(2);
        RecordedRun first = target.runs().getFirst();
        assertThat(first.isLoadRun()).isFalse();
        assertThat(first.reported())
                .containsEntry(Metric.RPS, 1000.0)
                .containsEntry(Metric.P50, 2.0)
                .containsEntry(Metric.P99, 5.0)
                .containsEntry(Metric.P999, 9.0);
        assertThat(first.errors()).isEqualTo(3);
        assertThat(target.runs().get(1).errors()).isZero();
        assertThat(first.iterations())
                .extracting(iteration -> iteration.value(Metric.RPS))
                .containsExactly(900.0, 1000.0, 1100.0);
        assertThat(first.iterations())
                .extracting(iteration -> iteration.value(Metric.P50))
                .containsExactly(1.0, 2.0, 3.0);
        assertThat(first.iterations())
                .as("a secondary without per-iteration values: the fork's value for each")
                .extracting(iteration -> iteration.value(Metric.P90))
                .containsExactly(3.0, 3.0, 3.0);
        assertThat(first.setup().facts())
                .containsEntry("params.delayMillis", "0")
                .containsEntry("measurementTime", "5 s");
        assertThat(first.steadiness()).isNull();
    }

    /**
     * JMH's JSON has no place for the machine: it is read from {@code NAME.machine.json} beside it; a result written
     * before fingerprints has none, and its summary says the machine is unknown.
     */
    @Test
    void theMachineIsReadFromBesideAJmhResultAndOldResultsAreMachineUnknown() throws IOException {
        Path file = Files.writeString(dir.resolve("jmh.json"), jmh("ops/s", true));
        Path without =
                Files.writeString(dir.resolve("other.json"), jmh("ops/s", true).replace("\"0\"", "\"1\""));
        Machine genoa = TestMachines.genoa();
        MachineFile.write(MachineFile.beside(file), genoa);
        Path old = Path.of("src", "test", "resources", "old-results", "seed-002-webflux-netty", "result.json");

        assertThat(MachineFile.beside(file)).hasFileName("jmh.machine.json");
        assertThat(ResultReader.readFile(file))
                .allSatisfy(run -> assertThat(run.machine()).isEqualTo(genoa));
        assertThat(ResultReader.readFile(without))
                .allSatisfy(run -> assertThat(run.machine()).isNull());
        RecordedRun oldRun = ResultReader.readFile(old).getFirst();
        assertThat(oldRun.machine()).isNull();
        assertThat(Summary.of(oldRun.result())).contains("Machine:      " + Machine.UNKNOWN);
        Files.writeString(MachineFile.beside(without), "{\"not\": \"a machine\"}");
        assertThatThrownBy(() -> ResultReader.readFile(without))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageContaining("other.machine.json: not a machine's fingerprint");
    }

    /** JMH's files say nothing of the shard they came from: a file given twice, or its copy, would be two repeats. */
    @Test
    void aFileGivenTwiceOrItsCopyIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("jmh.json"), jmh("ops/s", true));
        Path copy = Files.copy(file, dir.resolve("copy.json"));

        assertThatThrownBy(() -> ResultReader.read(List.of(file, file)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessage(file + ": given twice");
        assertThatThrownBy(() -> ResultReader.read(List.of(file, copy)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessage(copy + ": the same contents as " + file
                        + ": one measurement given twice would count as two repeats");
        assertThat(ResultReader.read(List.of(file)).runs()).hasSize(4);
    }

    @Test
    void refusesWhatItCannotRead() throws IOException {
        Path throughputless = Files.writeString(dir.resolve("avgt.json"), jmh("us/op", true));
        assertThatThrownBy(() -> ResultReader.read(List.of(throughputless)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessage(throughputless
                        + ": dev.stackbench.jmh.ServerLoadBenchmark.response is scored in us/op, not ops/s; "
                        + "a gate compares stackbench's ServerLoadBenchmark results (throughput mode)");

        Path plain = Files.writeString(dir.resolve("plain.json"), jmh("ops/s", false));
        assertThatThrownBy(() -> ResultReader.read(List.of(plain)))
                .hasMessageContaining(
                        "has no latency percentiles; run JMH with -prof dev.stackbench.jmh.LatencyProfiler");

        Path otherSchema = Files.writeString(dir.resolve("result.json"), "{\"schema\": \"stackbench.load/0\"}");
        assertThatThrownBy(() -> ResultReader.read(List.of(otherSchema)))
                .hasMessage(
                        otherSchema
                                + ": schema 'stackbench.load/0' is not one stackbench reads (stackbench.load/1, or JMH's -rf json)");

        Path notJson = Files.writeString(dir.resolve("notes.json"), "p99 was fine");
        assertThatThrownBy(() -> ResultReader.read(List.of(notJson))).hasMessageStartingWith(notJson + ": not JSON (");

        Path empty = Files.writeString(dir.resolve("empty-result.json"), "");
        assertThatThrownBy(() -> ResultReader.read(List.of(empty))).hasMessage(empty + ": empty file");

        Path object = Files.writeString(dir.resolve("object.json"), "{\"p99\": 3}");
        assertThatThrownBy(() -> ResultReader.read(List.of(object)))
                .hasMessage(object + ": neither a stackbench result (no \"schema\") nor JMH JSON (not an array)");

        Path partial = Files.writeString(
                dir.resolve("partial.json"), "{\"schema\": \"stackbench.load/1\", \"target\": {\"label\": \"x\"}}");
        assertThatThrownBy(() -> ResultReader.read(List.of(partial)))
                .hasMessage(partial + ": field 'profile' is missing");

        Path emptyJmh = Files.writeString(dir.resolve("empty.json"), "[]");
        assertThatThrownBy(() -> ResultReader.read(List.of(emptyJmh)))
                .hasMessage(emptyJmh + ": a JMH result with no benchmarks");

        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> ResultReader.read(List.of(missing)))
                .hasMessage(missing + ": no such file or directory");

        Path emptyDir = Files.createDirectory(dir.resolve("runs"));
        assertThatThrownBy(() -> ResultReader.read(List.of(emptyDir)))
                .hasMessage(emptyDir + ": no result.json in this directory or below it");
    }

    /** Results of the format's first version, as then committed, still read: no steadiness, one interval a second. */
    @Test
    void resultsWrittenBeforeTheDrainStillRead() throws IOException {
        RecordedResults results = ResultReader.read(List.of(Path.of("src", "test", "resources", "old-results")));
        assertThat(results.runs()).hasSize(3).allSatisfy(run -> {
            assertThat(run.steadiness())
                    .as("written before stackbench judged steadiness: unknown")
                    .isNull();
            assertThat(run.result().generator())
                    .as("written before stackbench watched its generator: unknown")
                    .isNull();
            assertThat(run.result().startup())
                    .as("written before start-up was recorded: unknown")
                    .isNull();
            assertThat(run.result().target().upstream())
                    .as("written before upstream services: none")
                    .isNull();
            if (run.result().jvm() != null) {
                assertThat(run.result().jvm().upstreamCpuSeconds()).isNull();
                assertThat(run.result().jvm().processResidentMaxBytes()).isNull();
                assertThat(run.result().jvm().heapPeakBytes()).isNull();
            }
            assertThat(run.intervals()).hasSize((int) run.result().window().measuredSeconds());
            assertThat(run.intervals())
                    .allSatisfy(interval -> assertThat(interval.completed()).isNull());
            assertThat(run.result().requests().ok()).isPositive();
        });
    }

    /** Every committed result reads, with its latency.hlog: the old files of the reference experiments stay readable. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "seed-000",
                "seed-001",
                "seed-001-postgres",
                "seed-002",
                "seed-003",
                "seed-003-postgres",
                "seed-004"
            })
    void committedResultsReadWithTheirHistograms(String seed) throws IOException {
        RecordedResults results = ResultReader.read(List.of(RESULTS.resolve(seed)));

        long files;
        try (Stream<Path> walk = Files.walk(RESULTS.resolve(seed))) {
            files = walk.filter(path -> path.getFileName().toString().equals(ResultFiles.RESULT_JSON))
                    .count();
        }
        assertThat(results.runs()).hasSize((int) files).isNotEmpty();
        for (RecordedRun run : results.runs()) {
            assertThat(run.isLoadRun()).isTrue();
            assertThat(run.label()).isEqualTo(run.result().target().label()).isNotBlank();
            assertThat(run.intervals().stream().mapToLong(IntervalHistogram::ok).sum())
                    .isEqualTo(run.result().latencyMs().count());
            if (run.steadiness() == null) {
                // Written before the drain: one interval per measured second.
                assertThat(run.intervals()).as(run.source()).hasSize((int)
                        run.result().window().measuredSeconds());
            } else {
                // The window's intervals carry its throughput (one a second, the last one shorter if the window
                // ended early), the drain's follow them.
                double seconds = run.result().window().measuredSeconds();
                assertThat(run.intervals().stream()
                                .filter(interval -> interval.completed() != null)
                                .count())
                        .as(run.source())
                        .isBetween((long) Math.floor(seconds), (long) Math.ceil(seconds) + 1);
            }
            assertThat(run.setup().facts()).containsKeys("model", "durationSeconds", "workload");
            if (run.result().latencyMs().count() > 0) {
                assertThat(run.latencyNanos().getValueAtPercentile(99) / 1e6)
                        .isEqualTo(run.result().latencyMs().p99());
            }
        }
    }

    @Test
    void resultsWithoutLabelsAreNamedByApproachAndWorkload() throws IOException {
        Path run = copyOf("seed-002/loom-tomcat");
        Path json = run.resolve(ResultFiles.RESULT_JSON);
        Files.writeString(json, Files.readString(json).replace("\"label\" : \"loom-tomcat\",", ""));

        assertThat(ResultReader.read(List.of(json)).targets()).containsOnlyKeys("loom-tomcat/date");
    }

    /** A latency.hlog that cannot be what result.json says it is: unusable, naming the file, never silently ignored. */
    @ParameterizedTest
    @ValueSource(strings = {"garbage", "empty", "truncated-lines", "truncated-mid-line", "other-run", "header-only"})
    void aBrokenLatencyLogIsRefusedNamingIt(String damage) throws IOException {
        Path run = copyOf("seed-002/loom-tomcat");
        Path hlog = run.resolve(ResultFiles.LATENCY_HLOG);
        String text = Files.readString(hlog);
        List<String> lines = text.lines().toList();
        switch (damage) {
            case "garbage" -> Files.writeString(hlog, "this is not a histogram log\n1,2,three,AAAA\n");
            case "empty" -> Files.writeString(hlog, "");
            case "truncated-lines" -> Files.write(hlog, lines.subList(0, lines.size() - 5));
            case "truncated-mid-line" ->
                Files.writeString(hlog, text.substring(0, text.length() - 40), StandardCharsets.UTF_8);
            case "other-run" ->
                Files.copy(
                        RESULTS.resolve("seed-002/webflux-netty").resolve(ResultFiles.LATENCY_HLOG),
                        hlog,
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            default ->
                Files.write(
                        hlog,
                        lines.stream()
                                .filter(line -> line.startsWith("#") || line.startsWith("\""))
                                .toList());
        }

        assertThatThrownBy(() -> ResultReader.read(List.of(run)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageStartingWith(hlog + ": ");
    }

    @Test
    void repeatsOfALabelMustBeMeasuredAlike() throws IOException {
        Path one = copyOf("seed-002/loom-tomcat");
        Path other = Files.createDirectories(dir.resolve("other"));
        Path json = other.resolve(ResultFiles.RESULT_JSON);
        Files.writeString(
                json,
                Files.readString(one.resolve(ResultFiles.RESULT_JSON))
                        .replace("\"concurrency\" : 300", "\"concurrency\" : 301"));

        assertThatThrownBy(() -> ResultReader.read(List.of(one, other)))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageContaining("both measure 'loom-tomcat' but differently (concurrency 301 vs 300)");
    }

    private Path copyOf(String committedRun) throws IOException {
        Path copy = Files.createDirectories(dir.resolve(committedRun.replace('/', '-')));
        for (String name : List.of(ResultFiles.RESULT_JSON, ResultFiles.LATENCY_HLOG)) {
            Files.copy(RESULTS.resolve(committedRun).resolve(name), copy.resolve(name));
        }
        return copy;
    }
}
