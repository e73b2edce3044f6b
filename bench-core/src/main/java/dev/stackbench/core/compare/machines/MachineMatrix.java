package dev.stackbench.core.compare.machines;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Several comparisons of the same variants read together, one column per setting they ran in (machine, JDK, collector):
 * the same comparison has put webflux-netty 1.19x ahead of loom-netty on one machine and loom-netty 1.22x ahead on
 * another, so a verdict holds on its machine, and only the matrix says whether it holds on others.
 *
 * <pre>{@code
 * MachineMatrix matrix = MachineMatrix.of(List.of(
 *         new MachineMatrix.Source("results/a", ComparisonFiles.read(a)),
 *         new MachineMatrix.Source("results/b", ComparisonFiles.read(b))));
 * System.out.print(matrix.text());
 * }</pre>
 *
 * @param columns the settings, in the order first seen
 * @param rows    one per metric and pair of variants common to the comparisons, metric by metric
 */
public record MachineMatrix(List<Column> columns, List<Row> rows) {

    /** A comparison and the name it is known by in messages (its directory or file). */
    public record Source(String name, ComparisonResult result) {}

    /**
     * Where comparisons ran: one machine ({@link Machine#sameAs}), one JDK and one collector.
     *
     * @param number    from 1, as the text lists it
     * @param machine   null when the comparison has no fingerprint: such a column is never shared, since nothing says
     *                  two unknown machines are one
     * @param jdk       null when no result says
     * @param collector the variants' collectors, joined when they differ; null when no result says
     * @param sources   the comparisons that ran in it
     */
    public record Column(
            int number, String label, Machine machine, String jdk, String collector, List<String> sources) {

        /** {@code column 1: m-1a2b3c4d AMD EPYC (...) [m-1a2b3c4d, host h], JDK 25, G1: from results/a}. */
        public String words() {
            String where = machine == null
                    ? ", no fingerprint (written before stackbench recorded one)"
                    : " " + machine.words()
                            + (machine.calibration() == null
                                    ? ""
                                    : ", calibration " + machine.calibration().words());
            return "column " + number + ": " + label + where + ", JDK " + (jdk == null ? "unknown" : jdk) + ", "
                    + (collector == null ? "collector unknown" : collector) + ": from " + String.join(", ", sources);
        }
    }

    /**
     * One comparison's verdict on a row's pair, turned to the row's order: {@code verdict.first()} is the row's
     * {@code first} and the ratio is first over second, whichever variant was ahead.
     */
    public record Cell(Column column, String source, PairVerdict verdict) {}

    /**
     * One metric and pair across the comparisons.
     *
     * @param missing   the comparisons without a verdict on it
     * @param agreement in words: whether the cells agree, and where they do not
     */
    public record Row(
            Metric metric, String first, String second, List<Cell> cells, List<String> missing, String agreement) {

        /** {@code rps: loom-netty vs webflux-netty: webflux-netty ahead on 2 of 3 machines (...); reversed on ...}. */
        public String words() {
            return metric.id() + ": " + first + " vs " + second + ": " + agreement;
        }
    }

