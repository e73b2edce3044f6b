package dev.stackbench.cli;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import dev.stackbench.core.scenario.InProcessServers;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Runs one server variant standalone until interrupted, so a load generator can run elsewhere. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Starts one approach serving a workload and keeps it running until interrupted (Ctrl-C).")
final class ServeCommand implements Callable<Integer> {

    static final int DEFAULT_PORT = 8080;
    static final String DEFAULT_ADDRESS = "127.0.0.1";

    @Spec
    CommandSpec spec;

    @Option(names = "--approach", required = true, paramLabel = "APPROACH", description = "How requests are executed (see Approaches below).")
    Approach approach;

    @Option(names = "--workload", paramLabel = "WORKLOAD", defaultValue = "date", description = "What requests do (default: ${DEFAULT-VALUE}).")
    Workload workload;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + DEFAULT_PORT, description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--address", paramLabel = "ADDRESS", defaultValue = DEFAULT_ADDRESS,
            description = "Address to listen on; 0.0.0.0 to accept other machines (default: ${DEFAULT-VALUE}).")
    String address;

    // Parsed as load parses it (picocli's NAME=VALUE map): a bare NAME is refused, not taken as NAME=.
    @Option(names = "--server-property", paramLabel = "NAME=VALUE",
            description = "A server setting, overriding stackbench's default (e.g. server.tomcat.threads.max=10); repeatable.")
    Map<String, String> serverProperties = new LinkedHashMap<>();

    @Option(names = "--workload-option", paramLabel = "NAME=VALUE", description = "A server-side workload option; repeatable.")
    Map<String, String> workloadOptions = new LinkedHashMap<>();

    @Option(names = "--tls", description = "Listen with TLS only, offering h2 and http/1.1 by ALPN, with a self-signed certificate "
            + "generated at start (or yours: --server-property server.ssl.*).")
    boolean tls;

    @Option(names = "--upstream", paramLabel = "APPROACH[:DELAY_MILLIS]",
            description = "Make the workload's nested calls (callDepth) to a second service started in this process on a free loopback "
                    + "port: APPROACH serving date, adding DELAY_MILLIS to every answer (default 0), e.g. webflux-netty:20. "
                    + "'self' (the default): to this server.")
    String upstream;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be from 0 to 65535, got " + port);
        }
        InetAddress listenAddress;
        try {
            listenAddress = InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--address must be an address of this machine, got '" + address + "': " + e.getMessage());
        }
        var properties = new LinkedHashMap<>(serverProperties);
        properties.put("server.port", String.valueOf(port));
        properties.put("server.address", address);
        var serverSpec = new ServerSpec(approach, workload, workloadOptions, properties, false, tls);
        UpstreamService upstreamService = upstream == null ? null : UpstreamService.parseUnlessSelf(upstream).orElse(null);
        var out = spec.commandLine().getOut();

        // The upstream service first, then the server calling it; closing stops both (as load --approach does).
        var servers = InProcessServers.start(ServerVariants.load(), serverSpec, upstreamService, false);
        RunningServer server = servers.server();
        var stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            servers.close();
            out.println("stopped " + approach);
            out.flush();
            stopped.countDown();
        }, "stackbench-serve-shutdown"));

        String listening = server.baseUri().getScheme() + "://" + (listenAddress instanceof Inet6Address ? "[" + listenAddress.getHostAddress() + "]" : listenAddress.getHostAddress())
                + ":" + server.baseUri().getPort() + "/";
        String where = listenAddress.isAnyLocalAddress() ? listening + " (every address of this machine; here: " + server.baseUri() + ")" : listening;
        out.printf("%s serving %s at %s (started in %d ms); Ctrl-C stops it%n",
                approach, workload, where, server.startupTime().toMillis());
        if (!listenAddress.isLoopbackAddress()) {
            var err = spec.commandLine().getErr();
            err.println("warning: listening on " + listenAddress.getHostAddress()
                    + (listenAddress.isAnyLocalAddress() ? ", every network interface" : "")
                    + ": other machines can reach this server (--address " + DEFAULT_ADDRESS + " keeps it to this one)");
            err.flush();
        }
        servers.upstream().ifPresent(upstreamServer -> out.printf("nested calls go to %s serving date at %s (%d ms added, started in %d ms)%n",
                upstreamService.approach(), upstreamServer.baseUri(), upstreamService.delayMillis(), upstreamServer.startupTime().toMillis()));
        server.settings().forEach((name, value) -> out.printf("  %s=%s%n", name, value));
        out.flush();
        stopped.await();
        return StackbenchMain.EXIT_OK;
    }
}
