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
 * ({@link JfrEvents}), given to the other JVM as a {@code .jfc} file, without a size limit as this JVM's has none; the
 * recording is written where this JVM reads it. Nothing is loaded into the other JVM but JFR itself, and no thread of
 * it runs but JFR's own and the attach listener that answers {@code jcmd} (both left out of the server's threads:
 * {@link #THREADS_NOT_THE_SERVERS}).
 */
final class ProcessRecording implements JfrRecording {

    /** The other JVM's threads that the recording itself brings: JFR's and the attach listener that answers jcmd. */
    static final List<String> THREADS_NOT_THE_SERVERS = List.of(ThreadScope.JFR_THREAD_PREFIX, "Attach Listener");

    /** How long one diagnostic command may take (a stop writes the recording: some MB). */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

    /** Why it cannot record: no jcmd beside this JVM's java. */
    static final String NO_JCMD = "a profile of an application in a process of its own needs the JDK's jcmd, which "
            + Path.of(System.getProperty("java.home"), "bin") + " does not have: run stackbench on a JDK, not a JRE";

    /** The line jcmd prints first, naming the process it attached to. */
    private static final Pattern PID_LINE = Pattern.compile("\\d+:");

    private final long pid;
    private final Path jcmd;
    private final List<String> notes = new ArrayList<>();
    private boolean stopped;

    /**
     * Deepens the other JVM's stacks (possible only before JFR first starts there) and starts its recording.
     *
     * @param directory where the settings file goes
     * @throws IllegalStateException in one line naming why the recording did not start (no jcmd, the process gone, JFR
     *                               refused); nothing is left recording there
     */
    ProcessRecording(long pid, ProfileSettings settings, Path directory) {
        this.pid = pid;
        this.jcmd = jcmd().orElseThrow(() -> new IllegalStateException(NO_JCMD));
        if (!alive()) {
            throw new IllegalStateException(
                    "the application's process (pid " + pid + ") has exited: there is nothing to profile");
        }
        JfrStackDepth.shortfall(
                        run("JFR.configure", "stackdepth=" + settings.stackDepth()),
                        settings.stackDepth(),
                        "the application's JVM (pid " + pid + ")")
                .ifPresent(notes::add);
        Path jfc = directory.resolve("stackbench.jfc");
        try {
            Files.writeString(jfc, JfrEvents.jfc(settings), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the recording's settings to " + jfc + ": " + e.getMessage(), e);
        }
        String started;
        try {
            started = run("JFR.start", "name=" + JfrEvents.RECORDING_NAME, "settings=" + jfc, "maxsize=0");
        } catch (RuntimeException e) {
            close(); // a start that timed out may still have begun
            throw e;
        }
        if (!started.contains("Started recording")) {
            close();
            throw new IllegalStateException(
                    "JFR did not start in the application's JVM (pid " + pid + "): " + firstLine(started));
        }
    }

    /** What the recording could not do as asked, for the profile's notes. */
    List<String> notes() {
        return List.copyOf(notes);
    }

    @Override
    public void stopInto(Path file) throws IOException {
        if (!alive()) {
            stopped = true;
            throw new IOException("the application's process (pid " + pid + ") exited before its recording was read");
        }
        String reply = run("JFR.stop", "name=" + JfrEvents.RECORDING_NAME, "filename=" + file.toAbsolutePath());
        stopped = true;
        if (!Files.isRegularFile(file)) {
            throw new IOException(
                    "the application's JVM (pid " + pid + ") wrote no recording to " + file + ": " + firstLine(reply));
        }
    }

    @Override
    public void close() {
        if (!stopped && alive()) {
            stopped = true;
            try {
                run("JFR.stop", "name=" + JfrEvents.RECORDING_NAME);
            } catch (RuntimeException e) {
                // the process is going, or never started it: its recording goes with it
            }
        }
    }

    /** The JDK's jcmd beside this JVM's java; empty on a runtime without it. */
    static Optional<Path> jcmd() {
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        return List.of(bin.resolve("jcmd"), bin.resolve("jcmd.exe")).stream()
                .filter(Files::isExecutable)
                .findFirst();
    }

    private boolean alive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** jcmd's answer in one line: its first line after the one naming the process (an error's, or the reply's). */
    static String firstLine(String output) {
        return output.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !PID_LINE.matcher(line).matches())
                .findFirst()
                .orElse("no answer");
    }

    /** {@code jcmd PID COMMAND ARGUMENTS...}: its output; a failure to run or a non-zero exit is thrown, in one line. */
    private String run(String command, String... arguments) {
        var line = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid), command));
        line.addAll(List.of(arguments));
        Process process;
        try {
            process = new ProcessBuilder(line).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + jcmd + ": " + e.getMessage(), e);
        }
        try {
            process.getOutputStream().close();
            // Read on a thread of its own: a jcmd that hangs must not hang this one past the timeout.
            var output =
                    new FutureTask<>(() -> new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            Thread.ofVirtual().start(output);
            if (!process.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(
                        "jcmd " + pid + " " + command + " did not answer within " + COMMAND_TIMEOUT.toSeconds() + " s");
            }
            String text = output.get(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (process.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + pid + " " + command + " failed (exit " + process.exitValue()
                        + "): " + firstLine(text));
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot talk to jcmd " + pid + " " + command + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while jcmd " + pid + " " + command + " ran", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read what jcmd " + pid + " " + command + " printed: " + e, e);
        } finally {
            process.destroyForcibly(); // gone already unless it hung or this thread was interrupted
        }
    }
}