    /**
     * @throws IllegalArgumentException fewer than two comparisons, or no pair of variants compared in all of them
     */
    public static MachineMatrix of(List<Source> sources) {
        if (sources.size() < 2) {
            throw new IllegalArgumentException(
                    "a matrix needs 2 or more comparisons to hold against each other, not " + sources.size());
        }
        List<String> labels = commonLabels(sources);
        if (labels.size() < 2) {
            throw new IllegalArgumentException("no pair of variants in common: "
                    + sources.stream()
                            .map(source -> source.name() + " compared "
                                    + source.result().labels())
                            .collect(Collectors.joining(", ")));
        }
        var columns = new ArrayList<Column>();
        var columnOf = new LinkedHashMap<String, Column>();
        for (Source source : sources) {
            columnOf.put(source.name(), column(columns, source));
        }
        List<Column> labelled = labelled(columns);
        columnOf.replaceAll((name, column) -> labelled.get(column.number() - 1));
        var rows = new ArrayList<Row>();
        for (Metric metric : metrics(sources)) {
            for (int i = 0; i < labels.size(); i++) {
                for (int j = i + 1; j < labels.size(); j++) {
                    row(sources, columnOf, metric, labels.get(i), labels.get(j)).ifPresent(rows::add);
                }
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no verdict on a pair of variants in common (" + labels
                    + "): the comparisons decided nothing they share");
        }
        return new MachineMatrix(labelled, List.copyOf(rows));
    }

    /** The columns, then each row, a line each. */
    public String text() {
        String n = System.lineSeparator();
        var text = new StringBuilder();
        columns.forEach(column -> text.append(column.words()).append(n));
        text.append(n);
        rows.forEach(row -> text.append(row.words()).append(n));
        return text.toString();
    }

    /** The labels every comparison has, in the first one's order: that order is the rows' orientation. */
    private static List<String> commonLabels(List<Source> sources) {
        var labels = new ArrayList<>(sources.getFirst().result().labels());
        sources.forEach(source -> labels.retainAll(source.result().labels()));
        return labels;
    }

    private static List<Metric> metrics(List<Source> sources) {
        var metrics = new LinkedHashSet<Metric>();
        sources.forEach(source -> source.result().verdicts().forEach(verdict -> metrics.add(verdict.metric())));
        return List.copyOf(metrics);
    }

    /** The column {@code source} ran in, added to {@code columns} when it is the first there. */
    private static Column column(List<Column> columns, Source source) {
        Machine machine = source.result().machine();
        String jdk = jdk(source.result());
        String collector = collector(source.result());
        for (int i = 0; i < columns.size(); i++) {
            Column seen = columns.get(i);
            if (machine != null
                    && machine.sameAs(seen.machine())
                    && Objects.equals(jdk, seen.jdk())
                    && Objects.equals(collector, seen.collector())) {
                var sources = new ArrayList<>(seen.sources());
                sources.add(source.name());
                columns.set(i, new Column(seen.number(), null, seen.machine(), jdk, collector, List.copyOf(sources)));
                return columns.get(i);
            }
        }
        columns.add(new Column(columns.size() + 1, null, machine, jdk, collector, List.of(source.name())));
        return columns.getLast();
    }

    /**
     * Each column's label in the rows: its machine's id, or {@code machine unknown (SOURCE)}; a machine in several
     * columns (another JDK, collector or speed) gets its column's number too, so that a row names one column.
     */
    private static List<Column> labelled(List<Column> columns) {
        return columns.stream()
                .map(column -> {
                    String label = column.machine() == null
                            ? "machine unknown (" + column.sources().getFirst() + ")"
                            : column.machine().id();
                    long sharing = columns.stream()
                            .filter(other -> other.machine() != null
                                    && column.machine() != null
                                    && other.machine()
                                            .id()
                                            .equals(column.machine().id()))
                            .count();
                    return new Column(
                            column.number(),
                            sharing > 1 ? label + " [column " + column.number() + "]" : label,
                            column.machine(),
                            column.jdk(),
                            column.collector(),
                            column.sources());
                })
                .toList();
    }

    /** The machine's JDK, else the first result's that says (comparisons written before fingerprints). */
    private static String jdk(ComparisonResult result) {
        if (result.machine() != null && result.machine().jdk() != null) {
            return result.machine().jdk();
        }
        var environments = new ArrayList<RunResult.Environment>();
        result.rounds()
                .forEach(round -> round.trials().stream()
                        .filter(trial -> trial.result() != null)
                        .forEach(trial -> environments.add(trial.result().environment())));
        result.variants().stream()
                .filter(record -> record.warmup() != null)
                .forEach(record -> environments.add(record.warmup().environment()));
        return environments.stream()
                .filter(Objects::nonNull)
                .map(RunResult.Environment::jdk)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }

    /** The variants' collectors as their warm-ups recorded them, each once: {@code G1}, or {@code G1 / ZGC}. */
    private static String collector(ComparisonResult result) {
        String collectors = result.variants().stream()
                .filter(record -> record.warmup() != null && record.warmup().environment() != null)
                .map(record -> record.warmup().environment().collector())
                .filter(Objects::nonNull)
                .distinct()
                .collect(Collectors.joining(" / "));
        return collectors.isEmpty() ? null : collectors;
    }

    private static Optional<Row> row(
            List<Source> sources, Map<String, Column> columnOf, Metric metric, String first, String second) {
        var cells = new ArrayList<Cell>();
        var missing = new ArrayList<String>();
        for (Source source : sources) {
            source.result()
                    .verdict(metric)
                    .flatMap(verdict -> verdict.pair(first, second))
                    .ifPresentOrElse(
                            pair -> cells.add(
                                    new Cell(columnOf.get(source.name()), source.name(), turned(pair, first))),
                            () -> missing.add(source.name()));
        }
        if (cells.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Row(
                metric,
                first,
                second,
                List.copyOf(cells),
                List.copyOf(missing),
                MachineAgreement.words(metric, cells, missing)));
    }

    /**
     * The verdict with {@code first} first: a verdict names the better variant first, so the same pair comes in
     * either order from comparisons that disagree; its ratio and interval are inverted with it.
     */
    static PairVerdict turned(PairVerdict pair, String first) {
        if (pair.first().equals(first)) {
            return pair;
        }
        return new PairVerdict(
                pair.second(),
                pair.first(),
                1 / pair.ratio(),
                1 / pair.high(),
                1 / pair.low(),
                pair.confidence(),
                pair.pValue(),
                pair.roundSpread(),
                pair.outcome());
    }
}
