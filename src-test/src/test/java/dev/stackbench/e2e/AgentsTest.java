package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.gate.GateRules;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.MeasuresSpeed;
import dev.stackbench.testing.SharedResources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * Load from several generator hosts through the real jar: {@code serve} on one host, two {@code agent}s on two
 * others, the coordinator ({@code load --agents 2}) on a fourth, four network namespaces on one bridge. The merged
 * run at rate R is the single generator's run at rate R: the same schedule (its requests, dealt out), rps within 5%,
 * p50 within the gate's default tolerance; a plain {@code load} loads no JGroups class; an agent killed mid-run
 * leaves a partial result that names it and still holds the other's. Needs root and {@code ip} (skipped loudly
 * without them, failed with CI=true).
 */
@MeasuresSpeed
@ResourceLock(SharedResources.NETWORK_NAMESPACES)
class AgentsTest {

    private static final int SERVER = 0;
    private static final int AGENT_A = 1;
    private static final int AGENT_B = 2;
    private static final int COORDINATOR = 3;
    private static final int PORT = 8080;
    private static final String CLUSTER_PORT = "7800";
    /** Well below what the server and these two shared cores manage, so that rps = R is physical, not a capacity. */
    private static final String RATE = "200";

    private static final long STEP_SECONDS = 90;

    @TempDir
    Path temp;

    private final List<Process> processes = new ArrayList<>();
    private final java.util.Map<String, Process> byName = new java.util.HashMap<>();

