package dev.stackbench.core.result;

import dev.stackbench.core.vocabulary.Numbers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a run's files into a directory, each atomically (a temporary file renamed into place),
 * so a reader never sees half a file and a failed write leaves the previous files as they were:
 * <ul>
 *   <li>{@code result.json}: the {@link RunResult}</li>
 *   <li>{@code timeline.csv}: one row per interval, warm-up rows marked</li>
 *   <li>{@code latency.hlog}: the measured intervals' histograms in HdrHistogram's log format, tagged
 *       {@code latency} (and in the open model {@code service} and {@code wait}), in nanoseconds, and
 *       {@code latency:NAME} for the requests of each request name</li>
 *   <li>{@code latency.hgrm}: the measured window's percentile distribution in milliseconds</li>
 * </ul>
 */
public final class ResultFiles {

    public static final String RESULT_JSON = "result.json";
    public static final String TIMELINE_CSV = "timeline.csv";
    public static final String LATENCY_HLOG = "latency.hlog";
    public static final String LATENCY_HGRM = "latency.hgrm";
    /** The .hlog tag of every success that completed within the window: what {@code rps} counts, interval by interval. */
    public static final String COMPLETED_TAG = "completed";
    /** The .hlog tag of the measured requests of one request name: {@code latency:post-movies}. */
    public static final String REQUEST_TAG_PREFIX = "latency:";

    /**
     * Writes indented JSON; reads results of every version of this schema: fields added since a file was
     * written read as absent (null, or 0 and false for primitives), fields since removed are ignored.
     */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ResultFiles() {}

    public static JsonMapper json() {
        return JSON;
    }

    /** @throws UncheckedIOException naming the file that could not be written */
    public static void write(Path directory, Measurement measurement) {
        var contents = new LinkedHashMap<String, byte[]>();
        contents.put(RESULT_JSON, JSON.writeValueAsBytes(measurement.result()));
        contents.put(TIMELINE_CSV, timelineCsv(measurement.result()).getBytes(StandardCharsets.UTF_8));
        contents.put(LATENCY_HLOG, hlog(measurement));
        contents.put(LATENCY_HGRM, hgrm(measurement.latency()));
        writeAll(directory, contents);
    }

    /** Fails early, before a long run, if results could not be written there. */
    public static void checkWritable(Path directory) {
        try {
            Files.createDirectories(directory);
            Path probe = Files.createTempFile(directory, ".stackbench-", ".probe");
            Files.delete(probe);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results into " + directory + ": " + reason(e), e);
        }
    }

    /** Why an I/O operation failed, in words: the JDK's messages for these are only the file's name. */
    public static String reason(IOException e) {
        return switch (e) {
            case AccessDeniedException denied -> "permission denied on " + denied.getFile();
            case NotDirectoryException notDirectory -> notDirectory.getFile() + " is not a directory";
            case FileAlreadyExistsException exists -> exists.getFile() + " exists and is not a directory";
            case NoSuchFileException missing -> missing.getFile() + " does not exist";
            case FileSystemException system
            when system.getReason() != null ->
                system.getReason() + (system.getFile() != null ? " (" + system.getFile() + ")" : "");
            default -> e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        };
    }

    /** Writes one file atomically: a temporary file beside it, renamed into place. */
    public static void writeAtomically(Path file, byte[] content) {
        Path directory = file.toAbsolutePath().getParent();
        writeAll(directory, Map.of(file.getFileName().toString(), content));
    }

