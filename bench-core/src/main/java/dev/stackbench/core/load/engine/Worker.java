package dev.stackbench.core.load.engine;

import dev.stackbench.core.load.RequestTemplate;
import dev.stackbench.core.vocabulary.ErrorClass;
import dev.stackbench.core.vocabulary.RequestFailure;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Everything the generator does on one event loop: its connections, its share of the load (a
 * {@link LoadDriver} decides when requests start), its counters and recorders. All of it is touched
 * only on this loop, so nothing on the request path is shared or locked; the coordinator only reads
 * the counters and recorders, which are made for that (wrk's threads own their statistics the same way).
 */
final class Worker implements ExchangeEvents, WorkerContext.Sender {

    final WorkerCounters counters;
    final WorkerRecorders recorders;
    /** What the measured failures said, per class; written only when a request fails. */
    final ErrorMessages errorMessages = new ErrorMessages();

    private final WorkerContext context;
    private final RunPlan plan;
    private final LoadDriver driver;
    private final LoadLimits osLimits;
    private final TlsFailures tlsFailures;
    /** Called on this loop for every successful response (a JMH benchmark counts them); cheap. */
    private final Runnable onSuccess;

    private final Bootstrap bootstrap;
    private final ConnectPacer pacer = new ConnectPacer();
    private final IdLeases ids = new IdLeases();
    private final List<Connection> connections = new ArrayList<>();
    private final ChannelFutureListener onChannelClosed;
    private Http2Clients.Client http2;
    private static final String UNFINISHED_QUEUED =
            "still waiting for a free connection when the drain's deadline struck (unfinished)";
    private static final String UNFINISHED_IN_FLIGHT = "still in flight when the drain's deadline struck (unfinished)";

    /** Set at the drain's deadline: no request starts on this loop any more. */
    private boolean abandoned;
    /** The event-loop thread's id, for its CPU time; set when the worker starts on it. */
    volatile long threadId = -1;

    Worker(
            int index,
            int workerCount,
            EventLoop loop,
            RunPlan plan,
            RunControl control,
            Class<? extends SocketChannel> channelClass,
            LoadLimits osLimits,
            TlsFailures tlsFailures,
            Runnable onSuccess) {
        var run = plan.run();
        this.plan = plan;
        this.osLimits = osLimits;
        this.tlsFailures = tlsFailures;
        this.onSuccess = onSuccess;
        this.counters = new WorkerCounters(plan.requestNames().size());
        this.onChannelClosed = future -> counters.add(WorkerCounters.CONNECTIONS, -1);
        this.recorders =
                new WorkerRecorders(plan.arrivals() != null, plan.requestNames().size());
        this.bootstrap = Http1Connection.bootstrap(loop, channelClass, run);
        var numbers = plan.segment().ofWorker(index, workerCount);
        // Seeded by the first number it owns: a single generator's worker i as before, and no two agents alike.
        this.context = new WorkerContext(
                index,
                workerCount,
                numbers,
                loop,
                plan,
                control,
                counters,
                recorders,
                new SplittableRandom(run.randomSeed() + numbers.index()),
                this);
        this.driver = LoadDriver.of(context);
    }

    EventLoop loop() {
        return context.loop();
    }

    /** Called on this worker's loop at the run's start. */
    void start() {
        threadId = Thread.currentThread().threadId();
        long sweepNanos = Math.clamp(
                plan.run().responseTimeout().toNanos() / 10,
                Duration.ofMillis(1).toNanos(),
                Duration.ofMillis(100).toNanos());
        loop().scheduleAtFixedRate(this::expireTimedOut, sweepNanos, sweepNanos, TimeUnit.NANOSECONDS);
        driver.start();
    }

    @Override
    public Connection newConnection(int slot) {
        Connection connection;
        if (plan.run().http2()) {
            if (http2 == null) {
                http2 = Http2Clients.create(
                        context.index(),
                        (int) Math.max(1, plan.connections() / context.workerCount()),
                        loop(),
                        plan,
                        this);
            }
            connection = new Http2Slot(loop(), plan, this, slot, http2.client());
        } else {
            connection = new Http1Connection(loop(), plan, this, slot, bootstrap, pacer);
        }
        connections.add(connection);
        return connection;
    }

    @Override
    public void send(Connection connection, long startNanos, Phase phase) {
        int template = plan.run().mix().pick(context.random());
        boolean needsId = plan.ids(template).needsId();
        if (needsId && ids.isEmpty()) {
            template = plan.run().mix().creator(); // nothing created yet, or every id in use: create one
            needsId = false;
        }
        connection.send(template, needsId ? ids.lease(context.random()) : 0, startNanos, phase);
    }

    @Override
    public void written(Connection connection) {
        counters.increment(connection.phase, WorkerCounters.SENT);
        if (context.control().inWindow(connection.writeNanos)) {
            counters.add(WorkerCounters.SENT_IN_WINDOW, 1);
        }
    }

    @Override
    public void bytesIn(long bytes) {
        assert loop().inEventLoop() : "bytes counted off the worker's loop";
        counters.add(WorkerCounters.BYTES_IN, bytes);
    }

    @Override
    public void bytesOut(long bytes) {
        counters.add(WorkerCounters.BYTES_OUT, bytes);
    }

    @Override
    public void opened(Channel channel) {
        counters.add(WorkerCounters.CONNECTIONS, 1);
        channel.closeFuture().addListener(onChannelClosed);
    }

    @Override
    public void connectFailed(Throwable cause) {
        osLimits.noteConnectFailure(cause);
    }

    @Override
    public void tlsFailed(Throwable cause) {
        tlsFailures.note(cause);
    }

    @Override
    public RequestFailure checkBody(Connection connection, int status, CharSequence body) {
        if (status >= 400) {
            return null; // counted by its status
        }
        int templateIndex = connection.templateIndex;
        String expected = plan.bodyMustContain(templateIndex);
        if (expected != null && (body == null || !body.toString().contains(expected))) {
            connection.failureDetail = "the body lacks '" + expected + "'";
            return RequestFailure.BODY;
        }
        if (plan.ids(templateIndex) == RequestTemplate.IdUse.CREATES && !ids.addCreated(body)) {
            connection.failureDetail = "a creation answered no id";
            return RequestFailure.BODY;
        }
        return null;
    }

    @Override
    public void completed(Connection connection, RequestFailure error, int status, long nowNanos) {
        assert loop().inEventLoop() : "a request completed off its worker's loop: the counters would have two writers";
        Phase phase = connection.phase;
        int name = plan.requestName(connection.templateIndex);
        if (error == null && (status < WorkerCounters.MIN_STATUS || status > WorkerCounters.MAX_STATUS)) {
            // The status line holds three digits: anything else is no HTTP (a decoder lets 1000 or 42 through).
            error = RequestFailure.PROTOCOL;
            connection.failureDetail = "status " + status + " is not a three-digit HTTP status (100-999)";
        }
        boolean ok = error == null && status < 400;
        if (!ok) {
            if (phase == Phase.MEASURED) {
                errorMessages.note(error != null ? error : new ErrorClass.HttpStatus(status), connection.failureDetail);
            }
            connection.failureDetail = null;
        }
        counters.outcome(phase, name, error, status, context.control().inWindow(nowNanos));
        if (plan.ids(connection.templateIndex) == RequestTemplate.IdUse.USES) {
            ids.giveBack(connection.requestId); // the lease ends; a deleted id is not given back
        }
        if (ok) {
            recorders.record(phase, name, connection.startNanos, connection.writeNanos, nowNanos);
            onSuccess.run();
        }
        // Last: FINISHED tells the coordinator that this outcome is recorded (release, read with acquire).
        counters.increment(phase, WorkerCounters.FINISHED);
        if (!abandoned && !context.control().stopped()) {
            driver.freed(connection, error);
        }
    }

    private void expireTimedOut() {
        long now = System.nanoTime();
        long timeout = plan.run().responseTimeout().toNanos();
        connections.forEach(connection -> connection.expireIfOlderThan(now, timeout));
    }

    /** The window has closed: the driver counts what came due before its end (see {@link LoadDriver#catchUpSchedule}). */
    void catchUpSchedule() {
        driver.catchUpSchedule();
    }

    /**
     * The drain's deadline struck: every request still queued or in flight ends as an unfinished timeout,
     * so that each one scheduled has an outcome. Nothing new starts on this loop afterwards.
     */
    void abandonOutstanding() {
        abandoned = true;
        long queuedTimeouts = counters.own(Phase.MEASURED, WorkerCounters.errorField(RequestFailure.TIMEOUT));
        driver.abandonQueued();
        if (counters.own(Phase.MEASURED, WorkerCounters.errorField(RequestFailure.TIMEOUT)) > queuedTimeouts) {
            errorMessages.note(RequestFailure.TIMEOUT, UNFINISHED_QUEUED);
        }
        for (Connection connection : connections) {
            if (connection.inFlight) {
                counters.increment(connection.phase, WorkerCounters.UNFINISHED);
                connection.abandon(RequestFailure.TIMEOUT, UNFINISHED_IN_FLIGHT);
            }
        }
    }

    /** Closes every connection; called on this loop after the run. */
    void closeAll() {
        connections.forEach(Connection::close);
        if (http2 != null) {
            http2.connections().dispose();
        }
    }
}
