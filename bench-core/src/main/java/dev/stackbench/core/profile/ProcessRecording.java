package dev.stackbench.core.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * A JFR recording of another JVM on this machine (an application started in a process of its own), driven as an
 * operator would drive it: the JDK's {@code jcmd PID JFR.configure / JFR.start / JFR.stop}, the same diagnostic commands
 * that {@link JfrStackDepth} sends to this JVM. The events and their settings are this JVM's recording's
 * ({@link JfrEvents}), given to the other JVM as a {@code .jfc} file; the recording is written where this JVM reads it.
 * Nothing is loaded into the other JVM but JFR itself, and no thread of it runs but JFR's own and the attach listener
 * that answers {@code jcmd} (both left out of the server's threads: {@link #THREADS_NOT_THE_SERVERS}).
 */
final class ProcessRecording implements JfrRecording {

    /** The other JVM's threads that the recording itself brings: JFR's and the attach listener that answers jcmd. */
    static final List<String> THREADS_NOT_THE_SERVERS = List.of(ThreadScope.JFR_THREAD_PREFIX, "Attach Listener");

    /** How long one diagnostic command may take (a stop writes the recording: some MB). */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

    private static final Pattern DEPTH = Pattern.compile("Stack depth: (\\d+)");

    private final long pid;
    private final Path jcmd;
    private final List<String> notes = new ArrayList<>();
    private boolean stopped;

    /**
     * Deepens the other JVM's stacks (possible only before JFR first starts there) and starts its recording.
     *
     * @param directory where the settings file goes
     * @throws IllegalStateException naming why the recording did not start (no jcmd, the process gone, JFR refused)
     */
    ProcessRecording(long pid, ProfileSettings settings, Path directory) {
        this.pid = pid;
        this.jcmd = jcmd().orElseThrow(() -> new IllegalStateException(
                "a profile of an application in a process of its own needs the JDK's jcmd, which "
                        + Path.of(System.getProperty("java.home"), "bin")
                        + " does not have: run stackbench on a JDK, not a JRE"));
        String depth = run("JFR.configure", "stackdepth=" + settings.stackDepth());
        var reported = DEPTH.matcher(depth);
        if (!reported.find() || Integer.parseInt(reported.group(1)) < settings.stackDepth()) {
            notes.add("JFR had started in the application's JVM (pid " + pid + ") before the profile could deepen its"
                    + " stacks to " + settings.stackDepth() + " frames"
                    + (reported.find(0) ? " (they stay at " + reported.group(1) + ")" : "")
                    + ": deeper stacks lose their roots");
        }
        Path jfc = directory.resolve("stackbench.jfc");
        try {
            Files.writeString(jfc, JfrEvents.jfc(settings), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the recording's settings to " + jfc + ": " + e.getMessage(), e);
        }
        String started = run("JFR.start", "name=" + JfrEvents.RECORDING_NAME, "settings=" + jfc);
        if (!started.contains("Started recording")) {
            throw new IllegalStateException(
                    "JFR did not start in the application's JVM (pid " + pid + "): " + started.strip());
        }
    }

    /** What the recording could not do as asked, for the profile's notes. */
    List<String> notes() {
        return List.copyOf(notes);
    }

    @Override
    public void stopInto(Path file) throws IOException {
        stopped = true;
        String reply = run("JFR.stop", "name=" + JfrEvents.RECORDING_NAME, "filename=" + file.toAbsolutePath());
        if (!Files.isRegularFile(file)) {
            throw new IOException(
                    "the application's JVM (pid " + pid + ") wrote no recording to " + file + ": " + reply.strip());
        }
    }

    @Override
    public void close() {
        if (!stopped && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            stopped = true;
            try {
                run("JFR.stop", "name=" + JfrEvents.RECORDING_NAME);
            } catch (RuntimeException e) {
                // the process is going or gone: its recording goes with it
            }
        }
    }

    /** The JDK's jcmd beside this JVM's java; empty on a runtime without it. */
    static Optional<Path> jcmd() {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        return Files.isExecutable(jcmd) ? Optional.of(jcmd) : Optional.empty();
    }

    /** {@code jcmd PID COMMAND ARGUMENTS...}: its output; a failure to run or a non-zero exit is thrown, with it. */
    private String run(String command, String... arguments) {
        var line = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid), command));
        line.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
            process.getOutputStream().close();
            // Read on a thread of its own: a jcmd that hangs must not hang this one past the timeout.
            var output =
                    new FutureTask<>(() -> new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            Thread.ofVirtual().start(output);
            if (!process.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(
                        "jcmd " + pid + " " + command + " did not answer within " + COMMAND_TIMEOUT.toSeconds() + " s");
            }
            String text = output.get(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(
                        "jcmd " + pid + " " + command + " failed (exit " + process.exitValue() + "): " + text.strip());
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + jcmd + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while jcmd " + pid + " " + command + " ran", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read what jcmd " + pid + " " + command + " printed: " + e, e);
        }
    }
}
