package dev.stackbench.core.report;

import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.read.RecordedRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run's latency percentile distribution, HdrHistogram style: x = 1 / (1 - percentile), so 90%, 99%,
 * 99.9% are evenly spaced on a log axis. Taken from the richest source there is: the .hlog's
 * histograms, else the .hgrm text, else the handful of percentiles in result.json.
 */
public record LatencyDistribution(List<Point> points, String source) {

    /** @param percentile 0 to 100 */
    public record Point(double percentile, double latencyMs) {
        public double x() {
            return 1 / (1 - Math.min(percentile, MAX_PERCENTILE) / 100);
        }
    }

    /** The last point of a distribution is 100%, whose x is infinite: it is drawn at this percentile. */
    static final double MAX_PERCENTILE = 99.9999;

    private static final int TICKS_PER_HALF_DISTANCE = 5;
    private static final double NANOS_PER_MILLI = 1e6;

    public static LatencyDistribution of(RecordedRun run) {
        var latencyNanos = run.latencyNanos();
        if (latencyNanos != null && latencyNanos.getTotalCount() > 0) {
            var points = new ArrayList<Point>();
            for (HistogramIterationValue value : latencyNanos.percentiles(TICKS_PER_HALF_DISTANCE)) {
                points.add(
                        new Point(value.getPercentileLevelIteratedTo(), value.getValueIteratedTo() / NANOS_PER_MILLI));
            }
            return new LatencyDistribution(points, ResultFiles.LATENCY_HLOG);
        }
        Path hgrm = run.file().resolveSibling(ResultFiles.LATENCY_HGRM);
        if (Files.isRegularFile(hgrm)) {
            var points = hgrmPoints(hgrm);
            if (!points.isEmpty()) {
                return new LatencyDistribution(points, ResultFiles.LATENCY_HGRM);
            }
        }
        Percentiles p = run.result().latencyMs();
        var points = new ArrayList<Point>();
        double[][] known = {
            {50, n(p.p50())},
            {75, n(p.p75())},
            {90, n(p.p90())},
            {95, n(p.p95())},
            {99, n(p.p99())},
            {99.9, n(p.p999())},
            {99.99, n(p.p9999())}
        };
        for (double[] point : known) {
            if (!Double.isNaN(point[1])) {
                points.add(new Point(point[0], point[1]));
            }
        }
        return new LatencyDistribution(points, "result.json percentiles");
    }

    /** HdrHistogram's text: "Value Percentile TotalCount 1/(1-Percentile)" rows, percentile as a fraction. */
    private static List<Point> hgrmPoints(Path hgrm) {
        var points = new ArrayList<Point>();
        try {
            for (String line : Files.readAllLines(hgrm)) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length >= 3 && !line.startsWith("#")) {
                    try {
                        points.add(new Point(Double.parseDouble(fields[1]) * 100, Double.parseDouble(fields[0])));
                    } catch (NumberFormatException header) {
                        // the column titles
                    }
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        return points;
    }

    private static double n(Double value) {
        return value == null ? Double.NaN : value;
    }
}
