package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineStore;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.MeasuresSpeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The gate command on real results: it catches a slower server, stays quiet on an unchanged one, and refuses bad input. */
@MeasuresSpeed
class GateCommandTest {

    /** A/A gates in a row that must all pass; -Dstackbench.gate.aa-gates=100 measures the false-alarm rate at length. */
    static final int GATES = Integer.getInteger("stackbench.gate.aa-gates", 8);

    /** -Dstackbench.gate.print-unasserted=true also runs and prints the gates no assertion reads. */
    static final boolean PRINT_UNASSERTED = Boolean.getBoolean("stackbench.gate.print-unasserted");

    static final int USERS = 4;
    static final int DELAY_MILLIS = 20;
    /** Half the requested delay again: a regression the default rule (+15% +2 ms) must catch. */
    static final int INJECTED_DELAY_MILLIS = 10;

    static final Duration WINDOW = Duration.ofSeconds(3);
    static final int REPEATS = 3;

    @TempDir
    Path dir;

    /**
     * Gates of {@value #REPEATS} runs per side, as the README recommends on a noisy machine: an
     * unchanged server passes {@link #GATES} gates in a row (sliding windows over consecutive runs),
     * and the same server made slower by an injected delay fails. One run per side can also be gated,
     * and its false alarms printed (-Dstackbench.gate.print-unasserted=true): with one run the gate cannot see
     * the spread between runs, and on this shared machine about 2 in 100 such gates failed on p99 (README, Gates).
     */
    @Test
    void aSlowerServerFailsTheGateAndAnUnchangedOneNeverDoes() throws Exception {
        var runs = new ArrayList<Path>();
        var slower = new ArrayList<Path>();
        try (var servers = new Servers()) {
            RunningServer server = servers.start(ServerSpec.of(Approach.LOOM_TOMCAT, Workload.DATE));
            RunningServer slowServer = servers.start(ServerSpec.of(Approach.LOOM_TOMCAT, Workload.DATE)
                    .withServerProperty("stackbench.date.added-delay-millis", String.valueOf(INJECTED_DELAY_MILLIS)));
            // No warm-up run: each run warms up for 500 ms first, and a slower first run can only make the first
            // gate's baseline easier to pass (the rules are one-sided); the slower server is held to the last runs.
            for (int i = 0; i < GATES + 2 * REPEATS - 1; i++) {
                runs.add(measure(server, dir.resolve("run-" + i)));
            }
            // No warm-up run of its own: the same code in this JVM, warmed by the first server's runs.
            for (int i = 0; i < REPEATS; i++) {
                slower.add(measure(slowServer, dir.resolve("slower-" + i)));
            }
        }

        var falseAlarms = new ArrayList<String>();
        for (int first = 0; first < GATES; first++) {
            Cli.Run gate =
                    gate(runs.subList(first, first + REPEATS), runs.subList(first + REPEATS, first + 2 * REPEATS));
            if (gate.exitCode() != 0) {
                falseAlarms.add(gate.out() + gate.err());
            }
        }
        if (PRINT_UNASSERTED) {
            printUnassertedGates(runs);
        } else {
            System.out.printf(
                    "A/A, %d runs per side: %d false alarms in %d gates (sliding)%n",
                    REPEATS, falseAlarms.size(), GATES);
        }
        // One run disturbed by this shared machine sits on the current side of REPEATS sliding gates: at most
        // one such disturbance is forgiven; a gate that calls noise a regression fails many more.
        assertThat(falseAlarms)
                .as("gates of %d runs per side that failed between runs of the same server", REPEATS)
                .hasSizeLessThanOrEqualTo(REPEATS);

        Cli.Run gate = gate(runs.subList(runs.size() - REPEATS, runs.size()), slower);
        System.out.print(gate.out());
        assertThat(gate.exitCode()).as(gate.out() + gate.err()).isEqualTo(1);
        assertThat(gate.out().lines().filter(line -> line.startsWith("loom-tomcat/date") && line.contains("p50 (ms)")))
                .singleElement()
                .asString()
                .containsPattern("  FAIL(: not steady, compared as --allow-unsteady asks)?$");
    }

    /**
     * The A/A experiment's other gates, printed and never asserted: disjoint gates of {@value #REPEATS} runs per side,
     * and gates of one run per side (whose false alarms the README quotes). Only with {@code
     * -Dstackbench.gate.print-unasserted=true}: they guard nothing, and their bootstraps cost seconds each build.
     */
    private static void printUnassertedGates(List<Path> runs) {
        int disjoint = 0;
        int disjointAlarms = 0;
        for (int first = 0; first + 2 * REPEATS <= runs.size(); first += 2 * REPEATS, disjoint++) {
            disjointAlarms +=
                    gate(runs.subList(first, first + REPEATS), runs.subList(first + REPEATS, first + 2 * REPEATS))
                                            .exitCode()
                                    == 0
                            ? 0
                            : 1;
        }
        int singleAlarms = 0;
        for (int i = 0; i + 1 < runs.size(); i++) {
            singleAlarms +=
                    gate(runs.subList(i, i + 1), runs.subList(i + 1, i + 2)).exitCode() == 0 ? 0 : 1;
        }
        System.out.printf(
                "A/A: %d in %d disjoint gates of %d runs per side; 1 run per side: %d in %d gates%n",
                disjointAlarms, disjoint, REPEATS, singleAlarms, runs.size() - 1);
    }

