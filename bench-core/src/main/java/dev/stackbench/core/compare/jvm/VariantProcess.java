package dev.stackbench.core.compare.jvm;

import dev.stackbench.core.app.AppStartException;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.RequestMix;
import dev.stackbench.core.load.Warmup;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.profile.Profile;
import dev.stackbench.core.profile.ProfileFiles;
import dev.stackbench.core.profile.ProfileRecorder;
import dev.stackbench.core.profile.ProfileWindow;
import dev.stackbench.core.profile.ThreadScope;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ServerProfile;
import dev.stackbench.core.server.ServerStartException;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.VariantServer;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import tools.jackson.databind.json.JsonMapper;

/**
 * The main class of a variant's JVM: it starts the variant's server in-process and, order by order from the
 * coordinator ({@link VariantOrder} lines on standard input), drives it with its own load generator, as JMH's forks
 * run benchmark and harness in one JVM. Answers ({@link VariantReply}) go to the standard output it is started with;
 * whatever else the server or the application prints goes to standard error, which the coordinator writes to the
 * variant's log file. Ctrl-C in the terminal reaches every process of the group: this one ignores it and is stopped
 * by its coordinator, which keeps what was measured (its Cancel order ends the run under way at once); when its
 * coordinator's end of the pipe closes, it ends the run under way and exits.
 */
public final class VariantProcess {

    /** Exit code after a {@link VariantReply.Failed}. */
    static final int EXIT_FAILED = 2;

    private static final JsonMapper JSON = ResultFiles.json()
            .rebuild()
            .disable(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT)
            .build();

    private final PrintStream replies;
    private final BufferedReader orders;

    private VariantProcess(PrintStream replies, BufferedReader orders) {
        this.replies = replies;
        this.orders = orders;
    }

    public static void main(String[] args) throws IOException {
        var replies = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // a stray println of the server's must not break the protocol
        ignoreInterrupt();
        var orders = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int exitCode = new VariantProcess(replies, orders).serve();
        System.out.flush();
        System.exit(exitCode);
    }

    static String write(Object message) {
        return JSON.writeValueAsString(message);
    }

    static <T> T read(String line, Class<T> type) {
        return JSON.readValue(line, type);
    }

