package dev.stackbench.cli;

import dev.stackbench.core.app.RunningApp;
import dev.stackbench.core.app.SpringBootApps;
import dev.stackbench.core.load.engine.StopRequest;
import dev.stackbench.core.scenario.InProcessServers;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.UpstreamService;
import dev.stackbench.core.server.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Runs one server variant standalone until interrupted, so a load generator can run elsewhere. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description =
                "Starts one approach serving a workload, or your own Spring Boot application (--app, --app-class), and keeps it "
                        + "running until interrupted (Ctrl-C).")
final class ServeCommand implements Callable<Integer> {

    static final int DEFAULT_PORT = 8080;
    static final String DEFAULT_ADDRESS = "127.0.0.1";

    @Spec
    CommandSpec spec;

    @Option(
            names = "--approach",
            paramLabel = "APPROACH",
            description = "How requests are executed (see Approaches below).")
    Approach approach;

    @Mixin
    AppOptions app = new AppOptions();

    @Option(
            names = "--workload",
            paramLabel = "WORKLOAD",
            defaultValue = "date",
            description = "What requests do (default: ${DEFAULT-VALUE}).")
    Workload workload;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            defaultValue = "" + DEFAULT_PORT,
            description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(
            names = "--address",
            paramLabel = "ADDRESS",
            defaultValue = DEFAULT_ADDRESS,
            description = "Address to listen on; 0.0.0.0 to accept other machines (default: ${DEFAULT-VALUE}).")
    String address;

    // Parsed as load parses it (picocli's NAME=VALUE map): a bare NAME is refused, not taken as NAME=.
    @Option(
            names = "--server-property",
            paramLabel = "NAME=VALUE",
            description =
                    "A server setting, overriding stackbench's default (e.g. server.tomcat.threads.max=10), or a property of --app; "
                            + "repeatable.")
    Map<String, String> serverProperties = new LinkedHashMap<>();

    @Option(
            names = "--workload-option",
            paramLabel = "NAME=VALUE",
            description = "A server-side workload option; repeatable.")
    Map<String, String> workloadOptions = new LinkedHashMap<>();

    @Option(
            names = "--tls",
            description = "Listen with TLS only, offering h2 and http/1.1 by ALPN, with a self-signed certificate "
                    + "generated at start (or yours: --server-property server.ssl.*).")
    boolean tls;

    @Option(
            names = "--upstream",
            paramLabel = "APPROACH[:DELAY_MILLIS]",
            description =
                    "Make the workload's nested calls (callDepth) to a second service started in this process on a free loopback "
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
            throw new IllegalArgumentException(
                    "--address must be an address of this machine, got '" + address + "': " + e.getMessage());
        }
        app.check(spec.commandLine().getParseResult());
        if (app.given() == (approach != null)) {
            throw new IllegalArgumentException(
                    "give one of --approach (a built-in server) and --app or --app-class (your application), not "
                            + (approach == null ? "none" : "both"));
        }
        if (app.given()) {
            if (tls || upstream != null || !workloadOptions.isEmpty()) {
                throw new IllegalArgumentException(
                        "--tls, --upstream and --workload-option apply to --approach; your application's own "
                                + "properties are --server-property NAME=VALUE");
            }
            return serveApp(listenAddress);
        }
        var properties = new LinkedHashMap<>(serverProperties);
        properties.put("server.port", String.valueOf(port));
        properties.put("server.address", address);
        var serverSpec = new ServerSpec(approach, workload, workloadOptions, properties, false, tls);
        UpstreamService upstreamService = upstream == null
                ? null
                : UpstreamService.parseUnlessSelf(upstream).orElse(null);
        var out = spec.commandLine().getOut();

        // The upstream service first, then the server calling it; closing stops both (as load --approach does).
        var servers = InProcessServers.start(ServerVariants.load(), serverSpec, upstreamService, false);
        RunningServer server = servers.server();
        var stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            servers.close();
                            out.println("stopped " + approach);
                            out.flush();
                            stopped.countDown();
                        },
                        "stackbench-serve-shutdown"));

        String listening = server.baseUri().getScheme() + "://"
                + (listenAddress instanceof Inet6Address
                        ? "[" + listenAddress.getHostAddress() + "]"
                        : listenAddress.getHostAddress())
                + ":" + server.baseUri().getPort() + "/";
        String where = listenAddress.isAnyLocalAddress()
                ? listening + " (every address of this machine; here: " + server.baseUri() + ")"
                : listening;
        out.printf(
                "%s serving %s at %s (started in %d ms); Ctrl-C stops it%n",
                approach, workload, where, server.startupTime().toMillis());
        if (!listenAddress.isLoopbackAddress()) {
            var err = spec.commandLine().getErr();
            err.println("warning: listening on " + listenAddress.getHostAddress()
                    + (listenAddress.isAnyLocalAddress() ? ", every network interface" : "")
                    + ": other machines can reach this server (--address " + DEFAULT_ADDRESS
                    + " keeps it to this one)");
            err.flush();
        }
        servers.upstream()
                .ifPresent(upstreamServer -> out.printf(
                        "nested calls go to %s serving date at %s (%d ms added, started in %d ms)%n",
                        upstreamService.approach(),
                        upstreamServer.baseUri(),
                        upstreamService.delayMillis(),
                        upstreamServer.startupTime().toMillis()));
        server.settings().forEach((name, value) -> out.printf("  %s=%s%n", name, value));
        out.flush();
        stopped.await();
        return StackbenchMain.EXIT_OK;
    }

    /**
     * {@code serve --app}: the application on --address and --port until Ctrl-C (then closed, exit 0), or until it stops
     * serving by itself (its context closed, its process exited, System.exit called: one line naming why, exit 2).
     */
    private int serveApp(InetAddress listenAddress) throws InterruptedException {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        Path logFile;
        try {
            logFile = Files.createTempFile("stackbench-app-", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the application's log in the temporary directory", e);
        }
        var stop = new StopRequest();
        var ended = new CountDownLatch(1);
        try (AppExitGuard guard = AppExitGuard.install(stop, err)) {
            RunningApp running =
                    SpringBootApps.start(app.spec(serverProperties, logFile).withListen(address, port));
            running.onStopped(reason -> {
                stop.request(reason);
                ended.countDown();
            });
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> {
                                if (!stop.requested()) { // Ctrl-C or SIGTERM: close it and say so
                                    running.close();
                                    out.println("stopped " + app.describe());
                                    out.flush();
                                }
                                ended.countDown();
                            },
                            "stackbench-serve-shutdown"));
            out.printf(
                    "%s serving at %s (%s; started in %.0f ms); Ctrl-C stops it%n",
                    app.describe(),
                    running.baseUri(),
                    running.description().describe(),
                    running.startup().millis());
            out.printf("its output goes to %s%n", logFile.toAbsolutePath());
            if (!listenAddress.isLoopbackAddress()) {
                err.println("warning: listening on " + listenAddress.getHostAddress()
                        + ": other machines can reach this server (--address " + DEFAULT_ADDRESS
                        + " keeps it to this one)");
            }
            running.settings().forEach((name, value) -> out.printf("  %s=%s%n", name, value));
            out.flush();
            ended.await();
            if (stop.requested()) {
                err.println("error: " + app.describe() + " stopped serving: " + stop.reason() + " (its log: "
                        + logFile.toAbsolutePath() + ")");
                err.flush();
                running.close();
                return StackbenchMain.EXIT_USAGE;
            }
            return StackbenchMain.EXIT_OK;
        }
    }
}