    private static void writeAll(Path directory, Map<String, byte[]> contents) {
        try {
            Files.createDirectories(directory);
            var temporary = new LinkedHashMap<Path, Path>();
            try {
                for (var entry : contents.entrySet()) {
                    // Not createTempFile: its files are private (0600); results are meant to be read by others.
                    Path temp = directory.resolve("." + entry.getKey() + "." + UUID.randomUUID() + ".tmp");
                    temporary.put(temp, directory.resolve(entry.getKey()));
                    Files.write(temp, entry.getValue(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                }
                for (var entry : temporary.entrySet()) {
                    move(entry.getKey(), entry.getValue());
                }
            } finally {
                for (Path temp : temporary.keySet()) {
                    Files.deleteIfExists(temp);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results into " + directory + ": " + reason(e), e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Empty cells where a value could not be measured; JVM columns are deltas over the row's interval, heap and threads at its end. */
    static String timelineCsv(RunResult result) {
        var csv = new StringBuilder(
                "end_second,phase,rps,ok,errors,p50_ms,p90_ms,p99_ms,in_flight,queued,late,open_connections,"
                        + "server_cpu_s,client_cpu_s,measurement_cpu_s,process_cpu_s,jvm_internal_cpu_s,heap_used_bytes,allocated_bytes,"
                        + "gc_count,gc_time_ms,platform_threads,virtual_threads_started,virtual_threads_alive,pinned,loop_busy\n");
        for (TimelineRow row : result.timeline()) {
            csv.append(String.format(
                    Locale.ROOT,
                    "%.3f,%s,%.2f,%d,%d,%s,%s,%s,%d,%d,%d,%d,",
                    row.endSecond(),
                    row.phase(),
                    row.rps(),
                    row.ok(),
                    row.errors(),
                    Numbers.threeDecimals(row.p50Ms()),
                    Numbers.threeDecimals(row.p90Ms()),
                    Numbers.threeDecimals(row.p99Ms()),
                    row.inFlight(),
                    row.queued(),
                    row.late(),
                    row.openConnections()));
            var jvm = row.jvm();
            if (jvm == null) {
                csv.append(",".repeat(12));
            } else {
                csv.append(String.join(
                        ",",
                        Numbers.threeDecimals(jvm.serverCpuSeconds()),
                        Numbers.threeDecimals(jvm.clientCpuSeconds()),
                        Numbers.threeDecimals(jvm.measurementCpuSeconds()),
                        Numbers.threeDecimals(jvm.processCpuSeconds()),
                        Numbers.threeDecimals(jvm.jvmInternalCpuSeconds()),
                        String.valueOf(jvm.heapUsedBytes()),
                        count(jvm.allocatedBytes()),
                        String.valueOf(jvm.gcCount()),
                        String.valueOf(jvm.gcTimeMillis()),
                        String.valueOf(jvm.platformThreads()),
                        count(jvm.virtualThreadsStarted()),
                        count(jvm.virtualThreadsAlive()),
                        count(jvm.pinnedCount())));
            }
            csv.append(',').append(Numbers.threeDecimals(row.loopBusy())).append('\n');
        }
        return csv.toString();
    }

    private static String count(Long value) {
        return value == null ? "" : String.valueOf(value);
    }

    private static byte[] hlog(Measurement measurement) {
        var bytes = new ByteArrayOutputStream();
        try (var out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            var log = new HistogramLogWriter(out);
            var result = measurement.result();
            log.outputComment(
                    "[stackbench " + RunResult.SCHEMA + ": " + result.profile().description() + " against "
                            + result.target().url() + "]");
            log.outputComment(
                    "[values in nanoseconds; tags: latency = the measured requests (the window's and its drain's) by completion; "
                            + COMPLETED_TAG
                            + " = every success completing within the window, whatever its phase (rps); "
                            + REQUEST_TAG_PREFIX
                            + "NAME = latency of the requests named NAME; latency"
                            + (result.serviceTimeMs() != null ? ", service, wait" : "") + "]");
            long base = measurement.intervals().isEmpty()
                    ? 0
                    : measurement.intervals().getFirst().startEpochMillis();
            log.outputStartTime(base);
            log.setBaseTime(base);
            log.outputLogFormatVersion();
            log.outputLegend();
            for (Measurement.Interval interval : measurement.intervals()) {
                if (!interval.measured()) {
                    continue;
                }
                write(log, interval, interval.latency(), "latency");
                if (interval.completed() != null) {
                    write(log, interval, interval.completed(), COMPLETED_TAG);
                }
                if (result.serviceTimeMs() != null) {
                    write(log, interval, interval.serviceTime(), "service");
                    write(log, interval, interval.waitTime(), "wait");
                }
                interval.latencyByRequest()
                        .forEach((name, histogram) -> write(log, interval, histogram, REQUEST_TAG_PREFIX + name));
            }
        }
        return bytes.toByteArray();
    }

    private static void write(
            HistogramLogWriter log, Measurement.Interval interval, CompressedHistogram histogram, String tag) {
        Histogram copy = histogram.decompress();
        copy.setStartTimeStamp(interval.startEpochMillis());
        copy.setEndTimeStamp(interval.endEpochMillis());
        copy.setTag(tag);
        log.outputIntervalHistogram(copy);
    }

    private static byte[] hgrm(Histogram latencyNanos) {
        var bytes = new ByteArrayOutputStream();
        try (var out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            latencyNanos.outputPercentileDistribution(out, 5, 1e6); // in milliseconds
        }
        return bytes.toByteArray();
    }
}
