package dev.stackbench.core.compare.jvm;

import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.variant.Variant;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator's side of one variant's JVM: started with the comparison's JVM options and the variant's own, told
 * what to do one {@link VariantOrder} at a time, and read back one {@link VariantReply} at a time within a deadline.
 * Its standard error (the server's and the application's output) goes to its log file. A JVM that exits or stops
 * answering is a {@link VariantFailure} naming the variant and the last lines of its log.
 */
public final class VariantJvm implements AutoCloseable {

    /** How many of its log's last lines a failure quotes. */
    static final int LOG_LINES_QUOTED = 8;
    /** How long a stopped JVM gets to exit before it is killed. */
    private static final Duration EXIT_GRACE = Duration.ofSeconds(10);
    /** Stands for the end of its replies in the queue. */
    private static final String END = "\u0000end";

    private final Variant variant;
    private final int fork;
    private final Process process;
    private final Path log;
    private final BufferedWriter orders;
    private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();
    private VariantReply.Started started;
    /** Set by {@link #cancel()}: the comparison is stopping, and every run ordered from then on is cut short too. */
    private volatile boolean cancelled;

    private VariantJvm(Variant variant, int fork, Process process, Path log) {
        this.variant = variant;
        this.fork = fork;
        this.process = process;
        this.log = log;
        this.orders = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        Thread.ofPlatform().daemon().name("replies-" + variant.label()).start(this::readReplies);
    }

    /**
     * Starts the variant's JVM and its server, and returns once the server listens.
     *
     * @param command the JVM to run, its options, {@code -cp} and the main class; {@link VariantProcess} runs there
     * @throws VariantFailure naming the variant and why it did not start, with its log's last lines
     */
    public static VariantJvm start(
            Variant variant, int fork, List<String> command, VariantOrder.Setup setup, Path log, Duration timeout) {
        Process process;
        try {
            Files.createDirectories(log.getParent());
            process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot start the JVM of variant " + variant.label() + ": " + e.getMessage(), e);
        }
        var jvm = new VariantJvm(variant, fork, process, log);
        try {
            jvm.send(setup);
            jvm.started = switch (jvm.await(timeout, "start")) {
                case VariantReply.Started reply -> reply;
                case VariantReply.Measured unexpected ->
                    throw jvm.failure("answered its start with a measurement", false, false);
                case VariantReply.Profiled unexpected ->
                    throw jvm.failure("answered its start with a profile", false, false);
                case VariantReply.Failed failed -> throw jvm.failure(failed, setup.appLog());
            };
            return jvm;
        } catch (RuntimeException e) {
            jvm.kill();
            throw e;
        }
    }

    /** Which of its variant's JVMs this is, from 1. */
    public int fork() {
        return fork;
    }

    /** Its name in messages and maps: the variant's label, with {@code #N} when the variant has several JVMs. */
    public String name(boolean several) {
        return several ? variant.label() + "#" + fork : variant.label();
    }

    public Variant variant() {
        return variant;
    }

    public VariantReply.Started started() {
        return started;
    }

    public Path log() {
        return log;
    }

    public long pid() {
        return process.pid();
    }

