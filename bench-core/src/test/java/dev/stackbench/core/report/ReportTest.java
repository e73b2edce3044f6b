package dev.stackbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.machine.TestMachines;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.read.UnreadableResultException;
import dev.stackbench.testing.ChecksBehaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page from committed results: the template escapes what results say, and input is read as a gate reads it. */
@ChecksBehaviour
class ReportTest {

    /** Results written before steadiness was judged, kept as they were (see old-results/README.md). */
    static final Path RESULTS = Path.of("src", "test", "resources", "old-results");

    @TempDir
    Path dir;

    @Test
    void thePageShowsEveryLabelAndEscapesWhatResultsSay() throws IOException {
        Path evil = copyOf("seed-002-loom-tomcat", "evil");
        Path json = evil.resolve(ResultFiles.RESULT_JSON);
        Files.writeString(
                json,
                Files.readString(json)
                        .replace("\"label\" : \"loom-tomcat\"", "\"label\" : \"<b>loom</b> & \\\"tomcat\\\"\""));
        Path other = copyOf("seed-002-webflux-netty", "webflux");

        Report.Written written = Report.write(List.of(evil, other), dir.resolve("report"));

        String page = Files.readString(written.page());
        assertThat(written.runs()).isEqualTo(2);
        assertThat(written.labels()).isEqualTo(2);
        assertThat(page)
                .startsWith("<!DOCTYPE html>")
                .contains("<tr data-label=\"&lt;b&gt;loom&lt;/b&gt; &amp; &quot;tomcat&quot;\">")
                .contains("&lt;b&gt;loom&lt;/b&gt; &amp; &quot;tomcat&quot;")
                .doesNotContain("<b>loom</b>")
                .contains(
                        "<tr data-label=\"webflux-netty\">",
                        "data-metric=\"P99\"",
                        "steadiness unknown",
                        "2 runs of 2 labels")
                .contains("What bounds the throughput", "<img src=\"throughput.png\"");
        assertThat(page)
                .as("no script, nothing fetched")
                .doesNotContain("<script", "src=\"http", "href=\"http", "@import");
        for (String chart : written.charts()) {
            assertThat(dir.resolve("report").resolve(chart)).isRegularFile();
            assertThat(page).contains("src=\"" + chart + "\"");
        }
    }

    /** A result that lost an agent says so on the page as an interrupted one does: its numbers miss part of the load. */
    @Test
    void aPartialResultIsMarkedPartialNamingTheLostAgent() throws IOException {
        Path partial = copyOf("seed-002-webflux-netty", "partial");
        Path json = partial.resolve(ResultFiles.RESULT_JSON);
        String text = Files.readString(json).strip();
        Files.writeString(json, text.substring(0, text.length() - 1) + """
                , "agents" : { "partial" : true, "clockAlignment" : "same JVM", "agents" : [
                  { "name" : "agent-a", "segment" : "0/2", "finished" : true, "clockOffsetMs" : 0.0, "roundTripMs" : 0.2 },
                  { "name" : "agent-b", "segment" : "1/2", "finished" : false, "lost" : "left the cluster 1.0 s after the start",
                    "clockOffsetMs" : 0.0, "roundTripMs" : 0.2 } ] } }
                """);
        Path whole = copyOf("seed-002-webflux-netty", "whole");

        String page = Files.readString(
                Report.write(List.of(partial), dir.resolve("partial-report")).page());
        String wholePage = Files.readString(
                Report.write(List.of(whole), dir.resolve("whole-report")).page());

        assertThat(page).contains("PARTIAL", "agent agent-b, segment 1/2: left the cluster 1.0 s after the start");
        assertThat(wholePage).doesNotContain("PARTIAL");
    }

    @Test
    void aBrokenLatencyLogOrAJmhResultIsRefusedNamingTheFileAndNothingIsWritten() throws IOException {
        Path run = copyOf("seed-002-loom-tomcat", "broken");
        Path hlog = run.resolve(ResultFiles.LATENCY_HLOG);
        Files.writeString(hlog, "");
        Path jmh = Files.writeString(dir.resolve("jmh.json"), """
                [{"benchmark": "b.response", "params": {"approach": "a", "workload": "w"},
                  "primaryMetric": {"score": 1, "scoreUnit": "ops/s", "rawData": [[1]]},
                  "secondaryMetrics": {"p50": {"score": 1}, "p99": {"score": 2}}}]""");
        Path out = dir.resolve("report");

        assertThatThrownBy(() -> Report.write(List.of(run), out))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageStartingWith(hlog + ": empty file");
        assertThatThrownBy(() -> Report.write(List.of(jmh), out))
                .isInstanceOf(UnreadableResultException.class)
                .hasMessageStartingWith(jmh + ": a JMH result: a report is made of load results");
        assertThat(out).doesNotExist();
    }

    private Path copyOf(String committedRun, String name) throws IOException {
        Path copy = Files.createDirectories(dir.resolve("runs").resolve(name));
        for (String file : List.of(ResultFiles.RESULT_JSON, ResultFiles.LATENCY_HLOG)) {
            Files.copy(RESULTS.resolve(committedRun).resolve(file), copy.resolve(file));
        }
        return copy;
    }

    /** Results of two machines are not ranked on one page unless asked, and then the page says so. */
    @Test
    void resultsOfTwoMachinesAreRefusedUnlessAcrossMachinesAndThenThePageSaysSo() throws IOException {
        Path naples = copyOf("seed-002-loom-tomcat", "naples");
        Path genoa = copyOf("seed-002-webflux-netty", "genoa");
        TestMachines.measuredOn(naples.resolve(ResultFiles.RESULT_JSON), TestMachines.naples());
        TestMachines.measuredOn(genoa.resolve(ResultFiles.RESULT_JSON), TestMachines.genoa());

        assertThatThrownBy(() -> Report.write(List.of(naples, genoa), dir.resolve("refused")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("results of different machines: 2 machines: loom-tomcat on AMD EPYC")
                .hasMessageContaining("--across-machines");
        assertThat(dir.resolve("refused")).doesNotExist();
        String page = Files.readString(Report.write(List.of(naples, genoa), dir.resolve("across"), true)
                .page());
        String oneMachine = Files.readString(
                Report.write(List.of(genoa), dir.resolve("one")).page());

        assertThat(page)
                .contains("ACROSS MACHINES (--across-machines): 2 machines:")
                .contains("AuthenticAMD family 23 model 1 stepping 2");
        assertThat(oneMachine).contains("Measured on <span>one machine: AMD EPYC (AuthenticAMD family 25 model 17");
    }
}
