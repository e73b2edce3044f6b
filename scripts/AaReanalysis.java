// A/A comparisons re-analysed from one pool of JVMs measured for the purpose: a comparison of two labels of one variant,
// run --together in groups (fork f: one JVM of each label, measured at the same moments). Each re-analysis draws whole
// groups of JVMs with all their trials (the JVM stays the unit of replication, and each group its moments), swaps the
// two labels within a group at random (under A/A they are exchangeable), arranges the groups in generations as a
// planned comparison starts them, and decides as compare does: looks at the generations' ends, alpha spent over them,
// stopped at the first look that decides. It prints each re-analysis' outcome and how many declared a difference.
// The re-analyses share JVMs, so they are not independent draws: the rate is that of this pool's JVMs.
// Usage: java -cp bench-jmh/target/bench-jmh.jar scripts/AaReanalysis.java COMPARISON_DIR COUNT SEED METRIC
//            JVMS_PER_VARIANT PILOT_TRIALS TRIALS_PER_JVM DETECT_PERCENT
// e.g.   ... scripts/AaReanalysis.java aa-pool 40 1 cpuPerRequest 9 3 2 3   (the plan "9 JVMs per variant, 2 trials each")
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeMap;

import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.compare.analysis.Looks;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.PairedAnalysis;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.Metric;

class AaReanalysis {
    public static void main(String[] args) {
        if (args.length != 8) {
            System.err.println("usage: AaReanalysis COMPARISON_DIR COUNT SEED METRIC JVMS_PER_VARIANT PILOT_TRIALS"
                    + " TRIALS_PER_JVM DETECT_PERCENT");
            System.exit(2);
        }
        ComparisonResult pool = ComparisonFiles.read(ComparisonFiles.find(Path.of(args[0])));
        int count = Integer.parseInt(args[1]);
        var random = new Random(Long.parseLong(args[2]));
        Metric metric = Metric.fromId(args[3]);
        int jvms = Integer.parseInt(args[4]);
        int pilotTrials = Integer.parseInt(args[5]);
        int trials = Integer.parseInt(args[6]);
        double detect = Double.parseDouble(args[7]) / 100;
        List<String> labels = pool.labels();
        if (labels.size() != 2 || pool.design().schedule() != Schedule.TOGETHER) {
            System.err.println("the pool must be a --together comparison of two labels, got " + labels + " "
                    + pool.design().schedule());
            System.exit(2);
        }
        // Each group's values: [label][trial], in the order of its rounds.
        var groups = new TreeMap<Integer, List<List<Double>>>();
        for (ComparisonResult.Round round : pool.rounds()) {
            for (ComparisonResult.Trial trial : round.trials()) {
                var group = groups.computeIfAbsent(trial.fork(), fork -> List.of(new ArrayList<>(), new ArrayList<>()));
                group.get(labels.indexOf(trial.label())).add(trial.servedNothing() ? Double.NaN : trial.values().get(metric));
            }
        }
        groups.values().removeIf(group -> group.get(0).size() < pilotTrials || group.get(1).size() < pilotTrials);
        int forks = Design.PILOT_FORKS;
        if (jvms % forks != 0 || groups.size() < jvms) {
            System.err.println("JVMS_PER_VARIANT must be a multiple of " + forks + " and at most the pool's "
                    + groups.size() + " complete groups");
            System.exit(2);
        }
        // The plan's design, as compare follows it after its pilot.
        if (pilotTrials != Design.PILOT_TRIALS) {
            System.err.println("PILOT_TRIALS must be the planned design's, " + Design.PILOT_TRIALS);
            System.exit(2);
        }
        Design design = Design.planned(detect, Duration.ofHours(1), Design.TRIAL_WARMUP, 0, Schedule.TOGETHER, 0.95,
                        detect, List.of(metric), 1)
                .withGenerations(jvms, trials);
        Looks looks = design.looks();
        int rounds = design.maxRounds();
        var outcomes = new TreeMap<String, Integer>();
        int different = 0;
        System.out.printf(Locale.ROOT, "pool: %d groups of %s; each re-analysis: %d JVMs per label in %d generations,"
                + " %d rounds, looks after rounds %s%n", groups.size(), labels, jvms, design.generations(), rounds,
                looks.rounds());
        var keys = new ArrayList<>(groups.keySet());
        for (int i = 1; i <= count; i++) {
            Collections.shuffle(keys, random);
            double[][][] values = new double[rounds][2][forks];
            int[] generations = new int[rounds];
            for (int g = 0; g < design.generations(); g++) {
                int first = g == 0 ? 0 : design.lastRound(g);
                int last = design.lastRound(g + 1);
                for (int f = 0; f < forks; f++) {
                    var group = groups.get(keys.get(g * forks + f));
                    boolean swap = random.nextBoolean();
                    for (int r = first; r < last; r++) {
                        generations[r] = g + 1;
                        values[r][0][f] = group.get(swap ? 1 : 0).get(r - first);
                        values[r][1][f] = group.get(swap ? 0 : 1).get(r - first);
                    }
                }
            }
            PairVerdict verdict = null;
            int at = 0;
            for (int look : looks.rounds()) {
                double[][][] upTo = java.util.Arrays.copyOf(values, look);
                int[] generationsUpTo = java.util.Arrays.copyOf(generations, look);
                verdict = PairedAnalysis.of(metric, labels, upTo, generationsUpTo, design.settings(looks.level(look, false)))
                        .pairs().getFirst();
                at = look;
                if (verdict.decided()) {
                    break;
                }
            }
            outcomes.merge(verdict.outcome().id(), 1, Integer::sum);
            if (verdict.outcome() == PairVerdict.Outcome.DIFFERENT) {
                different++;
            }
            System.out.printf(Locale.ROOT, "%3d  %-12s after %d rounds  %.3f [%.3f, %.3f]%n", i, verdict.outcome().id(), at,
                    verdict.ratio(), verdict.low(), verdict.high());
        }
        System.out.printf(Locale.ROOT, "declared different: %d of %d; outcomes %s%n", different, count, outcomes);
    }
}