    private int serve() throws IOException {
        String first = orders.readLine();
        if (first == null) {
            return 0;
        }
        var setup = (VariantOrder.Setup) read(first, VariantOrder.class);
        if (setup.profile() != null) {
            ProfileRecorder.prepare(
                    setup.profile().settings()); // before anything starts JFR: its stack depth is set once
        }
        Workload workload =
                setup.variant().source() instanceof ServerSource.BuiltIn builtIn ? builtIn.workload() : null;
        VariantServer server;
        LoadOptions base;
        RequestMix mix;
        try {
            base = setup.load().loadOptions();
            mix = setup.load().mix(workload);
            server = VariantServer.start(
                    setup.variant(),
                    new VariantServer.Options(
                            setup.http2(),
                            setup.tls(),
                            setup.appLog() == null ? null : Path.of(setup.appLog()),
                            setup.appJvmOptions()));
        } catch (ServerStartException | IllegalArgumentException e) {
            // An application's own first error lines travel with the reason: they are in its log, not this JVM's.
            reply(new VariantReply.Failed(
                    e.getMessage(), true, false, e instanceof AppStartException app ? app.errorOutput() : List.of()));
            return EXIT_FAILED;
        } catch (RuntimeException e) {
            reply(new VariantReply.Failed(String.valueOf(e), false, false, List.of()));
            return EXIT_FAILED;
        }
        // An application that stops serving by itself (its context closed, its process gone, System.exit: then from a
        // shutdown hook) ends the trial under way and this JVM, saying why; the coordinator keeps the complete rounds.
        server.onStopped(reason -> {
            stops.stopCurrent("the application stopped serving: " + reason);
            reply(new VariantReply.Failed("its application stopped serving: " + reason, true, true, List.of()));
        });
        ProfileRecorder profiled;
        try {
            profiled = setup.profile() == null
                    ? null
                    : ProfileRecorder.start(setup.profile().settings(), server.pid());
        } catch (RuntimeException e) {
            server.close();
            // Not bad input: the variant is fine, this machine could not record it (no jcmd, JFR refused).
            reply(new VariantReply.Failed("its profile did not start: " + e.getMessage(), false, false, List.of()));
            return EXIT_FAILED;
        }
        try (server;
                ProfileRecorder recorder = profiled) {
            RunResult.Target target = server.target(setup.load().resolvedWorkloadParams(workload));
            reply(new VariantReply.Started(
                    server.baseUri().toString(), ProcessHandle.current().pid(), server.startup(), target));
            BlockingQueue<VariantOrder> queue = readOrdersAsTheyCome();
            while (true) {
                VariantOrder next = queue.take();
                stops.taken();
                switch (next) {
                    case VariantOrder.Warm warm ->
                        replyUnlessStopped(server, measure(base, server, target, mix, warm.directory()));
                    case VariantOrder.Trial trial -> {
                        if (Boolean.getBoolean("stackbench.compare.gc")) {
                            System.gc();
                        }
                        var order = LoadOptions.builder().warmup(new Warmup.Fixed(trial.warmup()));
                        if (trial.window() != null) {
                            order.duration(trial.window());
                        }
                        var options = order.parent(base).build();
                        VariantReply measured = measure(options, server, target, mix, trial.directory());
                        if (recorder != null
                                && trial.round() > 0
                                && measured instanceof VariantReply.Measured(RunResult result)) {
                            // A round's trial only: the warm-up and the rehearsals never count in the profile.
                            ProfileWindow.measuredWindowOf(result).ifPresent(recorder::include);
                            profiledRequests +=
                                    result.requests().ok() + result.requests().errors();
                        }
                        replyUnlessStopped(server, measured);
                    }
                    case VariantOrder.Finish finish ->
                        reply(new VariantReply.Profiled(
                                recorder == null ? null : profile(recorder, server, finish.directory())));
                    case VariantOrder.Stop stop -> {
                        return 0; // told to, or the coordinator is gone
                    }
                    case VariantOrder.Cancel cancel -> {} // the reader took it as it came
                    case VariantOrder.Setup again -> throw new IllegalStateException("a second setup order");
                }
                if (server.stopped().isPresent()) {
                    return EXIT_FAILED; // said so when it stopped
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /**
     * Orders from here on, read by a thread of their own so that a {@link VariantOrder.Cancel} ends the run under way at
     * once instead of waiting behind it. The end of the coordinator's pipe (it exited, or was killed) ends the run under
     * way too, and then this JVM: nobody is left to read what it measures.
     */
    private BlockingQueue<VariantOrder> readOrdersAsTheyCome() {
        var queue = new LinkedBlockingQueue<VariantOrder>();
        Thread.ofPlatform().daemon().name("orders").start(() -> {
            try {
                for (String line = orders.readLine(); line != null; line = orders.readLine()) {
                    VariantOrder order = read(line, VariantOrder.class);
                    if (order instanceof VariantOrder.Cancel) {
                        stops.cancel();
                    } else {
                        stops.received();
                        queue.add(order);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // the pipe is broken: as good as closed
            }
            stops.coordinatorGone();
            stops.received();
            queue.add(new VariantOrder.Stop());
        });
        return queue;
    }

    /** Requests that finished in the profiled trials' windows. */
    private long profiledRequests;

    /** The profile of the windows included, its files written into {@code directory} (null: none). */
    private ServerProfile profile(ProfileRecorder recorder, VariantServer server, String directory) {
        ThreadScope threads = ThreadScope.serverThreads()
                .excludingNamePrefix(LoadGenerator.THREAD_NAME_PREFIX)
                .excludingThread(Thread.currentThread().threadId());
        Profile profile = recorder.finish(threads, server.codePackages());
        ServerProfile.Files files = directory == null ? null : ProfileFiles.write(Path.of(directory), profile);
        return profile.facts(profiledRequests, files);
    }

    /** What ends the run under way: a {@link VariantOrder.Cancel}, the coordinator's pipe closing, the application stopping. */
    private final RunStops stops = new RunStops();

    private VariantReply measure(
            LoadOptions options, VariantServer server, RunResult.Target target, RequestMix mix, String directory)
            throws UnknownHostException {
        LoadRun run = options.toRun(server.baseUri(), mix, LoadOption.Naming.COMMAND_LINE);
        Measurement measurement = LoadGenerator.run(run, target, ProgressListener.NONE, stops.begin());
        if (directory != null) {
            ResultFiles.write(Path.of(directory), measurement);
        }
        return new VariantReply.Measured(measurement.result());
    }

    /** A measurement of a server that stopped serving meanwhile is no trial: its stop was the answer. */
    private void replyUnlessStopped(VariantServer server, VariantReply measured) {
        if (server.stopped().isEmpty()) {
            reply(measured);
        }
    }

    /** One line at a time, whichever thread answers (a stopped application's may be a shutdown hook). */
    private synchronized void reply(VariantReply reply) {
        replies.println(write(reply));
        replies.flush();
    }

    @SuppressWarnings("restriction")
    private static void ignoreInterrupt() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), sun.misc.SignalHandler.SIG_IGN);
        } catch (IllegalArgumentException e) {
            // the JVM keeps SIGINT (-Xrs): the coordinator still finds this JVM gone and says so
        }
    }
}
