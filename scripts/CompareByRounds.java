// How a comparison's intervals narrow with its rounds: its verdict on one metric recomputed from its first n rounds,
// for n = 2, 3, ... up to all, with the settings of a single look at n (so widths at different n compare).
// Usage: java -cp bench-jmh/target/bench-jmh.jar scripts/CompareByRounds.java COMPARISON_DIR [METRIC]
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.result.Metric;

class CompareByRounds {
    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: CompareByRounds COMPARISON_DIR [METRIC]");
            System.exit(2);
        }
        ComparisonResult result = ComparisonFiles.read(ComparisonFiles.find(Path.of(args[0])));
        Metric metric = Metric.fromId(args.length > 1 ? args[1] : "rps");
        List<String> labels = result.labels();
        var settings = new PairedAnalysis.Settings(result.design().confidence(), result.design().equivalenceMargin());
        System.out.println("rounds  pair                                    ratio   interval (one look at n, Holm over pairs)  half-width  round spread");
        for (int n = 2; n <= result.rounds().size(); n++) {
            double[][] values = new double[n][labels.size()];
            for (int r = 0; r < n; r++) {
                for (int v = 0; v < labels.size(); v++) {
                    String label = labels.get(v);
                    values[r][v] = result.rounds().get(r).trial(label).map(t -> t.values().get(metric)).orElse(Double.NaN);
                }
            }
            for (PairVerdict pair : PairedAnalysis.of(metric, labels, values, settings).pairs()) {
                System.out.printf(Locale.ROOT, "%6d  %-38s  %6.3f  [%6.3f, %6.3f] %-22s  %9.1f%%  %10.1f%%%n", n, pair.first() + " vs " + pair.second(),
                        pair.ratio(), pair.low(), pair.high(), pair.outcome().id(), 50 * (pair.high() - pair.low()) / pair.ratio(),
                        100 * pair.roundSpread());
            }
        }
    }
}
