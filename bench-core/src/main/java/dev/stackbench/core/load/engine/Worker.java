package dev.stackbench.core.load.engine;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.load.RequestTemplate;

import org.HdrHistogram.SingleWriterRecorder;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;

import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Everything the generator does on one event loop: its share of the users (closed model) or of
 * the arrivals (open model, request i goes to worker i mod workers), its connections, and its
 * recorders. All state is touched only on this loop, so nothing on the request path is shared
 * or locked; the reporter reads the recorders and counters, which are made for that.
 */
final class Worker {

    private static final ChannelInitializer<Channel> NO_HANDLERS = new ChannelInitializer<>() {
        @Override
        protected void initChannel(Channel channel) {
        }
    };

    /** A closed-model virtual user: send, wait for the response, think, again. */
    final class User {
        final int index;
        final Connection connection;
        final Runnable sendNext = this::sendNext;

        User(int index, Connection connection) {
            this.index = index;
            this.connection = connection;
            connection.user = this;
        }

        void sendNext() {
            if (plan.stopped()) {
                return;
            }
            long now = System.nanoTime();
            long offset = now - plan.startNanos();
            if (!plan.users().isActive(index, offset)) {
                OptionalLong next = plan.users().nextActivationNanos(index, offset);
                if (next.isPresent()) {
                    loop.schedule(sendNext, next.getAsLong() - offset, TimeUnit.NANOSECONDS);
                }
                return;
            }
            if (!plan.takeRequest()) {
                return;
            }
            counters.increment(WorkerCounters.SENT);
            send(connection, now);
        }
    }

    private final int index;
    private final int workerCount;
    private final EventLoop loop;
    private final RunPlan plan;
    private final Bootstrap bootstrap;
    private final SplittableRandom random;
    final SingleWriterRecorder latency = new SingleWriterRecorder(3);
    final SingleWriterRecorder serviceTime = new SingleWriterRecorder(3);
    final SingleWriterRecorder waitTime = new SingleWriterRecorder(3);
    final WorkerCounters counters = new WorkerCounters();
    private final List<Connection> connections = new ArrayList<>();
    private final ChannelFutureListener onChannelClosed = future -> counters.add(WorkerCounters.CONNECTIONS, -1);
    private final Engine engine;
    private HttpClient http2Client;
    private final ArrayDeque<Http1Connection> waitingToConnect = new ArrayDeque<>();
    private int connectsInProgress;
    private ConnectionProvider http2Connections;

    /**
     * Ids this worker's creates answered, not leased to a request in flight: two requests never use
     * one id at once, so a read cannot overtake the delete of its id on another connection.
     */
    private final LongPool createdIds = new LongPool();
    private static final Pattern CREATED_ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

    // Open model.
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private final LongQueue pending = new LongQueue();
    private final Runnable tick = () -> {
        tickScheduled = false;
        tick();
    };
    private boolean tickScheduled;
    private int connectionCap;
    private long nextRequest;
    /** The event-loop thread's id, for its CPU time; set when the worker starts on it. */
    volatile long threadId = -1;