    /** The JVM's CPU time so far (all its threads: server, generator, GC, JIT), as the OS counts it; zero if unknown. */
    public Duration cpuTime() {
        return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** Sends {@code order} and waits for its measurement; once {@link #cancel() cancelled}, the run ends as it begins. */
    public RunResult measure(VariantOrder order, Duration timeout) {
        send(order);
        if (cancelled) {
            // A cancel sent before this order (the stop came between a caller's last look and its order) ended nothing.
            send(new VariantOrder.Cancel());
        }
        return switch (await(
                timeout, order instanceof VariantOrder.Trial trial ? "trial of round " + trial.round() : "warm-up")) {
            case VariantReply.Measured measured -> measured.result();
            case VariantReply.Started unexpected ->
                throw failure("answered a measurement order with a start", false, false);
            case VariantReply.Profiled unexpected ->
                throw failure("answered a measurement order with a profile", false, false);
            case VariantReply.Failed failed -> throw failure(failed, null);
        };
    }

    /** Ends the profile of its trials, its files written into {@code directory} (null: none); null when not profiled. */
    public dev.stackbench.core.result.ServerProfile profile(String directory, Duration timeout) {
        send(new VariantOrder.Finish(directory));
        return switch (await(timeout, "profile")) {
            case VariantReply.Profiled profiled -> profiled.profile();
            case VariantReply.Failed failed -> throw failure(failed, null);
            case VariantReply.Started unexpected ->
                throw failure("answered a profile order with a start", false, false);
            case VariantReply.Measured unexpected ->
                throw failure("answered a profile order with a measurement", false, false);
        };
    }

    /**
     * Ends the run it has under way, a warm-up's or a trial's, at once: its answer comes as usual, cut short. Safe from
     * any thread (a Ctrl-C handler's); nothing if its JVM is gone.
     */
    public void cancel() {
        cancelled = true;
        if (process.isAlive()) {
            try {
                send(new VariantOrder.Cancel());
            } catch (VariantFailure e) {
                // gone meanwhile: whoever waits on it finds out
            }
        }
    }

    /** One order at a time, whichever thread sends it (a {@link #cancel()} comes from another). */
    private synchronized void send(VariantOrder order) {
        try {
            orders.write(VariantProcess.write(order));
            orders.newLine();
            orders.flush();
        } catch (IOException e) {
            throw failure("its JVM does not take orders (" + e.getMessage() + ")", false, !process.isAlive());
        }
    }

    private VariantReply await(Duration timeout, String what) {
        String line;
        try {
            line = replies.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("interrupted while waiting for its " + what, false, false);
        }
        if (line == null) {
            throw failure("did not answer its " + what + " within " + timeout.toSeconds() + " s", false, false);
        }
        if (line.equals(END)) {
            throw failure("its JVM exited" + exitCode() + " during its " + what, false, true);
        }
        return VariantProcess.read(line, VariantReply.class);
    }

    private void readReplies() {
        try (var reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("{")) {
                    replies.add(line);
                }
            }
        } catch (IOException e) {
            // the JVM is gone: END says so
        } finally {
            replies.add(END);
        }
    }

    private String exitCode() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? " with code " + process.exitValue() : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** A failure its JVM reported: with the application's own error lines and log when it sent them, else its JVM log's last lines. */
    private VariantFailure failure(VariantReply.Failed failed, String appLog) {
        if (failed.details().isEmpty()) {
            return failure(failed.message(), failed.badInput(), failed.stopped());
        }
        return new VariantFailure(
                variant.label(),
                failed.message(),
                failed.badInput(),
                failed.stopped(),
                failed.details(),
                appLog != null ? Path.of(appLog) : log);
    }

    private VariantFailure failure(String reason, boolean badInput, boolean stopped) {
        return new VariantFailure(variant.label(), reason, badInput, stopped, lastLines(log, LOG_LINES_QUOTED), log);
    }

    /** The last {@code count} non-blank lines of a file; empty if it cannot be read. */
    static List<String> lastLines(Path file, int count) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isBlank())
                    .toList();
            return new ArrayList<>(lines.subList(Math.max(0, lines.size() - count), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }

    /** Tells it to stop, waits a little, then kills it. */
    @Override
    public void close() {
        close(EXIT_GRACE);
    }

    /** Tells it to stop, waits up to {@code grace} for it to exit (a training JVM writes its AOT cache then), then kills it. */
    public void close(Duration grace) {
        if (process.isAlive()) {
            try {
                send(new VariantOrder.Stop());
                orders.close();
            } catch (RuntimeException | IOException e) {
                // already going: killed below if it lingers
            }
        }
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }

    private void kill() {
        process.destroyForcibly();
    }
}