    @Test
    void twoAgentsMakeTheSingleGeneratorsRunAndALostAgentMakesAPartialNamedResult() throws Exception {
        String url = "http://" + BridgedHosts.address(SERVER) + ":" + PORT + "/date";
        try (BridgedHosts hosts = BridgedHosts.create(4)) {
            try {
                Process server = start(
                        hosts,
                        SERVER,
                        "serve",
                        List.of(
                                "serve",
                                "--approach",
                                "webflux-netty",
                                "--address",
                                BridgedHosts.address(SERVER),
                                "--port",
                                String.valueOf(PORT)),
                        List.of());
                assertThat(TwoHostsTest.firstLine(server))
                        .as("serve's first line")
                        .startsWith("webflux-netty serving date");
                step("server up");

                List<String> window = List.of("--url", url, "--rate", RATE, "--duration", "4s", "--quiet");
                // The single generator first, in the coordinator's namespace, with a longer warm-up: the server's JIT
                // warms up
                // in it, not in one of the runs compared. Its class loading is logged, to see JGroups stay out.
                Path classes = temp.resolve("single-classes.log");
                JsonNode single = load(
                        hosts,
                        "single",
                        List.of("-Xlog:class+load=info:file=" + classes),
                        with(window, "--warmup", "4s"),
                        0);
                step("single generator");
                // Started only now, so that their joining and leaving (every few seconds while no coordinator is there)
                // does
                // not share these two cores with the single generator's run. Each takes two runs: the merged one and
                // the one
                // B is killed in; A a third, the one its coordinator is interrupted in.
                for (int agent : List.of(AGENT_A, AGENT_B)) {
                    start(
                            hosts,
                            agent,
                            "agent-" + agent,
                            List.of(
                                    "agent",
                                    "--coordinator",
                                    BridgedHosts.address(COORDINATOR) + ":" + CLUSTER_PORT,
                                    "--bind",
                                    BridgedHosts.address(agent),
                                    "--name",
                                    "agent-" + agent,
                                    "--runs",
                                    agent == AGENT_A ? "3" : "2",
                                    "--idle-timeout",
                                    "120s"),
                            List.of());
                }
                JsonNode merged = load(hosts, "merged", List.of(), withAgents(with(window, "--warmup", "2s")), 0);
                step("two agents");

                assertThat(Files.readString(classes))
                        .as("classes a plain load loaded")
                        .contains("dev.stackbench.cli.LoadCommand")
                        .doesNotContain("org.jgroups")
                        .doesNotContain("dev.stackbench.cluster");
                long scheduled = single.path("requests").path("scheduled").asLong();
                assertThat(scheduled).as("R x the window").isEqualTo(800);
                assertThat(merged.path("requests").path("scheduled").asLong())
                        .as("the single schedule's requests")
                        .isEqualTo(scheduled);
                assertThat(merged.path("requests").path("ok").asLong()
                                + merged.path("requests").path("errors").asLong())
                        .isEqualTo(scheduled);
                JsonNode agents = merged.path("agents").path("agents");
                assertThat(agents.size()).isEqualTo(2);
                assertThat(merged.path("agents").path("partial").asBoolean()).isFalse();
                long dealt = 0;
                for (JsonNode agent : agents) {
                    assertThat(agent.path("finished").asBoolean()).isTrue();
                    assertThat(agent.path("roundTripMs").asDouble()).isPositive();
                    assertThat(agent.path("clientCpuSeconds").asDouble()).isPositive();
                    assertThat(agent.path("startLateMs").asDouble()).isNotNegative();
                    dealt += agent.path("scheduled").asLong();
                    // Requests k, k+2, k+4, ...: each agent has half the window's requests, to one.
                    assertThat(agent.path("scheduled").asLong()).isBetween(scheduled / 2 - 1, scheduled / 2 + 1);
                }
                assertThat(dealt).isEqualTo(scheduled);
                double singleRps = single.path("rps").asDouble();
                double mergedRps = merged.path("rps").asDouble();
                double singleP50 = single.path("latencyMs").path("p50").asDouble();
                double mergedP50 = merged.path("latencyMs").path("p50").asDouble();
                System.out.printf(
                        "Agents: single %.1f rps p50 %.2f ms; merged from 2 agents %.1f rps p50 %.2f ms; started late by %.3f and %.3f ms; %s%n",
                        singleRps,
                        singleP50,
                        mergedRps,
                        mergedP50,
                        agents.get(0).path("startLateMs").asDouble(),
                        agents.get(1).path("startLateMs").asDouble(),
                        merged.path("agents").path("clockAlignment").asString());
                assertThat(mergedRps / singleRps).as("merged rps / single rps").isBetween(0.95, 1.05);
                double change = GateRules.DEFAULT_CHANGE_PERCENT / 100.0;
                assertThat(mergedP50)
                        .as("merged p50 within the gate's default tolerance of the single one")
                        .isLessThanOrEqualTo(singleP50 * (1 + change) + GateRules.DEFAULT_PLUS_MILLIS);
                assertThat(singleP50).isLessThanOrEqualTo(mergedP50 * (1 + change) + GateRules.DEFAULT_PLUS_MILLIS);

                JsonNode partial = load(
                        hosts,
                        "partial",
                        List.of(),
                        withAgents(
                                List.of("--url", url, "--rate", RATE, "--warmup", "1s", "--duration", "3s", "--quiet")),
                        1);
                step("an agent lost");
                assertThat(partial.path("agents").path("partial").asBoolean()).isTrue();
                JsonNode lost = partial.path("agents").path("agents").get(1);
                System.out.println("AgentsTest: agent B " + lost.path("lost").asString() + "; "
                        + Files.readString(temp.resolve("partial.out"))
                                .lines()
                                .filter(line -> line.startsWith("agent")
                                        || line.startsWith("ordered")
                                        || line.startsWith("waiting"))
                                .toList());
                assertThat(lost.path("name").asString()).isEqualTo("agent-" + AGENT_B);
                assertThat(lost.path("finished").asBoolean()).isFalse();
                assertThat(lost.path("lost").asString()).startsWith("left the cluster");
                assertThat(partial.path("warnings").get(0).asString())
                        .startsWith("PARTIAL: agent agent-" + AGENT_B + " (segment 1/2) was lost");
                JsonNode kept = partial.path("agents").path("agents").get(0);
                assertThat(kept.path("finished").asBoolean()).isTrue();
                assertThat(partial.path("requests").path("scheduled").asLong())
                        .as("the other agent's share, all of it")
                        .isEqualTo(kept.path("scheduled").asLong())
                        .isBetween(299L, 301L);
                assertThat(partial.path("requests").path("ok").asLong()).isPositive();

                // The coordinator interrupted (SIGTERM, as Ctrl-C) a second into a long window: its agent stops and
                // sends what it
                // measured, and the result is written, marked interrupted, with the signal's exit code, as one
                // generator's would be.
                JsonNode stopped = loadInterrupted(
                        hosts,
                        "interrupted",
                        List.of(
                                "--agents",
                                "1",
                                "--cluster-bind",
                                BridgedHosts.address(COORDINATOR) + ":" + CLUSTER_PORT,
                                "--agents-timeout",
                                "30s",
                                "--url",
                                url,
                                "--rate",
                                RATE,
                                "--warmup",
                                "1s",
                                "--duration",
                                "60s",
                                "--quiet"));
                step("the coordinator interrupted");
                assertThat(stopped.path("window").path("interrupted").asBoolean())
                        .isTrue();
                assertThat(stopped.path("agents")
                                .path("agents")
                                .get(0)
                                .path("finished")
                                .asBoolean())
                        .isTrue();
                assertThat(stopped.path("requests").path("ok").asLong())
                        .as("what the agent measured until the stop")
                        .isPositive();
                assertThat(stopped.path("requests").path("ok").asLong()
                                + stopped.path("requests").path("errors").asLong())
                        .isEqualTo(stopped.path("requests").path("scheduled").asLong());
            } finally {
                for (Process process : processes.reversed()) {
                    process.destroy();
                    if (!process.waitFor(20, TimeUnit.SECONDS)) {
                        process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
                    }
                }
            }
        }
        assertThat(TwoHosts.namespaces())
                .as("namespaces left")
                .noneMatch(name -> name.startsWith(
                        TwoHosts.PREFIX + ProcessHandle.current().pid()));
    }