    /**
     * Gates of the A/A experiment. Its 3 s windows are too short to judge steadiness by, and what it measures
     * is the bootstrap's false alarms, so a window judged not steady is compared anyway (--allow-unsteady);
     * the not-steady verdict has its own test.
     */
    private static Cli.Run gate(List<Path> baseline, List<Path> current) {
        var args = new ArrayList<>(List.of("gate", "--allow-unsteady"));
        baseline.forEach(run -> args.addAll(List.of("--baseline", run.toString())));
        current.forEach(run -> args.addAll(List.of("--current", run.toString())));
        Cli.Run gate = Cli.run(args.toArray(String[]::new));
        assertThat(gate.exitCode()).as(gate.err()).isNotEqualTo(2);
        return gate;
    }

    @Test
    void badInputIsExitCode2WithAMessageThatSaysWhich() throws IOException {
        Path good = result("good", "loom-netty/date", 0);
        Path other = result("other", "webflux-netty/date", 0);
        Path wrongSchema = Files.writeString(
                Files.createDirectories(dir.resolve("wrong")).resolve("result.json"), "{\"schema\": \"k6/1\"}");
        Path rules = Files.writeString(
                dir.resolve("rules.yaml"),
                "schema: stackbench.gate-rules/1\nrules:\n  - {target: x, metric: p99, max: 5}\n");

        expectUsageError(
                List.of("gate", "--baseline", dir.resolve("nowhere").toString(), "--current", good.toString()),
                "error: " + dir.resolve("nowhere")
                        + ": no such baseline (to create it from the current results, add --update-baseline)");
        expectUsageError(
                List.of(
                        "gate",
                        "--baseline",
                        good.toString(),
                        "--current",
                        dir.resolve("nothing").toString()),
                "error: " + dir.resolve("nothing") + ": no such file or directory");
        expectUsageError(
                List.of("gate", "--baseline", good.toString(), "--current", wrongSchema.toString()),
                "error: " + wrongSchema
                        + ": schema 'k6/1' is not one stackbench reads (stackbench.load/1, or JMH's -rf json)");
        expectUsageError(
                List.of("gate", "--baseline", good.toString(), "--current", other.toString()),
                "error: nothing comparable: the baseline has loom-netty/date, the current results have webflux-netty/date");
        expectUsageError(
                List.of("gate", "--current", good.toString(), "--rules", rules.toString()),
                "error: " + rules
                        + ": rule 1: absolute limits are for errors only: an absolute p99 limit flakes on a shared machine; use a baseline, a ratio or a bound");
        expectUsageError(
                List.of("gate", "--current", good.toString()),
                "error: no baseline given, but the rule 'p50 baseline +15% +2 ms' compares with one: give --baseline, or --rules with only ratio, bound and max rules");
        expectUsageError(
                List.of(
                        "gate",
                        "--baseline",
                        good.toString(),
                        "--baseline",
                        other.toString(),
                        "--current",
                        good.toString(),
                        "--update-baseline"),
                "error: --update-baseline needs exactly one --baseline to replace, not 2");
        expectUsageError(
                List.of("gate", "--baseline", good.toString()),
                "error: give --current results (or --comparison with --not-worse)");
    }

    @Test
    void helpExplainsTheDefaultRuleAndTheExitCodes() {
        Cli.Run help = Cli.run("gate", "--help");

        assertThat(help.exitCode()).isZero();
        assertThat(help.err()).isEmpty();
        assertThat(help.out().replaceAll("\\s+", " "))
                .contains(
                        "p50 and p99 at most +15% +2 ms, rps at most -15%, no new errors",
                        "whole 95% bootstrap interval",
                        "Exit code 0 when every rule holds, 1 when one is broken, 2 on unusable input; with --comparison"
                                + " --decided, 3 when a limit could not be decided",
                        "A target of the baseline missing from the current results fails.",
                        "--allow-different-measurement",
                        "--allow-unsteady",
                        "A garbage, empty or truncated latency.hlog beside a result is unusable input.");
    }

