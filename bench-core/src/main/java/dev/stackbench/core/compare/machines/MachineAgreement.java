package dev.stackbench.core.compare.machines;

import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.result.Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A {@link MachineMatrix} row's cells in words: the verdict most of them give, with each cell's ratio, then where the
 * others differ ({@code reversed on m-bbbb (loom-netty 1.215x [1.126, 1.310])}). Ties and undecided pairs are verdicts
 * of their own: a pair tied on one machine and apart on another does not hold across them either.
 */
final class MachineAgreement {

    private static final String TIED = "tied";
    private static final String UNDECIDED = "undecided";

    private MachineAgreement() {}

    /** @param cells in the row's orientation ({@link MachineMatrix#turned}); at least one */
    static String words(Metric metric, List<MachineMatrix.Cell> cells, List<String> missing) {
        // Counted in machines when each comparison ran on a column of its own, the usual case; repeats on one
        // column make it comparisons, each named with its source.
        boolean perMachine =
                cells.stream().map(MachineMatrix.Cell::column).distinct().count() == cells.size();
        String unit = perMachine ? "machines" : "comparisons";
        var groups = new LinkedHashMap<String, List<MachineMatrix.Cell>>();
        cells.forEach(cell -> groups.computeIfAbsent(key(metric, cell.verdict()), k -> new ArrayList<>())
                .add(cell));
        // The largest group first; among equals, the one seen first (the order of the inputs).
        var ordered = new ArrayList<>(groups.entrySet());
        ordered.sort((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()));
        Map.Entry<String, List<MachineMatrix.Cell>> most = ordered.getFirst();
        var text = new StringBuilder();
        if (ordered.size() == 1) {
            text.append("agree on ")
                    .append(cells.size())
                    .append(" of ")
                    .append(cells.size())
                    .append(' ')
                    .append(unit)
                    .append(": ")
                    .append(phrase(most.getKey()))
                    .append(" (")
                    .append(cellsWords(metric, most.getValue(), perMachine, true, false))
                    .append(')');
        } else {
            text.append(phrase(most.getKey()))
                    .append(" on ")
                    .append(most.getValue().size())
                    .append(" of ")
                    .append(cells.size())
                    .append(' ')
                    .append(unit)
                    .append(" (")
                    .append(cellsWords(metric, most.getValue(), perMachine, true, false))
                    .append(')');
            boolean mostAhead = ahead(most.getKey());
            for (var other : ordered.subList(1, ordered.size())) {
                boolean reversed = mostAhead && ahead(other.getKey());
                text.append("; ")
                        .append(reversed ? "reversed" : phrase(other.getKey()))
                        .append(" on ")
                        .append(
                                other.getValue().size() == 1
                                        ? name(other.getValue().getFirst(), perMachine)
                                        : other.getValue().size() + " " + unit)
                        .append(" (")
                        .append(cellsWords(
                                metric,
                                other.getValue(),
                                perMachine,
                                other.getValue().size() > 1,
                                reversed))
                        .append(')');
            }
        }
        if (!missing.isEmpty()) {
            text.append("; not compared by ").append(String.join(", ", missing));
        }
        return text.toString();
    }

    /** The winner's label for a difference, else {@link #TIED} or {@link #UNDECIDED}. */
    private static String key(Metric metric, PairVerdict verdict) {
        return switch (verdict.outcome()) {
            case DIFFERENT -> firstAhead(metric, verdict) ? verdict.first() : verdict.second();
            case EQUIVALENT -> TIED;
            case UNDECIDED -> UNDECIDED;
        };
    }

    /** A turned verdict's first is no longer the better one: the ratio's side of 1 says which is. */
    private static boolean firstAhead(Metric metric, PairVerdict verdict) {
        return metric.higherIsBetter() ? verdict.ratio() > 1 : verdict.ratio() < 1;
    }

    private static boolean ahead(String key) {
        return !key.equals(TIED) && !key.equals(UNDECIDED);
    }

    private static String phrase(String key) {
        return ahead(key) ? key + " ahead" : key;
    }

    /**
     * Each cell's ratio, named unless the words before name its one cell; a difference as its winner over the other
     * ({@code 1.189x [1.074, 1.317]}, with the winner's name when {@code withWinner}), a tie as the row's first over
     * its second.
     */
    private static String cellsWords(
            Metric metric, List<MachineMatrix.Cell> cells, boolean perMachine, boolean named, boolean withWinner) {
        return cells.stream()
                .map(cell ->
                        (named ? name(cell, perMachine) + ": " : "") + ratioWords(metric, cell.verdict(), withWinner))
                .collect(Collectors.joining("; "));
    }

    private static String ratioWords(Metric metric, PairVerdict verdict, boolean withWinner) {
        return switch (verdict.outcome()) {
            case DIFFERENT -> {
                PairVerdict won =
                        firstAhead(metric, verdict) ? verdict : MachineMatrix.turned(verdict, verdict.second());
                yield (withWinner ? won.first() + " " : "")
                        + ComparisonSummary.ratio(won.ratio())
                        + "x "
                        + ComparisonSummary.interval(won.low(), won.high());
            }
            case EQUIVALENT, UNDECIDED ->
                "ratio " + ComparisonSummary.ratio(verdict.ratio()) + " within "
                        + ComparisonSummary.interval(verdict.low(), verdict.high());
        };
    }

    private static String name(MachineMatrix.Cell cell, boolean perMachine) {
        return perMachine ? cell.column().label() : cell.column().label() + " in " + cell.source();
    }
}