    /** Fast, no namespaces: what several agents cannot do is refused in one line, exit 2, before anyone waits. */
    @Test
    void aWarmupUntilSteadyAnInProcessServerOrTooFewConnectionsAreRefused() {
        var untilSteady = Cli.run("load", "--agents", "2", "--url", "http://127.0.0.1:1/", "--rate", "10");
        assertThat(untilSteady.exitCode()).isEqualTo(2);
        assertThat(untilSteady.err().strip())
                .isEqualTo("error: a run over several agents needs a fixed --warmup (e.g. --warmup 5s): "
                        + "a warm-up until steady is decided on one generator's numbers");

        var inProcess =
                Cli.run("load", "--agents", "2", "--approach", "webflux-netty", "--rate", "10", "--warmup", "1s");
        assertThat(inProcess.exitCode()).isEqualTo(2);
        assertThat(inProcess.err().strip())
                .startsWith("error: --agents drives a --url: start the server where the agents reach it");

        var oneConnection = Cli.run(
                "load",
                "--agents",
                "2",
                "--url",
                "http://127.0.0.1:1/",
                "--rate",
                "10",
                "--warmup",
                "1s",
                "--connections",
                "1");
        assertThat(oneConnection.exitCode()).isEqualTo(2);
        assertThat(oneConnection.err().strip())
                .startsWith("error: --agents 2 needs at least as many connections (users): got 1");
    }

