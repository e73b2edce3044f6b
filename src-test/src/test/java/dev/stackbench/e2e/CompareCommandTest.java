package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.BoundByWaits;
import dev.stackbench.testing.SharedResources;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code compare} through the real jar, as a user runs it: each variant in a JVM of its own, rounds in random orders, a
 * verdict the physics of the workload decides. Both variants wait on the server (date's delay, 8 users), one 5 ms and
 * one 25 ms: by Little's law 8 users can get at most 1,600 and 320 requests/s, so the first is up to five times the
 * second whatever the machine's speed, and the same variant measured twice (the A/A control) is about the same.
 */
@BoundByWaits
@ResourceLock(value = SharedResources.JVM_STARTS, mode = ResourceAccessMode.READ)
class CompareCommandTest {

    @TempDir
    Path temp;

    /**
     * {@code compare ARGS}, its variants' JVMs with C1 only: the verdicts here are ratios that Little's law fixes between
     * JVMs alike (Cli.QUICK_JIT), which the JIT does not move, and each JVM starts at about half the CPU.
     */
    private static Cli.Run compare(String... args) throws Exception {
        var command = new ArrayList<>(List.of("compare"));
        command.addAll(Cli.variantsQuickJit());
        command.addAll(List.of(args));
        return Cli.jar(command.toArray(String[]::new));
    }

    @Test
    void twoVariantsAndAnAaControlEachInItsOwnJvmGiveTheVerdictLittlesLawPredicts() throws Exception {
        Path out = temp.resolve("comparison");
        Cli.Run run = compare(
                "--variant",
                "fast:webflux-netty",
                "--variant",
                "slow:webflux-netty,stackbench.date.added-delay-millis=20",
                "--aa",
                "fast",
                "--concurrency",
                "8",
                "--workload-param",
                "delayMillis=5",
                "--warmup",
                "1s",
                "--trial-warmup",
                "500ms",
                "--duration",
                "1s",
                "--min-rounds",
                "3",
                "--rounds",
                "5",
                "--rehearsals",
                "1",
                "--seed",
                "1",
                "--profile",
                "--detect",
                "10%",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        // --detect: equivalent within its margin, and a plan only where JVMs of one variant can be told apart.
        assertThat(Results.comparison(out).design().equivalenceMargin()).isEqualTo(0.10);
        assertThat(run.out())
                .contains("Plan:         not made for --detect 10%: with one JVM per variant")
                .contains("give --forks 3 or more");
        var result = Results.comparison(out);
        assertThat(result.schema()).isEqualTo(ComparisonResult.SCHEMA);
        assertThat(result.labels()).containsExactly("fast", "fast-aa", "slow");

        // Each variant had a JVM of its own, none of them this one or the coordinator's.
        var pids = new HashSet<Long>();
        result.variants().forEach(variant -> pids.add(variant.pid()));
        assertThat(pids).hasSize(3).doesNotContain(ProcessHandle.current().pid());
        result.variants().forEach(variant -> assertThat(Path.of(variant.log())).exists());

        // Rounds: every variant once each, files of every trial written.
        assertThat(result.rounds()).hasSizeBetween(3, 5);
        for (var round : result.rounds()) {
            assertThat(round.order()).containsExactlyInAnyOrder("fast", "fast-aa", "slow");
            for (var trial : round.trials()) {
                assertThat(out.resolve(trial.directory()).resolve(ResultFiles.RESULT_JSON))
                        .exists();
                assertThat(trial.result().requests().errors()).isZero();
                double bound = 8 / (trial.label().equals("slow") ? 0.025 : 0.005);
                assertThat(trial.values().get(Metric.RPS))
                        .as(trial.label() + " within Little's law")
                        .isLessThanOrEqualTo(bound * 1.02);
            }
        }

        // The verdict: fast about 3x slow, declared; the control close to 1 whatever was declared of it.
        var rps = result.verdict(Metric.RPS).orElseThrow();
        PairVerdict fastSlow = rps.pair("fast", "slow").orElseThrow();
        assertThat(fastSlow.outcome()).isEqualTo(PairVerdict.Outcome.DIFFERENT);
        assertThat(fastSlow.first()).isEqualTo("fast");
        // Declared with fast first is the verdict; how far its interval reaches is the machine's noise (CI: 1.48).
        assertThat(fastSlow.low()).isGreaterThan(1.0);
        assertThat(fastSlow.ratio())
                .as("(25 ms + overhead) / (5 ms + overhead) is at most 5")
                .isBetween(1.5, 5.1);
        assertThat(rps.groups().getLast()).containsExactly("slow");
        assertThat(result.aa()).singleElement().satisfies(aa -> {
            assertThat(aa.first()).isEqualTo("fast");
            assertThat(aa.second()).isEqualTo("fast-aa");
            assertThat(aa.verdict().ratio()).isBetween(0.8, 1.25);
        });
        assertThat(run.out()).contains("fast ", "x slow [", "A/A control:  fast vs fast-aa on rps");
        // The machine its verdicts hold on: in comparison.json, in every trial's result, and on each verdict line.
        assertThat(result.machine()).isNotNull();
        assertThat(result.rounds()
                        .getFirst()
                        .trials()
                        .getFirst()
                        .result()
                        .environment()
                        .machine())
                .isEqualTo(result.machine());
        assertThat(result.jvms())
                .containsKeys("fast", "slow")
                .allSatisfy((label, jvm) -> assertThat(jvm).contains("-Xmx1g"));
        assertThat(run.out())
                .contains("Machine:      " + result.machine().words())
                .contains(result.jvms().values().toArray(String[]::new))
                .containsPattern("Requests/s \\(higher is better\\), deciding, \\d+ rounds on "
                        + result.machine().id());
        assertThat(run.err())
                .contains("started fast at http://127.0.0.1:", "round   1 [1/3]", "after round 3 (look 1 of 2)");

        // The comparison as a pull-request check (gate --comparison --decided): three outcomes, each its exit code.
        // slow is worse than fast by far beyond 5% (1); fast is not worse than slow, the whole interval within (0); the
        // control against itself within 0.1%, which these few rounds cannot tell (3, NOT DECIDED, never green). A
        // control declared different by enough to move a verdict leaves it not decided (3): noise, not a worse head.
        boolean aaFalseAlarm = result.aa().getFirst().falseAlarm();
        var worse = Cli.run("gate", "--comparison", out.toString(), "--not-worse", "slow:fast:5%", "--decided");
        assertThat(worse.exitCode()).as(worse.out() + worse.err()).isEqualTo(1);
        assertThat(worse.out()).containsPattern("slow +fast +requests/s .* FAIL");
        var notWorse = Cli.run("gate", "--comparison", out.toString(), "--not-worse", "fast:slow:5%", "--decided");
        assertThat(notWorse.exitCode())
                .as(notWorse.out() + notWorse.err())
                .isEqualTo(notWorse.out().contains("NOT DECIDED: its A/A control") ? 3 : 0);
        if (!aaFalseAlarm) {
            assertThat(notWorse.out()).doesNotContain("NOT DECIDED: its A/A control");
        }
        var undecided =
                Cli.run("gate", "--comparison", out.toString(), "--not-worse", "fast-aa:fast:0.1%", "--decided");
        if (!aaFalseAlarm) {
            assertThat(undecided.exitCode())
                    .as(undecided.out() + undecided.err())
                    .isEqualTo(3);
            assertThat(undecided.out())
                    .contains("NOT DECIDED: the comparison could not tell")
                    .containsPattern("1 checks: 0 ok, 0 ok within noise, 1 not decided, 0 failed");
            var tool = Cli.run("gate", "--comparison", out.toString(), "--not-worse", "fast-aa:fast:0.1%");
            assertThat(tool.exitCode())
                    .as("without --decided: ok, within noise")
                    .isZero();
        }

        // Each variant profiled over its trials only: as many windows as rounds, never the warm-up or the rehearsal.
        for (var variant : result.variants()) {
            assertThat(variant.profile()).as(variant.label()).isNotNull();
            assertThat(variant.profile().windows())
                    .as(variant.label() + "'s profiled windows")
                    .isEqualTo(result.rounds().size());
            assertThat(out.resolve("profiles").resolve(variant.label()).resolve("profile-cpu.collapsed"))
                    .isNotEmptyFile();
        }

        // The report: groups and the forest plot; every variant's flame graphs and the pair declared different's
        // differential ones drawn and searchable in Chromium; nothing fetched.
        String chromium = HeadlessChromium.path();
        Path report = temp.resolve("report");
        Cli.Run written = Cli.run("report", out.toString(), "--out", report.toString());
        assertThat(written.exitCode()).as(written.err()).isZero();
        String dom = HeadlessChromium.render(chromium, report, temp);
        assertThat(dom)
                .contains(
                        "<svg class=\"forest\"",
                        "fast vs slow",
                        "Groups, best first",
                        "Why: where the pairs declared different");
        List<String> flames =
                List.of(HeadlessChromium.attribute(dom, "data-flames").trim().split(" "));
        assertThat(flames)
                .extracting(flame -> flame.split(":")[0])
                .contains("flame-cpu-v1", "flame-alloc-v1", "flame-cpu-v3", "flame-diff-cpu-p1", "flame-diff-alloc-p1");
        assertThat(flames).allSatisfy(flame -> {
            String[] parts = flame.split(":");
            assertThat(Integer.parseInt(parts[1])).as(flame + ": pixels drawn").isGreaterThan(1000);
            assertThat(Double.parseDouble(parts[2].replace("%", "")))
                    .as(flame + ": matched by the search")
                    .isPositive();
        });
        assertThat(HeadlessChromium.pageRequests(temp))
                .as("network requests of the page or its frames")
                .isEmpty();
    }

    /**
     * {@code --together}: every variant's trial of a round runs at the same time (duet benchmarking), warm-ups too; the
     * verdict is still what Little's law fixes, as the waits do not depend on sharing the cores.
     */
    @Test
    void togetherRunsEveryVariantsTrialOfARoundAtTheSameTime() throws Exception {
        Path out = temp.resolve("together");
        Cli.Run run = compare(
                "--variant",
                "fast:webflux-netty",
                "--variant",
                "slow:webflux-netty,stackbench.date.added-delay-millis=20",
                "--together",
                "--concurrency",
                "8",
                "--workload-param",
                "delayMillis=5",
                "--warmup",
                "1s",
                "--trial-warmup",
                "500ms",
                "--duration",
                "1s",
                "--min-rounds",
                "3",
                "--rounds",
                "3",
                "--rehearsals",
                "0",
                "--seed",
                "1",
                "--out",
                out.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        var result = Results.comparison(out);
        assertThat(result.design().schedule()).isEqualTo(Schedule.TOGETHER);
        assertThat(result.rounds()).hasSize(3);
        for (var round : result.rounds()) {
            // The two trials' spans (re-warm and window) overlap for most of their length: measured at once.
            var fast = round.trials("fast").getFirst();
            var slow = round.trials("slow").getFirst();
            double start = Math.max(seconds(fast.startedAt()), seconds(slow.startedAt()));
            double end =
                    Math.min(seconds(fast.startedAt()) + fast.seconds(), seconds(slow.startedAt()) + slow.seconds());
            assertThat(end - start)
                    .as(
                            "round %d: seconds both trials ran at once, of %.1f and %.1f",
                            round.number(), fast.seconds(), slow.seconds())
                    .isGreaterThan(0.8 * Math.min(fast.seconds(), slow.seconds()));
        }
        PairVerdict fastSlow =
                result.verdict(Metric.RPS).orElseThrow().pair("fast", "slow").orElseThrow();
        assertThat(fastSlow.outcome()).isEqualTo(PairVerdict.Outcome.DIFFERENT);
        assertThat(fastSlow.first()).isEqualTo("fast");
        assertThat(fastSlow.ratio()).isBetween(1.5, 5.1);
        assertThat(run.out()).contains("each with every variant's trial at the same time (together)");
        // Warm-ups at once too: both begin before either ends.
        String err = run.err();
        assertThat(err.indexOf("warming up slow")).isPositive().isLessThan(err.indexOf("warmed up fast"));
    }

    private static double seconds(String instant) {
        Instant at = Instant.parse(instant);
        return at.getEpochSecond() + at.getNano() / 1e9;
    }
}
