package dev.stackbench.e2e;

import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.load.engine.ProgressListener;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import reactor.blockhound.BlockHound;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.LoopResources;

/**
 * Run in a JVM of its own (BlockHound rewrites JDK methods): reports every blocking call made on a
 * Netty event-loop thread while a server runs under its workload's load. Exit code 0: none seen,
 * 1: some seen (listed on stdout), 2: the run itself failed.
 *
 * <p>Arguments: {@code approach WORKLOAD [NAME=VALUE server properties...] [param:NAME=VALUE workload
 * parameters...]} (e.g. {@code param:delayMillis=20 param:callDepth=2}: the load then takes the
 * Mono.delay and nested WebClient paths), several such runs separated by {@code --} (one after another, one JVM: a
 * blocking call in any of them is seen and listed), or {@code probe}: a server that sleeps on its event loop on
 * purpose, to show the check catches it.
 */
public final class BlockingCallCheck {

    /** Netty event loops by their thread names: every server's, the generator's, a driver's (Lettuce names its own differently). */
    static final Predicate<Thread> EVENT_LOOP =
            thread -> thread.getName().matches(".*-(epoll|nio|io_uring|kqueue)-\\d+|lettuce-\\w+EventLoop-\\d+-\\d+");

    private BlockingCallCheck() {}

    public static void main(String[] args) throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        BlockHound.install(builder -> builder.nonBlockingThreadPredicate(current -> current.or(EVENT_LOOP))
                // PostgreSQL's SCRAM login draws a nonce from SecureRandom, which reads /dev/urandom: that read never
                // blocks (Reactor's own BlockHound integration allows UUID.randomUUID for the same reason), once per
                // connection.
                .allowBlockingCallsInside("com.ongres.scram.common.ScramFunctions", "nonce")
                // Netty 4.2's own buffer allocator takes a StampedLock for a moment when it grows or retires its
                // magazines under contention: Netty's internals, seen now and then, not a call of ours or a driver's.
                .allowBlockingCallsInside(
                        "io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup", "tryExpandMagazines")
                .allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$Magazine", "free")
                // The reactive drivers' own short locks, held for a moment (seen under contention only), no I/O, no
                // wait for a
                // server: MongoDB's driver takes every lock through one helper, Locks (its pool's queue, its Netty
                // stream's
                // pending reads, its cluster clock: all seen), Lettuce counts the writers of its shared connection
                // under a
                // ReentrantLock. A driver's wait for I/O or for a condition (a latch, a future, an await) is not inside
                // these, and is still caught.
                .allowBlockingCallsInside("com.mongodb.internal.Locks", "checkedWithLock")
                .allowBlockingCallsInside("com.mongodb.internal.Locks", "checkedWithInterruptibleLock")
                .allowBlockingCallsInside("com.mongodb.internal.Locks", "withInterruptibleLock")
                .allowBlockingCallsInside("com.mongodb.internal.Locks", "lockInterruptibly")
                .allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "incrementWriters")
                // Spring Data Redis takes its factory's lock to hand out the shared connection, on every command: a
                // null
                // check once the connection is open, as it is from the start (eager initialization,
                // RedisConfiguration).
                .allowBlockingCallsInside(
                        "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory", "doInLock")
                .blockingMethodCallback(method ->
                        seen.add(method + " on " + Thread.currentThread().getName() + where())));
        try {
            if (args[0].equals("probe")) {
                probe();
            } else {
                for (List<String> run : runs(List.of(args))) {
                    underLoad(Approach.fromId(run.get(0)), Workload.fromId(run.get(1)), run.subList(2, run.size()));
                }
            }
        } catch (Exception e) {
            System.out.println("run failed: " + e);
            System.exit(2);
        }
        seen.stream().distinct().forEach(call -> System.out.println("blocking call: " + call));
        System.out.println(
                seen.isEmpty() ? "no blocking calls on event loops" : seen.size() + " blocking calls on event loops");
        System.exit(seen.isEmpty() ? 0 : 1);
    }

    /** The runs of the arguments, one after another in this JVM (BlockHound installed once), separated by {@code --}. */
    static List<List<String>> runs(List<String> args) {
        var runs = new java.util.ArrayList<List<String>>();
        int from = 0;
        for (int i = 0; i <= args.size(); i++) {
            if (i == args.size() || args.get(i).equals("--")) {
                runs.add(args.subList(from, i));
                from = i + 1;
            }
        }
        return runs;
    }

    /** The first frames outside BlockHound and the JDK: who made the call. */
    private static String where() {
        var frames = java.util.Arrays.stream(new Throwable().getStackTrace())
                .map(StackTraceElement::toString)
                .filter(frame -> !frame.contains("blockhound") && !frame.contains("BlockingCallCheck"))
                .limit(14)
                .toList();
        return "\n      at " + String.join("\n      at ", frames);
    }

    private static void underLoad(Approach approach, Workload workload, List<String> arguments) throws Exception {
        var spec = ServerSpec.of(approach, workload);
        var params = new java.util.LinkedHashMap<String, String>();
        for (String argument : arguments) {
            String nameValue = argument.startsWith("param:") ? argument.substring("param:".length()) : argument;
            String name = nameValue.substring(0, nameValue.indexOf('='));
            String value = nameValue.substring(nameValue.indexOf('=') + 1);
            if (argument.startsWith("param:")) {
                params.put(name, value);
            } else {
                spec = spec.withServerProperty(name, value);
            }
        }
        try (var server = ServerVariants.load().start(spec)) {
            var run = LoadRun.of(
                            server.baseUri(),
                            new LoadProfile.Closed(8, ThinkTime.NONE, Duration.ofSeconds(1), OptionalLong.empty()),
                            Duration.ZERO)
                    .withMix(WorkloadMixes.of(workload, params));
            RunResult result = LoadGenerator.run(run, RunResult.Target.url(server.baseUri()), ProgressListener.NONE)
                    .result();
            System.out.println(approach.id() + " " + workload.id() + " " + String.join(" ", arguments) + ": "
                    + result.requests().ok() + " ok, errors "
                    + result.requests().errorsByClass());
            if (result.requests().ok() == 0 || result.requests().errors() > 0) {
                throw new IllegalStateException("the load did not run cleanly: " + result.requests());
            }
        }
    }

    private static void probe() throws Exception {
        var loops = LoopResources.create("probe", 1, true);
        var server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .runOn(loops)
                .handle((request, response) -> {
                    try {
                        Thread.sleep(1); // the mistake the check exists for
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return response.sendString(Mono.just("slept"));
                })
                .bindNow();
        try (var client = HttpClient.newHttpClient()) {
            client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } finally {
            server.disposeNow();
            loops.dispose();
        }
    }
}
