package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.BoundByWaits;
import dev.stackbench.testing.SharedResources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * An agent obeys only a coordinator holding the cluster's secret, through the real jar in two network namespaces: the
 * agent (with the secret in its environment) and its target, the JDK's jwebserver on the agent's loopback, in one; in
 * the other, at the address the agent looks for, first a coordinator with another secret, then one with the secret (from
 * a file). The target counts requests by its log lines: none from the first, some from the second; the agent names the
 * first in one line; the secret is in no process listing, result.json or printed line. Needs root and {@code ip}.
 */
@BoundByWaits
@ResourceLock(SharedResources.NETWORK_NAMESPACES)
@ResourceLock(value = SharedResources.JVM_STARTS, mode = ResourceAccessMode.READ)
class AgentsSecretTest {

    private static final int AGENT = 0;
    private static final int COORDINATOR = 1;
    private static final String TARGET_PORT = "8000";
    /**
     * Long enough for the wrong coordinator's MERGE3 to reach the agent (every 1 to 3 s, to each address it has seen),
     * which the agent refuses and names.
     */
    private static final int AGENTS_TIMEOUT_SECONDS = 6;

    @TempDir
    Path temp;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stop() {
        processes.forEach(Process::destroyForcibly);
    }

    @Test
    void onlyACoordinatorWithTheSecretOrdersTheAgent() throws Exception {
        String secret = "agents-secret-" + UUID.randomUUID();
        Path secretFile = Files.writeString(temp.resolve("cluster.secret"), secret + "\n");
        String clusterAddress = BridgedHosts.address(COORDINATOR) + ":7800";
        try (BridgedHosts hosts = BridgedHosts.create(2)) {
            Files.createDirectories(temp.resolve("www"));
            Path targetLog = temp.resolve("target.log");
            start(
                    hosts.in(
                            AGENT,
                            List.of(
                                    Path.of(Cli.java())
                                            .resolveSibling("jwebserver")
                                            .toString(),
                                    "-b",
                                    "127.0.0.1",
                                    "-p",
                                    TARGET_PORT,
                                    "-d",
                                    temp.resolve("www").toString(),
                                    "-o",
                                    "info")),
                    targetLog,
                    null);
            Path agentLog = temp.resolve("agent.log");
            Process agent = start(
                    hosts.in(
                            AGENT,
                            Cli.javaJar(
                                    "agent",
                                    "--coordinator",
                                    clusterAddress,
                                    "--bind",
                                    BridgedHosts.address(AGENT),
                                    "--name",
                                    "agent-0",
                                    "--runs",
                                    "1",
                                    "--idle-timeout",
                                    "40s")),
                    agentLog,
                    secret);

            step("agent started");
            Coordinator wrong = coordinate(hosts, "wrong", List.of(), "another-secret-" + UUID.randomUUID());
            assertThat(wrong.exitCode()).as(wrong.printed()).isNotZero();
            assertThat(wrong.printed()).contains("0 of 1 agents joined within " + AGENTS_TIMEOUT_SECONDS + " s");
            assertThat(requests(targetLog))
                    .as("requests the wrong coordinator got sent")
                    .isZero();
            assertThat(Files.readAllLines(agentLog).stream().filter(line -> line.contains("refused")))
                    .as(Files.readString(agentLog))
                    .singleElement()
                    .asString()
                    // By its logical name when the agent has heard it (from discovery), else by its address: which of
                    // the
                    // two messages arrives first is a race (CI saw the address once).
                    .matches(
                            "agent agent-0: refused (coordinator-\\S+|[0-9a-f]{8}-[0-9a-f-]{27}) \\(its secret is another\\): "
                                    + "only members holding the cluster's secret may join");

            step("wrong coordinator done");
            Coordinator right =
                    coordinate(hosts, "right", List.of("--cluster-secret-file", secretFile.toString()), null);
            assertThat(right.exitCode()).as(right.printed()).isZero();
            step("right coordinator done");
            assertThat(agent.waitFor(20, TimeUnit.SECONDS)).isTrue();
            step("agent done");
            assertThat(requests(targetLog))
                    .as("requests the right coordinator got sent")
                    .isEqualTo(50);

            assertThat(right.listing() + wrong.listing()).contains("agent-0").doesNotContain(secret);
            assertThat(Files.readString(temp.resolve("right").resolve(ResultFiles.RESULT_JSON)))
                    .doesNotContain(secret);
            assertThat(right.printed() + Files.readString(agentLog)).doesNotContain(secret);
        }
    }

    private final long startNanos = System.nanoTime();

    private void step(String done) {
        System.out.printf("AgentsSecretTest: %s at %.1f s%n", done, (System.nanoTime() - startNanos) / 1e9);
    }

    /** What a coordinator printed, its exit code, and the host's process listing while it ran. */
    private record Coordinator(int exitCode, String printed, String listing) {}

    /** {@code load --agents 1}: 50 requests to the agent's loopback target, in one second. */
    private Coordinator coordinate(BridgedHosts hosts, String name, List<String> more, String secretInEnvironment)
            throws Exception {
        var command = new ArrayList<>(Cli.javaJar(
                "load",
                "--agents",
                "1",
                "--cluster-bind",
                BridgedHosts.address(COORDINATOR) + ":7800",
                "--agents-timeout",
                AGENTS_TIMEOUT_SECONDS + "s",
                "--url",
                "http://127.0.0.1:" + TARGET_PORT + "/",
                "--rate",
                "50",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--out",
                temp.resolve(name).toString()));
        command.addAll(more);
        Path printed = temp.resolve(name + ".log");
        Process load = start(hosts.in(COORDINATOR, command), printed, secretInEnvironment);
        // The listing while the coordinator holds its secret: once it is in the cluster, waiting for its agent (its
        // line), not at a guessed time that could come before it started or after it ended.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(printed).contains("waiting up to " + AGENTS_TIMEOUT_SECONDS + " s for 1 agents")) {
            assertThat(load.isAlive())
                    .as("%s running until it waits for its agent: %s", name, Files.readString(printed))
                    .isTrue();
            assertThat(System.nanoTime())
                    .as("%s waiting for its agent within 60 s: %s", name, Files.readString(printed))
                    .isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(20);
        }
        String listing = TwoHosts.run(List.of("ps", "-eo", "args"));
        assertThat(listing)
                .as("the coordinator in the listing")
                .contains(temp.resolve(name).toString());
        assertThat(load.waitFor(60, TimeUnit.SECONDS)).as(name + " finished").isTrue();
        return new Coordinator(load.exitValue(), Files.readString(printed), listing);
    }

    private Process start(ProcessBuilder builder, Path log, String secretInEnvironment) throws Exception {
        builder.environment().remove("STACKBENCH_CLUSTER_SECRET");
        if (secretInEnvironment != null) {
            builder.environment().put("STACKBENCH_CLUSTER_SECRET", secretInEnvironment);
        }
        Process process =
                builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        processes.add(process);
        return process;
    }

    /** jwebserver logs one line per request: {@code 127.0.0.1 - - [date] "GET / HTTP/1.1" 200 -}. */
    private static long requests(Path targetLog) throws Exception {
        return Files.readAllLines(targetLog).stream()
                .filter(line -> line.contains("\"GET "))
                .count();
    }
}
