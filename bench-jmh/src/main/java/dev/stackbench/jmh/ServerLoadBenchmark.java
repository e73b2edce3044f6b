package dev.stackbench.jmh;

import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.load.WorkloadMixes;
import dev.stackbench.core.load.engine.LoadSession;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerVariants;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.server.WorkloadParams;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/**
 * Requests per second of one approach serving one workload under load.
 *
 * <p>The pitfall: a @Benchmark that sends one request and waits for it is a closed model with as
 * many users as JMH threads, a handful, and measures the client as much as the server. Here the
 * server starts once per trial and stackbench's load generator drives it from its own event loops
 * the whole trial long ({@code concurrency} users, or a {@code rate} per second in the open model).
 * Each invocation of {@link #response} takes a batch of successful responses off the generator
 * (counted by {@code @OperationsPerInvocation}), so JMH's score, in ops/s, is the server's rate of
 * successful responses in that iteration's window, and
 * {@link LatencyProfiler} adds the window's latency percentiles.
 *
 * <pre>
 * java -jar bench-jmh/target/bench-jmh.jar -p approach=loom-netty -p workload=date -p delayMillis=100
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Warmup(iterations = 1, time = 10) // after the trial's setup has waited until the load is steady (SteadyStart)
// 30 iterations: this shared machine's speed swings by up to 25% over tens of seconds, and 10 left
// a CPU-bound score's error at 14%; 30 (about 6 minutes, less than JMH's own defaults) brought it under 5%.
@Measurement(iterations = 30, time = 10)
@Fork(
        value = 1,
        jvmArgsAppend = {JvmFlags.ENABLE_NATIVE_ACCESS, "-Xmx2g"})
public class ServerLoadBenchmark {

    /*
     * Approach and workload ids, spelt out because JMH reads a String @Param's values only from the
     * annotation (compile-time constants), and an enum-typed @Param would take the constant names
     * (LOOM_NETTY), not the ids that -p approach=loom-netty, results and gates use. JmhSuiteParamsTest
     * fails when these lists and the enums differ.
     */

    /** An {@link Approach#id()}. */
    @Param({
        "platform-tomcat",
        "loom-tomcat",
        "async-tomcat",
        "commonpool-tomcat",
        "elastic-tomcat",
        "loom-netty",
        "webflux-netty",
        "elastic-netty"
    })
    public String approach;

    /** A {@link Workload#id()}. */
    @Param({"date", "movies", "crud"})
    public String workload;

    /** Server-side wait of date and movies requests. */
    @Param({"0"})
    public int delayMillis;

    /** Closed model: virtual users. */
    @Param({"50"})
    public int concurrency;

    /** A {@link LoadModel#id()}: closed (concurrency users), or open (rate requests per second, latency from intended starts). */
    @Param({"closed"})
    public String model;

    /** Open model: requests per second. */
    @Param({"1000"})
    public double rate;

    /**
     * Before JMH's own warm-up iterations: {@code auto} waits until the load is steady (as {@code load --warmup auto},
     * at most {@link LoadDefaults#WARMUP_CAP}), {@code auto:CAP} with another cap, a duration waits that long.
     */
    @Param({dev.stackbench.core.load.Warmup.AUTO}) // not JMH's @Warmup: stackbench's warm-up policy
    public String warmup;

    /**
     * Responses handed to JMH per benchmark invocation. One wake-up of JMH's thread per response costs
     * a futex call on both sides, tens of thousands a second on the 2 cores that client and server
     * share; per batch it is a tenth of that. The iteration's last batch may be partial: at most this many
     * responses of a window, a few in ten thousand at 30,000 responses/s, are counted in the wrong iteration.
     */
    static final int RESPONSES_PER_INVOCATION = 10;

    private final Semaphore batches = new Semaphore(0);
    private final AtomicLong successes = new AtomicLong();
    private RunningServer server;
    private LoadSession load;

    @Setup(Level.Trial)
    public void startServerAndLoad() throws Exception {
        Workload chosen = Workload.fromId(workload);
        server = ServerVariants.load().start(ServerSpec.of(Approach.fromId(approach), chosen));
        Duration unbounded = Duration.ofDays(1); // the trial ends the load, not the profile
        LoadProfile profile = switch (LoadModel.fromId(model)) {
            case CLOSED -> new LoadProfile.Closed(concurrency, ThinkTime.NONE, unbounded, OptionalLong.empty());
            case OPEN -> new LoadProfile.Open(rate, unbounded);
        };
        var params = chosen == Workload.CRUD
                ? Map.<String, String>of()
                : Map.of(WorkloadParams.DELAY_MILLIS, String.valueOf(delayMillis));
        URI target = server.baseUri();
        // Open model: load's connection cap, or more when concurrency asks for more; the closed model uses one per
        // user.
        LoadRun run = LoadRun.of(target, profile, Duration.ZERO)
                .withMix(WorkloadMixes.of(chosen, params))
                .withConnections(Math.max(concurrency, LoadDefaults.OPEN_MODEL_CONNECTIONS));
        load = LoadSession.start(run, () -> {
            if (successes.incrementAndGet() % RESPONSES_PER_INVOCATION == 0) {
                batches.release();
            }
        });
        CurrentLoad.started(load, server.codePackages());
        // JMH prints a forked JVM's stdout: the reader sees when and why the measurement could begin.
        switch (dev.stackbench.core.load.Warmup.parse(warmup)) {
            case dev.stackbench.core.load.Warmup.UntilSteady untilSteady ->
                System.out.println("stackbench: warm-up " + SteadyStart.await(load, untilSteady.cap()));
            case dev.stackbench.core.load.Warmup.Fixed fixed ->
                TimeUnit.NANOSECONDS.sleep(fixed.duration().toNanos());
        }
    }

    @Setup(Level.Iteration)
    public void forgetEarlierResponses() {
        batches.drainPermits();
        CurrentLoad.benchmarkThread(
                Thread.currentThread().threadId()); // JMH's thread, waiting for responses: not the server's
    }

    /** {@link #RESPONSES_PER_INVOCATION} successful responses of the server, as counted by the load generator. */
    @Benchmark
    @OperationsPerInvocation(RESPONSES_PER_INVOCATION)
    public void response(Control control) throws InterruptedException {
        while (!batches.tryAcquire(10, TimeUnit.MILLISECONDS)) {
            if (control.stopMeasurement) {
                return; // the iteration ended while the server answered nothing
            }
        }
    }

    @TearDown(Level.Trial)
    public void stopLoadAndServer() {
        CurrentLoad.stopping();
        if (load != null) {
            load.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