    Worker(int index, int workerCount, EventLoop loop, RunPlan plan, Class<? extends SocketChannel> channelClass, Engine engine) {
        this.index = index;
        this.workerCount = workerCount;
        this.loop = loop;
        this.plan = plan;
        this.engine = engine;
        var run = plan.run();
        this.bootstrap = new Bootstrap().group(loop).channel(channelClass)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_REUSEADDR, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, run.connectTimeout().toMillis()))
                .handler(NO_HANDLERS);
        this.random = new SplittableRandom(run.randomSeed() + index);
    }

    /** Called on this worker's loop at the run's start. */
    void start() {
        threadId = Thread.currentThread().threadId();
        int total = plan.run().connections();
        int share = total / workerCount + (index < total % workerCount ? 1 : 0);
        long sweepNanos = Math.clamp(plan.run().responseTimeout().toNanos() / 10, Duration.ofMillis(1).toNanos(), Duration.ofMillis(100).toNanos());
        loop.scheduleAtFixedRate(this::expireTimedOut, sweepNanos, sweepNanos, TimeUnit.NANOSECONDS);
        if (plan.openModel()) {
            connectionCap = share;
            nextRequest = index;
            dispatchDue();
        } else {
            for (int user = index; user < total; user += workerCount) {
                new User(user, newConnection(user)).sendNext();
            }
        }
    }

    private Connection newConnection(int connectionIndex) {
        Connection connection = plan.run().http2() ? new Http2Slot(this) : new Http1Connection(this, connectionIndex);
        connections.add(connection);
        return connection;
    }

    /** Open model: sends every request that is due, then sleeps until the next one is. */
    private void tick() {
        if (plan.stopped()) {
            return;
        }
        dispatchDue();
    }

    /**
     * Issues every request whose intended start has passed and schedules the next tick. Also run by
     * the coordinator just before the window closes, so a request due before the end is always
     * counted (sent, or late), never lost to timer jitter.
     */
    void dispatchDue() {
        var arrivals = plan.arrivals();
        long count = arrivals.requestCount();
        long offset = System.nanoTime() - plan.startNanos();
        while (nextRequest < count) {
            long due = arrivals.intendedOffsetNanos(nextRequest);
            if (due > offset) {
                if (!tickScheduled) {
                    tickScheduled = true;
                    loop.schedule(tick, due - offset, TimeUnit.NANOSECONDS);
                }
                return;
            }
            dispatch(plan.startNanos() + due);
            nextRequest += workerCount;
        }
    }

    private void dispatch(long intendedNanos) {
        counters.increment(WorkerCounters.SENT);
        Connection connection = idle.pollLast();
        if (connection == null && connections.size() < connectionCap) {
            connection = newConnection(index + connections.size() * workerCount);
        }
        if (connection == null) {
            // No free connection at its intended start: it waits, is counted, and its latency still runs.
            counters.increment(WorkerCounters.LATE);
            pending.add(intendedNanos);
            return;
        }
        send(connection, intendedNanos);
    }

    private void send(Connection connection, long startNanos) {
        int template = plan.run().mix().pick(random);
        var ids = plan.ids(template);
        if (ids == RequestTemplate.IdUse.USES || ids == RequestTemplate.IdUse.DELETES) {
            if (createdIds.isEmpty()) {
                template = plan.run().mix().creator(); // nothing created yet, or every id in use: create one
            } else {
                connection.requestId = createdIds.takeAny(random);
            }
        }
        connection.templateIndex = template;
        connection.startNanos = startNanos;
        connection.send();
    }

    /**
     * Checks a response's body: against the template's expected text, and for a creating request,
     * remembers the JSON {@code "id"} it answered (a creation without one is a body error).
     *
     * @return the error, or null
     */
    ErrorClass checkBody(int templateIndex, int status, String body) {
        if (status >= 400) {
            return null; // counted by its status
        }
        String expected = plan.bodyMustContain(templateIndex);
        if (expected != null && (body == null || !body.contains(expected))) {
            return ErrorClass.BODY;
        }
        if (plan.ids(templateIndex) == RequestTemplate.IdUse.CREATES) {
            Matcher id = body == null ? null : CREATED_ID.matcher(body);
            if (id == null || !id.find()) {
                return ErrorClass.BODY;
            }
            createdIds.add(Long.parseLong(id.group(1)));
        }
        return null;
    }

    /** A request ended, with an error class, or with an HTTP status when {@code error} is null. */
    void complete(Connection connection, ErrorClass error, int status, long nowNanos) {
        counters.increment(WorkerCounters.FINISHED);
        if (plan.ids(connection.templateIndex) == RequestTemplate.IdUse.USES) {
            createdIds.add(connection.requestId); // the lease ends; a deleted id is not given back
        }
        if (error == null && status < 400) {
            latency.recordValue(Math.max(0, nowNanos - connection.startNanos));
            Runnable onSuccess = engine.successListener();
            if (onSuccess != null) {
                onSuccess.run();
            }
            if (plan.openModel()) {
                serviceTime.recordValue(Math.max(0, nowNanos - connection.writeNanos));
                waitTime.recordValue(Math.max(0, connection.writeNanos - connection.startNanos));
            }
        } else if (error == null) {
            counters.httpError(status);
        } else {
            counters.error(error);
        }
        if (plan.stopped()) {
            return;
        }
        if (plan.openModel()) {
            if (pending.isEmpty()) {
                idle.addLast(connection);
            } else {
                send(connection, pending.poll());
            }
        } else {
            User user = connection.user;
            long think = plan.thinkTime().sampleNanos(random);
            if (think == 0) {
                user.sendNext();
            } else {
                loop.schedule(user.sendNext, think, TimeUnit.NANOSECONDS);
            }
        }
    }

    private void expireTimedOut() {
        long now = System.nanoTime();
        long timeout = plan.run().responseTimeout().toNanos();
        for (int i = 0; i < connections.size(); i++) {
            connections.get(i).expireIfOlderThan(now, timeout);
        }
    }

    /** Connects now, or once fewer than {@link LoadDefaults#CONNECTS_IN_PROGRESS_PER_THREAD} attempts are under way. */
    void connectWhenAllowed(Http1Connection connection) {
        if (connectsInProgress < LoadDefaults.CONNECTS_IN_PROGRESS_PER_THREAD) {
            connectsInProgress++;
            connection.connect();
        } else {
            waitingToConnect.addLast(connection);
        }
    }

    void connectFinished() {
        Http1Connection next = waitingToConnect.pollFirst();
        if (next != null && !plan.stopped()) {
            next.connect();
        } else {
            connectsInProgress--;
        }
    }

    void connectionOpened(Channel channel) {
        counters.increment(WorkerCounters.CONNECTIONS);
        channel.closeFuture().addListener(onChannelClosed);
    }

    void connectFailed(Throwable cause) {
        engine.noteConnectFailure(cause);
    }

    void bytesReceived(long bytes) {
        counters.add(WorkerCounters.BYTES_IN, bytes);
    }

    void bytesSent(long bytes) {
        counters.add(WorkerCounters.BYTES_OUT, bytes);
    }

    /** Closes every connection; called on this loop after the run. */
    void closeAll() {
        connections.forEach(Connection::close);
        if (http2Connections != null) {
            http2Connections.dispose();
        }
    }

    Bootstrap bootstrap() {
        return bootstrap;
    }

    RunPlan plan() {
        return plan;
    }

    EventLoop loop() {
        return loop;
    }

    HttpClient http2Client() {
        if (http2Client == null) {
            var run = plan.run();
            // HTTP/2 multiplexes: a few connections carry all of this worker's stream slots.
            http2Connections = ConnectionProvider.builder("stackbench-h2-" + index)
                    .maxConnections(Math.max(1, connectionCap / 100 + 1))
                    .pendingAcquireMaxCount(-1)
                    .build();
            http2Client = HttpClient.create(http2Connections)
                    .runOn(engine.loops(), true)
                    .protocol(HttpProtocol.H2C)
                    .baseUrl(run.target().getScheme() + "://" + run.target().getHost() + ":" + plan.remote().getPort())
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, run.connectTimeout().toMillis()))
                    .headers(headers -> headers.set("User-Agent", "stackbench"));
        }
        return http2Client;
    }

    /** A growable bag of longs, taken from at random in constant time. */
    static final class LongPool {
        private long[] items = new long[64];
        private int size;

        void add(long value) {
            if (size == items.length) {
                items = java.util.Arrays.copyOf(items, size * 2);
            }
            items[size++] = value;
        }

        long takeAny(SplittableRandom random) {
            int index = random.nextInt(size);
            long value = items[index];
            items[index] = items[--size];
            return value;
        }

        boolean isEmpty() {
            return size == 0;
        }
    }

    /** A growable ring of longs: the open model's queue of late requests, by intended start. */
    static final class LongQueue {
        private long[] items = new long[64];
        private int head;
        private int size;

        void add(long value) {
            if (size == items.length) {
                long[] grown = new long[items.length * 2];
                for (int i = 0; i < size; i++) {
                    grown[i] = items[(head + i) % items.length];
                }
                items = grown;
                head = 0;
            }
            items[(head + size) % items.length] = value;
            size++;
        }

        long poll() {
            long value = items[head];
            head = (head + 1) % items.length;
            size--;
            return value;
        }

        boolean isEmpty() {
            return size == 0;
        }
    }
}
