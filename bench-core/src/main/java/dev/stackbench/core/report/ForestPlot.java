package dev.stackbench.core.report;

import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A forest plot of a comparison's pairs as inline SVG coordinates (the template draws them): one row per pair, its
 * interval as a line and its ratio as a dot on a log axis, a line at 1 (no difference) and the equivalence band around
 * it. Text in the page stays text: searchable, and nothing is fetched.
 */
record ForestPlot(int width, int height, double x1, double bandLow, double bandHigh, List<Row> rows, List<Tick> ticks) {

    static final int WIDTH = 900;
    static final int ROW_HEIGHT = 28;
    static final int LABEL_WIDTH = 330;
    static final int AXIS_HEIGHT = 30;
    /** The axis's widest reach either way from 1. */
    static final double MAX_AXIS_RATIO = 20;
    /** Pixels between tick labels. */
    static final int MIN_TICK_GAP = 48;

    /** @param outcome different, equivalent or undecided: the row's class */
    record Row(String label, String value, double y, double xLow, double xHigh, double x, String outcome) {}

    record Tick(double x, String text) {}

    static ForestPlot of(MetricVerdict verdict, double margin) {
        double lowest = 1 / (1 + margin);
        double highest = 1 + margin;
        for (PairVerdict pair : verdict.pairs()) {
            lowest = Math.min(lowest, pair.low());
            highest = Math.max(highest, pair.high());
        }
        // An interval of a few rounds can reach absurd ends: the axis stops at 1/20 and 20, and such ends run to its
        // edge.
        lowest = Math.max(lowest, 1 / MAX_AXIS_RATIO);
        highest = Math.min(highest, MAX_AXIS_RATIO);
        double min = Math.log(lowest / 1.05);
        double max = Math.log(highest * 1.05);
        var scale = new Scale(min, max);
        var rows = new ArrayList<Row>();
        int i = 0;
        for (PairVerdict pair : verdict.pairs()) {
            double y = ROW_HEIGHT * i++ + ROW_HEIGHT / 2.0;
            rows.add(new Row(
                    pair.first() + " vs " + pair.second(),
                    ComparisonSummary.ratio(pair.ratio()) + "x " + ComparisonSummary.interval(pair.low(), pair.high())
                            + " " + pair.outcome().id(),
                    y,
                    scale.x(pair.low()),
                    scale.x(pair.high()),
                    scale.x(pair.ratio()),
                    pair.outcome().id()));
        }
        // Ticks outward from 1, each far enough from the last one kept that their labels do not overlap.
        var ticks = new ArrayList<Tick>();
        ticks.add(new Tick(scale.x(1), "1x"));
        for (double[] side : new double[][] {
            {1.02, 1.05, 1.1, 1.25, 1.5, 2, 3, 4, 6, 10}, {0.98, 0.95, 0.9, 0.8, 0.67, 0.5, 0.33, 0.25, 0.17, 0.1}
        }) {
            double last = scale.x(1);
            for (double value : side) {
                double x = scale.x(value);
                if (Math.log(value) >= min && Math.log(value) <= max && Math.abs(x - last) >= MIN_TICK_GAP) {
                    ticks.add(
                            new Tick(x, String.format(Locale.ROOT, "%sx", value).replace(".0x", "x")));
                    last = x;
                }
            }
        }
        int height = ROW_HEIGHT * rows.size() + AXIS_HEIGHT;
        return new ForestPlot(WIDTH, height, scale.x(1), scale.x(1 / (1 + margin)), scale.x(1 + margin), rows, ticks);
    }

    /** Log ratio to the x pixel of the plot's area, right of the labels. */
    private record Scale(double minLog, double maxLog) {
        double x(double ratio) {
            double share = Math.clamp((Math.log(ratio) - minLog) / (maxLog - minLog), 0.0, 1.0);
            return Math.round((LABEL_WIDTH + share * (WIDTH - LABEL_WIDTH - 20)) * 10) / 10.0;
        }
    }
}
