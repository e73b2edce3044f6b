package dev.stackbench.cli;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.Threshold;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.vocabulary.Durations;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code load --agents N}: this process coordinates and N agents send, each its share of the one schedule. Only here are
 * the cluster's classes loaded (dev.stackbench.cluster, and JGroups through it): a run without agents never touches them.
 */
final class AgentsRun {

    private final Approach approach;
    private final URI url;
    private final String label;
    private final Path out;
    private final boolean quiet;
    private final Integer agents;
    private final String clusterBind;
    private final String agentsTimeout;
    private final String discovery;
    private final java.nio.file.Path clusterSecretFile;

    AgentsRun(LoadCommand command) {
        this.approach = command.approach;
        this.url = command.url;
        this.label = command.label;
        this.out = command.out;
        this.quiet = command.quiet;
        this.agents = command.agents;
        this.clusterBind = command.clusterBind;
        this.agentsTimeout = command.agentsTimeout;
        this.discovery = command.discovery;
        this.clusterSecretFile = command.clusterSecretFile;
    }

    /**
     * {@code --agents N}: this process coordinates, the agents send. Only here are the cluster's classes loaded
     * (dev.stackbench.cluster, and JGroups through it): a run without agents never touches them.
     */
    int run(LoadRun run, List<Threshold> conditions, PrintWriter stdout, PrintWriter err) throws Exception {
        if (approach != null) {
            throw new IllegalArgumentException("--agents drives a --url: start the server where the agents reach it "
                    + "(java -jar bench-jmh.jar serve --approach " + approach.id() + " --address ADDRESS)");
        }
        var description = label == null
                ? RunResult.Target.url(url)
                : RunResult.Target.url(url).withLabel(label);
        dev.stackbench.cluster.LoadOverAgents.check(
                run, agents); // input no agent could run: refused before anyone waits
        var settings = new dev.stackbench.cluster.LoadOverAgents.Settings(
                agents,
                clusterBind(),
                discovery,
                Durations.parse(agentsTimeout),
                dev.stackbench.cluster.ClusterSecret.read(clusterSecretFile, System.getenv())
                        .orElse(null));
        if (!quiet) {
            err.printf(
                    "running %s%s against %s from %d agents%n",
                    run.profile().describe(), ProgressPrinter.warmupText(run), url, agents);
            err.flush();
        }
        Measurement measurement;
        int interrupted;
        try (Interrupts interrupts = Interrupts.install(err)) {
            var merged = dev.stackbench.cluster.LoadOverAgents.run(run, description, settings, err, interrupts.stop());
            if (merged.isEmpty()) {
                // Stopped before any agent was ordered: nothing was measured; the coordinator has left their cluster.
                err.println(interrupts.stop().reason()
                        + " before the agents started: nothing was measured, no result is written");
                err.flush();
                return interrupts.exitCode();
            }
            measurement = merged.get();
            interrupted = interrupts.exitCode();
        }
        RunOutput.write(measurement, out, stdout);
        if (measurement.result().window().interrupted()) {
            return interrupted; // what the agents measured until the stop is written, marked interrupted; thresholds
            // judge whole runs
        }
        int verdict = RunOutput.judge(measurement.result(), conditions, stdout, err);
        if (measurement.result().agents().partial()) {
            err.println("FAILED: partial result: an agent was lost (see the agents section and the PARTIAL warning)");
            return StackbenchMain.EXIT_FAILURE;
        }
        return verdict;
    }

    /**
     * Where the coordinator listens: --cluster-bind, else this host's address, unless that is a loopback one (Debian maps
     * its host name to 127.0.1.1), which no agent on another host reaches.
     */
    private String clusterBind() throws UnknownHostException {
        if (clusterBind != null) {
            return clusterBind;
        }
        var local = InetAddress.getLocalHost();
        if (local.isLoopbackAddress()) {
            throw new IllegalArgumentException(
                    "--agents: this host's name " + local.getHostName() + " resolves to " + local.getHostAddress()
                            + ", a loopback address no agent on another host reaches: give --cluster-bind ADDRESS, an address of this host the agents reach");
        }
        return local.getHostAddress();
    }

    /** A body file would be read by each agent from its own working directory, where it may differ or be missing. */
    static void refuseFileBodies(List<String> requestSpecs) {
        for (String request : requestSpecs) {
            // The path holds no '@' or ';' (RequestSpecs' form): ":@" before the first ';' starts a body file.
            if (request.split(";", 2)[0].contains(":@")) {
                throw new IllegalArgumentException(
                        "--request '" + request + "': a body from a file (:@FILE) cannot be sent with --agents, "
                                + "each agent would read FILE from its own working directory; drive the requests without bodies from files");
            }
        }
    }
}
