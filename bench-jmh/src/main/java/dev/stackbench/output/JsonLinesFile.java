package dev.stackbench.output;

import dev.stackbench.core.load.engine.LiveInterval;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.TimelineRow;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.TimelinePhase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

/**
 * {@code --output json=FILE}: one JSON object per interval, one line each, appended to FILE and flushed at once, so
 * that {@code tail -f FILE | jq} follows the run. Each line holds the interval's timeline row and the counters since
 * the run's start; the last line's {@code totals.measured} are result.json's {@code requests}. A line that cannot be
 * written is said once, in one warning line, and the run goes on.
 *
 * <pre>{@code
 * {"time":"2026-06-04T10:15:03.000Z","target":"http://127.0.0.1:8080/","agent":null,
 *  "interval":{"endSecond":3.0,"phase":"measured","rps":200.0,...},
 *  "totals":{"warmup":{...},"measured":{"scheduled":400,"sent":400,"ok":398,"errors":2,"errorsByClass":{"http_503":2},"late":0}},
 *  "byRequest":[{"name":"get","ok":398,"errors":2,"errorsByClass":{"http_503":2}}]}
 * }</pre>
 */
final class JsonLinesFile implements LiveOutput {

    /**
     * One line.
     *
     * @param agent the agent's name under {@code agent --output}; null on a single generator
     */
    record Line(
            String time,
            String target,
            String agent,
            TimelineRow interval,
            Map<String, LiveInterval.Totals> totals,
            List<NamedTotals> byRequest) {}

    /** A request name's measured requests since the start. */
    record NamedTotals(String name, long ok, long errors, Map<ErrorClass, Long> errorsByClass) {}

    /** result.json's mapper, one line per object. */
    private static final ObjectWriter JSON = ResultFiles.json().writer().without(SerializationFeature.INDENT_OUTPUT);

    private final OutputSpec.JsonLines spec;
    private final String agent;
    private final PrintWriter err;
    private final Writer out;
    private boolean warned;

    JsonLinesFile(OutputSpec.JsonLines spec, String agent, PrintWriter err) {
        this.spec = spec;
        this.agent = agent;
        this.err = err;
        try {
            this.out = Files.newBufferedWriter(
                    spec.file(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "--output json=" + spec.file() + ": cannot open it for appending: " + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "json: " + spec.file().toAbsolutePath() + " (one line per interval, appended)";
    }

    @Override
    public void update(LiveInterval interval, LiveSeries.Snapshot snapshot) {
        var line = new Line(
                Instant.ofEpochMilli(interval.endEpochMillis()).toString(),
                interval.target(),
                agent,
                interval.row(),
                Map.of(
                        TimelinePhase.WARMUP.id(), interval.totals(TimelinePhase.WARMUP),
                        TimelinePhase.MEASURED.id(), interval.totals(TimelinePhase.MEASURED)),
                interval.byRequest().stream()
                        .map(named -> new NamedTotals(named.name(), named.ok(), named.errors(), named.errorsByClass()))
                        .toList());
        try {
            out.write(JSON.writeValueAsString(line));
            out.write('\n');
            out.flush(); // a reader tailing the file sees the whole line now
        } catch (IOException e) {
            if (!warned) {
                warned = true;
                err.println("WARNING: --output json: cannot write to " + spec.file() + " (" + e.getMessage()
                        + "); the run goes on, its results are unaffected, and this is not said again");
                err.flush();
            }
        }
    }

    @Override
    public void finish(LiveSeries.Snapshot last) {
        // Every line was flushed as it was written.
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            err.println("WARNING: --output json: closing " + spec.file() + ": " + e.getMessage());
            err.flush();
        }
    }
}
