package dev.stackbench.core.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Finds and reads the runs a report is made of. Each argument is a result.json, a run directory holding
 * one, or a directory searched for them. Everything is read and checked before anything is written;
 * a problem is a {@link BadReportInput} naming the file and what is wrong with it.
 */
public final class ReportInput {

    /** Newer results may carry fields this version does not know; they are ignored, the schema guards the rest. */
    private static final JsonMapper READER = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    /** A run as the report sees it: its result and, when the files beside it hold them, its histograms. */
    public record LoadedRun(Path resultFile, RunResult result, Histogram latencyNanos, List<Histogram> intervalLatencyNanos) {

        public String label() {
            return result.target().label();
        }
    }

    /** Bad input: the message names the file and the problem, in one line. */
    public static final class BadReportInput extends IllegalArgumentException {
        BadReportInput(Path path, String problem) {
            super(path + ": " + problem);
        }
    }

    private ReportInput() {
    }

    public static List<LoadedRun> load(List<Path> arguments) {
        if (arguments.isEmpty()) {
            throw new IllegalArgumentException("give at least one result.json, run directory or directory of runs");
        }
        var runs = new ArrayList<LoadedRun>();
        for (Path argument : arguments) {
            for (Path file : resultFiles(argument)) {
                runs.add(read(file));
            }
        }
        return runs;
    }

    private static List<Path> resultFiles(Path argument) {
        if (!Files.exists(argument)) {
            throw new BadReportInput(argument, "no such file or directory");
        }
        if (Files.isRegularFile(argument)) {
            return List.of(argument);
        }
        try (Stream<Path> walk = Files.walk(argument)) {
            List<Path> found = walk.filter(path -> path.getFileName().toString().equals(ResultFiles.RESULT_JSON))
                    .filter(Files::isRegularFile).sorted().toList();
            if (found.isEmpty()) {
                throw new BadReportInput(argument, "no " + ResultFiles.RESULT_JSON + " in this directory or below it");
            }
            return found;
        } catch (IOException | UncheckedIOException e) {
            throw new BadReportInput(argument, "cannot be read: " + e.getMessage());
        }
    }

    static LoadedRun read(Path file) {
        RunResult result;
        try {
            JsonNode tree = READER.readTree(file.toFile());
            JsonNode schema = tree == null ? null : tree.get("schema");
            if (schema == null || !schema.isString()) {
                throw new BadReportInput(file, "not a stackbench result (no \"schema\" field; expected \"" + RunResult.SCHEMA + "\")");
            }
            if (!RunResult.SCHEMA.equals(schema.asString())) {
                throw new BadReportInput(file, "schema \"" + schema.asString() + "\" is not supported; expected \"" + RunResult.SCHEMA + "\"");
            }
            result = READER.treeToValue(tree, RunResult.class);
        } catch (JacksonException e) {
            throw new BadReportInput(file, "not a valid result: " + e.getOriginalMessage());
        }
        if (result.target() == null || result.target().label() == null || result.timeline() == null || result.latencyMs() == null) {
            throw new BadReportInput(file, "not a complete result: target, label, latencyMs and timeline are required");
        }
        Path hlog = file.resolveSibling(ResultFiles.LATENCY_HLOG);
        var intervals = Files.isRegularFile(hlog) ? readLatencyIntervals(hlog) : List.<Histogram>of();
        Histogram total = null;
        if (!intervals.isEmpty()) {
            total = new Histogram(3);
            intervals.forEach(total::add);
        }
        return new LoadedRun(file, result, total, intervals);
    }

    /** The measured window's per-interval latency histograms (tag {@code latency}) of a .hlog. */
    private static List<Histogram> readLatencyIntervals(Path hlog) {
        var intervals = new ArrayList<Histogram>();
        try (InputStream in = Files.newInputStream(hlog)) {
            var reader = new HistogramLogReader(in);
            for (var histogram = reader.nextIntervalHistogram(); histogram != null; histogram = reader.nextIntervalHistogram()) {
                if ("latency".equals(histogram.getTag()) && histogram instanceof Histogram latency) {
                    intervals.add(latency);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new BadReportInput(hlog, "not a readable HdrHistogram log: " + e.getMessage());
        }
        return intervals;
    }
}
