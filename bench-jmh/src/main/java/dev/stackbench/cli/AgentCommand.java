package dev.stackbench.cli;

import dev.stackbench.cluster.Agent;
import dev.stackbench.cluster.ClusterSecret;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.vocabulary.Durations;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A load generator that joins a coordinator's cluster and runs its share of {@code load --agents N}. */
@Command(
        name = "agent",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Runs a share of another host's load --agents N and sends back what it measured.",
            "It joins the cluster of a coordinator (load --agents N ... on another host) and runs the share of the load it is "
                    + "given: agent k of N sends requests k, k+N, k+2N, ... of the one schedule (closed model: users k, k+N, ...), "
                    + "from an instant agreed through the clocks' offsets, and sends its histograms back. It takes one run after "
                    + "another until --runs are done or no order came for --idle-timeout.",
            "Exit code 1 when a run it took failed (or was stopped: its coordinator left) or fewer than --runs were taken."
        })
final class AgentCommand implements Callable<Integer> {

    static final String DEFAULT_IDLE_TIMEOUT = "30m";

    @Spec
    CommandSpec spec;

    @Option(
            names = "--coordinator",
            required = true,
            paramLabel = "HOST[:PORT]|dns:NAME",
            description =
                    "Where the coordinator listens (its --cluster-bind; port 7800 if none), or dns:NAME to find the members "
                            + "through a DNS name (JGroups' DNS_PING, e.g. a Kubernetes headless Service; every member on port 7800).")
    String coordinator;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS[:PORT]",
            description =
                    "Where this agent listens; an address the coordinator reaches (default: the address this host "
                            + "uses to reach the coordinator; port 7800, or the first free one above it).")
    String bind;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "This agent's name in results (default: host name and process id).")
    String name;

    @Option(
            names = "--runs",
            paramLabel = "N",
            defaultValue = "0",
            description = "Leave after N runs; 0 (the default) for no limit.")
    int runs;

    @Option(
            names = "--idle-timeout",
            paramLabel = "DURATION",
            defaultValue = DEFAULT_IDLE_TIMEOUT,
            description = "Leave when no order came for this long (default: ${DEFAULT-VALUE}).")
    String idleTimeout;

    @Option(
            names = "--cluster-secret-file",
            paramLabel = "FILE",
            description = "The cluster's shared secret, the same on every member; else the environment variable "
                    + "STACKBENCH_CLUSTER_SECRET. Required unless this agent listens on loopback: only members "
                    + "holding it may join, and every message is encrypted under it.")
    Path clusterSecretFile;

    @Option(
            names = "--output",
            paramLabel = "NAME[=WHERE]",
            description =
                    "Send this agent's own segment live, every series labelled agent=NAME (as load --output): prometheus[=[ADDRESS]:PORT], "
                            + "otlp=URL, json=FILE; repeatable. The merged result stays the coordinator's result.json.")
    List<String> outputs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (runs < 0) {
            throw new IllegalArgumentException("--runs must be 0 (no limit) or more, got " + runs);
        }
        Duration idle = Durations.parse(idleTimeout);
        String agentName = name != null
                ? name
                : InetAddress.getLocalHost().getHostName() + "-"
                        + ProcessHandle.current().pid();
        Agent.Served served;
        try (OutputScope scope =
                OutputScope.open(outputs, agentName, spec.commandLine().getErr())) {
            served = Agent.serve(
                    new Agent.Settings(
                            agentName,
                            coordinator,
                            bind,
                            runs,
                            idle,
                            ClusterSecret.read(clusterSecretFile, System.getenv())
                                    .orElse(null)),
                    scope.around(ProgressListener.NONE),
                    spec.commandLine().getErr());
        }
        if (served.failed() > 0 || runs > 0 && served.runs() < runs) {
            spec.commandLine()
                    .getErr()
                    .printf(
                            "agent %s: %d of %d runs failed%s%n",
                            agentName,
                            served.failed(),
                            served.runs(),
                            runs > 0 && served.runs() < runs
                                    ? "; " + served.runs() + " of the " + runs + " asked for (--runs) were taken"
                                    : "");
            return StackbenchMain.EXIT_FAILURE;
        }
        return StackbenchMain.EXIT_OK;
    }
}