    /**
     * Fast, no namespaces: input no agent could run, or that agents would each read differently, is refused on the
     * coordinator, exit 2, before it waits for anyone; and the cluster's options are refused without --agents.
     */
    @Test
    void inputNoAgentCouldRunIsRefusedOnTheCoordinatorBeforeAnyoneWaits() throws Exception {
        List<String> open = List.of(
                "load",
                "--agents",
                "2",
                "--url",
                "http://127.0.0.1:1/",
                "--rate",
                "10",
                "--warmup",
                "1s",
                "--cluster-bind",
                "127.0.0.1:1");
        var threads = Cli.run(with(open, "--threads", "300").toArray(String[]::new));
        assertThat(threads.exitCode()).isEqualTo(2);
        assertThat(threads.err().strip())
                .startsWith("error: threads of 300 is more than the 256 event loops the generator allows");

        var budget = Cli.run(
                "load",
                "--agents",
                "2",
                "--url",
                "http://127.0.0.1:1/",
                "--concurrency",
                "2",
                "--requests",
                "100",
                "--warmup",
                "1s",
                "--cluster-bind",
                "127.0.0.1:1");
        assertThat(budget.exitCode()).isEqualTo(2);
        assertThat(budget.err().strip())
                .startsWith("error: --requests cannot be shared by --agents: each agent would end its window");

        var fileBody = Cli.run(with(open, "--request", "1:POST:/movies:@no-such-movie.json;X-Tenant: a")
                .toArray(String[]::new));
        assertThat(fileBody.exitCode()).isEqualTo(2);
        assertThat(fileBody.err().strip())
                .isEqualTo("error: --request '1:POST:/movies:@no-such-movie.json;X-Tenant: a': a body from a file "
                        + "(:@FILE) cannot be sent with --agents, each agent would read FILE from its own working directory; drive the requests "
                        + "without bodies from files");

        for (List<String> option : List.of(
                List.of("--cluster-bind", "10.0.0.1"),
                List.of("--discovery", "dns:agents.example"),
                List.of("--agents-timeout", "5s"))) {
            var alone = Cli.run(
                    with(List.of("load", "--url", "http://127.0.0.1:1/", "--rate", "10"), option.toArray(String[]::new))
                            .toArray(String[]::new));
            assertThat(alone.exitCode()).as(option.getFirst()).isEqualTo(2);
            assertThat(alone.err().strip())
                    .isEqualTo("error: " + option.getFirst()
                            + " applies with --agents N (load from N generator hosts) only");
        }

        // Debian maps the host's name to 127.0.1.1: a coordinator listening there would wait for agents that cannot
        // reach it.
        var local = java.net.InetAddress.getLocalHost();
        if (local.isLoopbackAddress()) {
            var loopback =
                    Cli.run("load", "--agents", "2", "--url", "http://127.0.0.1:1/", "--rate", "10", "--warmup", "1s");
            assertThat(loopback.exitCode()).isEqualTo(2);
            assertThat(loopback.err().strip())
                    .isEqualTo("error: --agents: this host's name " + local.getHostName() + " resolves to "
                            + local.getHostAddress()
                            + ", a loopback address no agent on another host reaches: give --cluster-bind ADDRESS, "
                            + "an address of this host the agents reach");
        } else {
            System.out.println("AgentsTest: this host's name resolves to " + local.getHostAddress()
                    + ", not loopback: its refusal not checked");
        }
    }

    private final long startNanos = System.nanoTime();

    /** Every member binds an address of the bridge, not loopback: each needs the cluster's secret (AgentsSecretTest). */
    private static ProcessBuilder withSecret(ProcessBuilder builder) {
        builder.environment().put("STACKBENCH_CLUSTER_SECRET", "agents-test-secret-of-this-run");
        return builder;
    }

    /** Where the time goes, for CI's log: the test should stay near a minute. */
    private void step(String done) {
        System.out.printf("AgentsTest: %s at %.1f s%n", done, (System.nanoTime() - startNanos) / 1e9);
    }

    private static List<String> with(List<String> options, String... more) {
        var all = new ArrayList<>(options);
        all.addAll(List.of(more));
        return all;
    }

    private static List<String> withAgents(List<String> load) {
        var all = new ArrayList<>(List.of(
                "--agents",
                "2",
                "--cluster-bind",
                BridgedHosts.address(COORDINATOR) + ":" + CLUSTER_PORT,
                "--agents-timeout",
                "30s"));
        all.addAll(load);
        return all;
    }

    /**
     * Runs {@code load} in the coordinator's namespace to its end and returns its result.json. With {@code expectedExit} 1,
     * kills agent B (SIGKILL) a second into the run's window.
     */
    private JsonNode load(
            BridgedHosts hosts, String name, List<String> jvmOptions, List<String> arguments, int expectedExit)
            throws Exception {
        Path out = temp.resolve(name);
        var command = new ArrayList<>(Cli.javaJar(jvmOptions, "load", "--out", out.toString()));
        command.addAll(arguments);
        Path printed = temp.resolve(name + ".out");
        Process load = withSecret(hosts.in(COORDINATOR, command))
                .redirectErrorStream(true)
                .redirectOutput(printed.toFile())
                .start();
        processes.add(load);
        if (expectedExit == 1) {
            killAgentBOnceItRuns(load);
        }
        boolean finished = load.waitFor(STEP_SECONDS, TimeUnit.SECONDS);
        // What the coordinator printed, and the agents' own logs: a lost report shows on one side or the other.
        String text = Files.readString(printed) + agentLogs();
        assertThat(finished)
                .as("%s finished within %d s: %s", name, STEP_SECONDS, text)
                .isTrue();
        assertThat(load.exitValue()).as("%s's exit code: %s", name, text).isEqualTo(expectedExit);
        assertThat(out.resolve(ResultFiles.RESULT_JSON))
                .as("%s's result.json; what it printed: %s", name, text)
                .exists();
        return ResultFiles.json().readTree(out.resolve(ResultFiles.RESULT_JSON).toFile());
    }