    /** A crashed variant must not go green: a target of the baseline missing from the current results fails, named. */
    @Test
    void aTargetMissingFromTheCurrentResultsFailsTheGate() throws IOException {
        Path loomNetty = result("loom-netty", "loom-netty/date", 0);
        Path webflux = result("webflux-netty", "webflux-netty/date", 0);
        Path loomNettyAgain = result("loom-netty-again", "loom-netty/date", 0);

        Cli.Run gate = Cli.run(
                "gate",
                "--baseline",
                loomNetty.toString(),
                "--baseline",
                webflux.toString(),
                "--current",
                loomNettyAgain.toString());

        assertThat(gate.exitCode()).as(gate.out() + gate.err()).isEqualTo(1);
        assertThat(gate.out())
                .containsPattern("(?m)^webflux-netty/date .*FAIL: in the baseline, missing from the current results$")
                .contains("1 target missing from the current results.");
    }

    @Test
    void resultsMeasuredDifferentlyAreExit2UnlessTheChangeIsIntended() throws IOException {
        Path baseline = result("baseline", "loom-netty/date", 0);
        Path current = Files.createDirectories(dir.resolve("current"));
        Files.writeString(
                current.resolve("result.json"),
                Files.readString(baseline.resolve("result.json")).replace("4 users", "8 users"));

        expectUsageError(
                List.of("gate", "--baseline", baseline.toString(), "--current", current.toString()),
                "error: measured differently from the baseline (current vs baseline): loom-netty/date (profile closed model, 8 users for 3s"
                        + " vs closed model, 4 users for 3s); if the change is intended, add --allow-different-measurement");
        Cli.Run allowed = Cli.run(
                "gate",
                "--baseline",
                baseline.toString(),
                "--current",
                current.toString(),
                "--allow-different-measurement");
        assertThat(allowed.exitCode()).as(allowed.out() + allowed.err()).isZero();
        assertThat(allowed.out())
                .contains(
                        "note: loom-netty/date: measured differently from the baseline (profile closed model, 8 users");
    }

    /**
     * A baseline measured on this machine and a current result whose fingerprint was edited to another processor (the
     * family of the machine the same comparison reversed on): exit code 2 naming both, unless --across-machines, and
     * then the table says so.
     */
    @Test
    void resultsOfAnotherMachineAreExit2UnlessAcrossMachines() throws IOException {
        Machine here = MachineStore.standard().current();
        Path baseline = measuredOn(result("baseline", "loom-netty/date", 0), here);
        Path current = Files.createDirectories(dir.resolve("current"));
        String edited =
                Files.readString(baseline.resolve("result.json")).replaceFirst("\"family\" : \\d+", "\"family\" : 99");
        Files.writeString(current.resolve("result.json"), edited);
        List<String> args = List.of("gate", "--baseline", baseline.toString(), "--current", current.toString());

        Cli.Run refused = Cli.run(args.toArray(String[]::new));
        var allowedArgs = new ArrayList<>(args);
        allowedArgs.add("--across-machines");
        Cli.Run allowed = Cli.run(allowedArgs.toArray(String[]::new));
        Path same = Files.createDirectories(dir.resolve("same"));
        Files.copy(baseline.resolve("result.json"), same.resolve("result.json"));
        Cli.Run sameMachine = Cli.run("gate", "--baseline", baseline.toString(), "--current", same.toString());

        assertThat(edited).as("the edit").contains("\"family\" : 99");
        assertThat(refused.exitCode()).as(refused.out() + refused.err()).isEqualTo(2);
        assertThat(refused.err())
                .startsWith("error: results of different machines: 2 machines: baseline loom-netty/date on ")
                .contains("family 99", "add --across-machines");
        assertThat(refused.out()).isEmpty();
        assertThat(allowed.exitCode()).as(allowed.out() + allowed.err()).isZero();
        assertThat(allowed.out()).contains("note: ACROSS MACHINES (--across-machines): 2 machines:");
        assertThat(sameMachine.exitCode())
                .as(sameMachine.out() + sameMachine.err())
                .isZero();
        assertThat(sameMachine.out()).contains("note: one machine: " + here.words());
    }

    /** Adds {@code machine} to the result.json in {@code run}, as a run on that machine writes it. */
    private static Path measuredOn(Path run, Machine machine) throws IOException {
        var json = ResultFiles.json();
        var root = (tools.jackson.databind.node.ObjectNode)
                json.readTree(run.resolve("result.json").toFile());
        root.putObject("environment").set("machine", json.valueToTree(machine));
        Files.write(run.resolve("result.json"), json.writeValueAsBytes(root));
        return run;
    }

    @Test
    void aGarbageLatencyLogIsExit2NamingIt() throws IOException {
        Path good = result("good", "loom-netty/date", 0);
        Path broken = result("broken", "loom-netty/date", 0);
        Path hlog = Files.writeString(broken.resolve("latency.hlog"), "not a histogram log\n");

        Cli.Run gate = Cli.run("gate", "--baseline", good.toString(), "--current", broken.toString());

        assertThat(gate.exitCode()).isEqualTo(2);
        assertThat(gate.err().lines()).singleElement().asString().startsWith("error: " + hlog + ": ");
        assertThat(gate.out()).isEmpty();
    }

