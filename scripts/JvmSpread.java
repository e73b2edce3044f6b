// What JVMs of one variant differ by, per label, from one comparison's trials or several's (run with --forks or
// --jvms): each trial's value relative to its round's geometric mean (what the machine's speed did between rounds
// cancels), grouped by JVM, split into between-JVM and within-JVM spread by the corrected estimator of Kalibera and Jones
// that --detect's pilot uses (core.plan.VarianceComponents). Trials are cut to the fewest any JVM has.
// Usage: java -cp bench-jmh/target/bench-jmh.jar scripts/JvmSpread.java METRIC COMPARISON_DIR...
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.plan.VarianceComponents;
import dev.stackbench.core.result.Metric;

class JvmSpread {
    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: JvmSpread METRIC COMPARISON_DIR...   (METRIC: cpuPerRequest, serverCpuPerRequest, rps, p50, p99)");
            System.exit(2);
        }
        Metric metric = Metric.fromId(args[0]);
        // label -> "dir#fork" -> that JVM's relative log values, in round order
        var byLabel = new LinkedHashMap<String, Map<String, List<Double>>>();
        for (int d = 1; d < args.length; d++) {
            ComparisonResult result = ComparisonFiles.read(ComparisonFiles.find(Path.of(args[d])));
            for (ComparisonResult.Round round : result.rounds()) {
                double sum = 0;
                int count = 0;
                for (ComparisonResult.Trial trial : round.trials()) {
                    Double value = trial.values().get(metric);
                    if (value != null && value > 0) {
                        sum += Math.log(value);
                        count++;
                    }
                }
                double roundMean = sum / count;
                for (ComparisonResult.Trial trial : round.trials()) {
                    Double value = trial.values().get(metric);
                    if (value != null && value > 0) {
                        byLabel.computeIfAbsent(trial.label(), unused -> new LinkedHashMap<>())
                                .computeIfAbsent(d + "#" + trial.fork(), unused -> new ArrayList<>())
                                .add(Math.log(value) - roundMean);
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-16s %5s %7s %12s %12s  %s%n", "label", "JVMs", "trials", "between JVMs", "within JVM", "JVM means relative to all");
        byLabel.forEach((label, jvms) -> {
            int trials = jvms.values().stream().mapToInt(List::size).min().orElse(0);
            if (jvms.size() < 2 || trials < 2) {
                System.out.printf(Locale.ROOT, "%-16s %5d %7d  not estimated: it takes 2 JVMs or more (--forks), each with 2 trials or more%n",
                        label, jvms.size(), trials);
                return;
            }
            double[][] logs = jvms.values().stream()
                    .map(values -> values.subList(0, trials).stream().mapToDouble(Double::doubleValue).toArray())
                    .toArray(double[][]::new);
            VarianceComponents components = VarianceComponents.ofLogs(logs);
            var means = new StringBuilder();
            for (double[] jvm : logs) {
                double mean = 0;
                for (double value : jvm) mean += value / jvm.length;
                means.append(String.format(Locale.ROOT, " %+.1f%%", 100 * (Math.exp(mean) - 1)));
            }
            System.out.printf(Locale.ROOT, "%-16s %5d %7d %11.1f%% %11.1f%% %s%n", label, logs.length, trials,
                    100 * Math.sqrt(components.betweenJvm()), 100 * Math.sqrt(components.withinJvm()), means);
        });
    }
}