    /** Runs {@code load} and sends it SIGTERM a second into its window (agent A's log says when it measures): exit 143. */
    private JsonNode loadInterrupted(BridgedHosts hosts, String name, List<String> arguments) throws Exception {
        Path out = temp.resolve(name);
        var command = new ArrayList<>(Cli.javaJar("load", "--out", out.toString()));
        command.addAll(arguments);
        Path printed = temp.resolve(name + ".out");
        Process load = withSecret(hosts.in(COORDINATOR, command))
                .redirectErrorStream(true)
                .redirectOutput(printed.toFile())
                .start();
        processes.add(load);
        Path log = temp.resolve("agent-" + AGENT_A + ".out");
        assertThat(awaitLine(log, "segment 0/1 measuring", 0, load))
                .as("agent A's third segment measuring: %s", Files.readString(log))
                .isTrue();
        load.destroy(); // SIGTERM
        boolean finished = load.waitFor(STEP_SECONDS, TimeUnit.SECONDS);
        String text = Files.readString(printed) + agentLogs();
        assertThat(finished)
                .as("%s finished within %d s: %s", name, STEP_SECONDS, text)
                .isTrue();
        assertThat(load.exitValue()).as("%s's exit code: %s", name, text).isEqualTo(143);
        return ResultFiles.json().readTree(out.resolve(ResultFiles.RESULT_JSON).toFile());
    }

    /** Both agents' logs so far, each under its name. */
    private String agentLogs() throws IOException {
        var logs = new StringBuilder();
        for (int agent : List.of(AGENT_A, AGENT_B)) {
            Path log = temp.resolve("agent-" + agent + ".out");
            if (Files.exists(log)) {
                logs.append("\n--- agent-").append(agent).append("'s log:\n").append(Files.readString(log));
            }
        }
        return logs.toString();
    }

    /** Agent B is killed once its log says its second segment is measuring: a second into the window. */
    private void killAgentBOnceItRuns(Process load) throws Exception {
        Path log = temp.resolve("agent-" + AGENT_B + ".out");
        if (!awaitLine(log, "segment 1/2 measuring", 1, load)) {
            throw new AssertionError("agent B never measured its second segment: " + Files.readString(log));
        }
        Process agent = byName.get("agent-" + AGENT_B);
        ProcessHandle.of(agent.pid()).ifPresent(handle -> handle.descendants().forEach(ProcessHandle::destroyForcibly));
        agent.destroyForcibly(); // SIGKILL: no goodbye to the cluster
    }

    /**
     * Waits, at most {@link #STEP_SECONDS}, until {@code log} has a line containing {@code text} after {@code skip}
     * earlier ones, while {@code load} runs; true if it came.
     */
    private static boolean awaitLine(Path log, String text, int skip, Process load) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STEP_SECONDS);
        while (System.nanoTime() < deadline && load.isAlive()) {
            if (Files.readAllLines(log).stream()
                            .filter(line -> line.contains(text))
                            .count()
                    > skip) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    private Process start(BridgedHosts hosts, int host, String name, List<String> arguments, List<String> jvmOptions)
            throws Exception {
        var command = new ArrayList<>(Cli.javaJar(jvmOptions));
        command.addAll(arguments);
        var builder = withSecret(hosts.in(host, command))
                .redirectError(temp.resolve(name + ".out").toFile());
        Process process = builder.start();
        processes.add(process);
        byName.put(name, process);
        return process;
    }
}