    @Test
    void theBaselineChangesOnlyOnRequestAndNeverToResultsWithErrors() throws IOException {
        Path baseline = dir.resolve("baseline");
        Path first = result("first", "loom-netty/date", 0);
        Path failing = result("failing", "loom-netty/date", 5);

        Cli.Run created =
                Cli.run("gate", "--baseline", baseline.toString(), "--current", first.toString(), "--update-baseline");
        assertThat(created.exitCode()).as(created.err()).isZero();
        assertThat(created.out()).startsWith("Created: baseline " + baseline);
        assertThat(Files.readString(baseline.resolve("run-01").resolve("result.json")))
                .isEqualTo(Files.readString(first.resolve("result.json")));

        Cli.Run gate = Cli.run("gate", "--baseline", baseline.toString(), "--current", failing.toString());
        assertThat(gate.exitCode()).isEqualTo(1);
        assertThat(gate.out()).contains("FAIL: 5 failed requests, none in the baseline");

        Cli.Run refused = Cli.run(
                "gate", "--baseline", baseline.toString(), "--current", failing.toString(), "--update-baseline");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).startsWith("error: refusing to make a baseline of results with failed requests");
        assertThat(Files.readString(baseline.resolve("run-01").resolve("result.json")))
                .isEqualTo(Files.readString(first.resolve("result.json")));
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("."));
        }
    }

    @Test
    void exportsForGithubActionBenchmarkAndBencher() throws IOException {
        Path current = result("current", "loom-netty/date", 0);
        Path smaller = dir.resolve("exports/smaller.json");
        Path bigger = dir.resolve("exports/bigger.json");
        Path bencher = dir.resolve("exports/bencher.json");
        Files.createDirectories(smaller.getParent());

        Cli.Run run = Cli.run(
                "gate",
                "--current",
                current.toString(),
                "--export-github-smaller",
                smaller.toString(),
                "--export-github-bigger",
                bigger.toString(),
                "--export-bencher",
                bencher.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("No baseline and no rules: exported only.");
        JsonNode small = ResultFiles.json().readTree(smaller.toFile());
        assertThat(small.size()).isEqualTo(5);
        assertThat(small.get(0).get("name").asString()).isEqualTo("loom-netty/date p50");
        assertThat(small.get(0).get("unit").asString()).isEqualTo("ms");
        assertThat(small.get(0).get("value").asDouble()).isEqualTo(12.5);
        JsonNode big = ResultFiles.json().readTree(bigger.toFile());
        assertThat(big.get(0).get("name").asString()).isEqualTo("loom-netty/date rps");
        assertThat(big.get(0).get("value").asDouble()).isEqualTo(1234.5);
        JsonNode bmf = ResultFiles.json().readTree(bencher.toFile()).get("loom-netty/date");
        assertThat(bmf.get("throughput").get("value").asDouble()).isEqualTo(1234.5);
        assertThat(bmf.get("latency").get("value").asDouble()).isEqualTo(12.5e6);
        assertThat(bmf.get("latency-p99").get("value").asDouble()).isEqualTo(40e6);
    }

    private void expectUsageError(List<String> args, String message) {
        Cli.Run run = Cli.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
        assertThat(run.err().lines().findFirst()).as(String.join(" ", args)).hasValue(message);
    }

    /** A small result.json without intervals, enough for the command's input handling. */
    private Path result(String name, String label, long errors) throws IOException {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("result.json"), """
                {"schema": "stackbench.load/1",
                 "target": {"label": "%s", "url": "http://127.0.0.1:1/date", "workloadParams": {}},
                 "profile": {"description": "closed model, 4 users for 3s"},
                 "requests": {"sent": 1000, "ok": 1000, "errors": %d},
                 "rps": 1234.5,
                 "latencyMs": {"count": 1000, "p50": 12.5, "p90": 20.0, "p99": 40.0, "p999": 80.0}}
                """.formatted(label, errors));
        return run;
    }

    private static Path measure(RunningServer server, Path out) throws Exception {
        var params = Map.of("delayMillis", String.valueOf(DELAY_MILLIS));
        var run = LoadRun.of(
                        server.baseUri(),
                        new LoadProfile.Closed(USERS, ThinkTime.NONE, WINDOW, OptionalLong.empty()),
                        Duration.ofMillis(500))
                .withMix(WorkloadMixes.of(Workload.DATE, params));
        ResultFiles.write(out, Results.measure(run, server, Approach.LOOM_TOMCAT, Workload.DATE, params));
        return out;
    }
}
