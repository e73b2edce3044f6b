package dev.stackbench.core.report;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineMix;
import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.ResultReader;
import dev.stackbench.core.result.read.UnreadableResultException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Writes DIR/index.html and its PNG charts from one or more runs: a winners table across labels, what
 * bounds each run's throughput, compared throughput and latency distributions, and each run's latency,
 * CPU, heap/GC and threads over time; for profiled runs their flame graphs and their differences ({@link ProfileGraphs}). Everything is written into a temporary directory beside DIR and
 * renamed into place, so DIR never holds half a report.
 *
 * <pre>{@code
 * Report.Written written = Report.write(List.of(Path.of("results")), Path.of("report"));
 * }</pre>
 */
public final class Report {

    public static final String PAGE = "index.html";

    /** @param charts the chart files, in the page's order */
    public record Written(Path page, int runs, int labels, List<String> charts) {}

    private Report() {}

    /**
     * @throws UnreadableResultException naming the file and the problem, before anything is written
     * @throws UncheckedIOException       if the report cannot be written
     */
    public static Written write(List<Path> inputs, Path out) {
        return write(inputs, out, false);
    }

    /**
     * @param acrossMachines show results of different machines together (the page then says which and what sets them
     *                       apart); without it they are refused, since a report ranks what it shows
     * @throws IllegalArgumentException for results of different machines without {@code acrossMachines}
     */
    public static Written write(List<Path> inputs, Path out, boolean acrossMachines) {
        RecordedResults results = read(inputs);
        List<RecordedRun> runs = results.runs();
        var names = names(runs);
        var bySource = new LinkedHashMap<String, Machine>();
        for (int i = 0; i < runs.size(); i++) {
            bySource.put(names.get(i), runs.get(i).machine());
        }
        MachineMix machines = MachineMix.of(bySource);
        if (machines.several() && !acrossMachines) {
            throw new IllegalArgumentException("results of different machines: " + machines.words()
                    + ". A report ranks results of one machine; report each machine apart, or add --across-machines to"
                    + " show them together anyway (the page then says so)");
        }
        return writeInto(out, (temp, charts) -> {
            var comparison = List.of(charts.throughput(runs, names), charts.distribution(runs, names));
            var perRun = new LinkedHashMap<Integer, List<Charts.Chart>>();
            for (int i = 0; i < runs.size(); i++) {
                var run = runs.get(i);
                var list = new ArrayList<Charts.Chart>();
                list.add(charts.latency(run, names.get(i), i + 1));
                list.add(charts.cpu(run, names.get(i), i + 1));
                list.add(charts.memory(run, names.get(i), i + 1));
                list.add(charts.threads(run, names.get(i), i + 1));
                list.removeIf(Objects::isNull);
                perRun.put(i, list);
            }
            var flames = new LinkedHashMap<Integer, List<ProfileGraphs.Flame>>();
            for (int i = 0; i < runs.size(); i++) {
                flames.put(i, ProfileGraphs.of(runs.get(i), names.get(i), i + 1));
            }
            var winners = Winners.of(results);
            Files.writeString(
                    temp.resolve(PAGE),
                    ReportPage.render(
                            runs,
                            names,
                            winners,
                            comparison.stream().filter(Objects::nonNull).toList(),
                            perRun,
                            flames,
                            ProfileGraphs.differences(runs, names),
                            (machines.several() ? "ACROSS MACHINES (--across-machines): " : "") + machines.words()),
                    StandardCharsets.UTF_8);
            return new Written(
                    out.toAbsolutePath().normalize().resolve(PAGE),
                    runs.size(),
                    winners.rows().size(),
                    charts.written().stream().map(Charts.Chart::file).toList());
        });
    }

    /** What fills a report's directory: the page and its charts, written into {@code directory}. */
    interface Contents {
        Written write(Path directory, Charts charts) throws IOException;
    }

    /**
     * Fills a temporary directory beside {@code out} and renames it into {@code out}'s place, so that {@code out} never
     * holds half a report; the written page's path is reported under {@code out}.
     *
     * @throws UncheckedIOException if the report cannot be written
     */
    static Written writeInto(Path out, Contents contents) {
        Path target = out.toAbsolutePath().normalize();
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new IllegalArgumentException(out + ": exists and is not a directory");
        }
        Path temp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.createDirectories(temp);
            Written written = contents.write(temp, new Charts(temp));
            replace(temp, target);
            return new Written(
                    target.resolve(written.page().getFileName()), written.runs(), written.labels(), written.charts());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report into " + out + ": " + e.getMessage(), e);
        } finally {
            deleteQuietly(temp);
        }
    }

    /**
     * The runs a report is made of, read as gates read them ({@link ResultReader}); a report shows load
     * runs over time, so a JMH result or a result without its window is refused, naming the file.
     */
    private static RecordedResults read(List<Path> inputs) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("give at least one result.json, run directory or directory of runs");
        }
        RecordedResults results = ResultReader.read(inputs);
        for (RecordedRun run : results.runs()) {
            if (!run.isLoadRun()) {
                throw new UnreadableResultException(
                        run.file(),
                        "a JMH result: a report is made of load results (result.json);"
                                + " print a JMH result with dev.stackbench.jmh.JmhTable, or compare it with gate");
            }
            if (run.result().window() == null) {
                throw new UnreadableResultException(
                        run.file(), "not a complete result: a report needs its window (warm-up and measured seconds)");
            }
        }
        return results;
    }

    /** Labels, with "#k" for the k-th of several runs that share one. */
    private static List<String> names(List<RecordedRun> runs) {
        Map<String, Long> counts = new LinkedHashMap<>();
        runs.forEach(run -> counts.merge(run.label(), 1L, Long::sum));
        Map<String, Integer> seen = new LinkedHashMap<>();
        var names = new ArrayList<String>();
        for (var run : runs) {
            int k = seen.merge(run.label(), 1, Integer::sum);
            names.add(counts.get(run.label()) > 1 ? run.label() + " #" + k : run.label());
        }
        return names;
    }

    /** The new report takes DIR's place; an old one is moved aside first and deleted after. */
    private static void replace(Path temp, Path target) throws IOException {
        Path old = null;
        if (Files.exists(target)) {
            old = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".old");
            move(target, old);
        }
        move(temp, target);
        if (old != null) {
            deleteQuietly(old);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void deleteQuietly(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless; the report itself is complete or absent
        }
    }
}
