package dev.stackbench.core.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Records the server while load runs, in this JVM or in another JVM of this machine (an application in a process of
 * its own, {@link #start(ProfileSettings, OptionalLong)}), and keeps of the recording only the windows it is told to include:
 * events carry their start time, so a window can be named after it has passed (a warm-up until steady decides its end
 * only then) and several windows merge into one profile (a comparison's trials). Whatever happened outside them (the
 * warm-up, the pauses between trials) is dropped when the recording is read, so only the recording's cost reaches them.
 *
 * <pre>{@code
 * ProfileRecorder.prepare(settings);                           // first thing in the JVM: deeper stacks
 * try (ProfileRecorder recorder = ProfileRecorder.start(settings)) {
 *     for (...) {                                              // one window, or a comparison's trials
 *         Measurement trial = LoadGenerator.run(...);          // warm-up and measured window
 *         recorder.include(ProfileWindow.measuredWindowOf(trial.result()).orElseThrow());
 *     }
 *     Profile profile = recorder.finish(ThreadScope.serverThreads().excludingNamePrefix(LoadGenerator.THREAD_NAME_PREFIX),
 *             server.codePackages());
 *     ServerProfile facts = profile.facts(finishedRequests, ProfileFiles.write(dir, profile));
 * }
 * }</pre>
 *
 * Not thread-safe: one thread starts, includes, finishes and closes.
 */
public final class ProfileRecorder implements AutoCloseable {

    private final ProfileSettings settings;
    private final Path directory;
    private final JfrRecording jfr;
    private final AsyncProfilerSession async;

    private final List<ProfileWindow> windows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private boolean finished;

    private ProfileRecorder(ProfileSettings settings, Path directory, JfrRecording jfr, AsyncProfilerSession async) {
        this.settings = settings;
        this.directory = directory;
        this.jfr = jfr;
        this.async = async;
    }

    /**
     * Whether it records another process: then the recording holds none of this JVM's threads, and a thread id of this
     * JVM means nothing there ({@link #finish} ignores the scope's ids).
     */
    private boolean otherProcess() {
        return jfr instanceof ProcessRecording;
    }

    /**
     * Readies this JVM for profiles before anything starts JFR (the load generator's metrics do): JFR's stack depth can
     * only be raised before then. Returns why it could not be, if so; later profiles carry that as a note too.
     */
    public static Optional<String> prepare(ProfileSettings settings) {
        return JfrStackDepth.atLeast(settings.stackDepth());
    }

    /** Why {@code --profile async} cannot run in this JVM; empty when it can. */
    public static Optional<String> asyncUnavailableReason() {
        return AsyncProfilerSession.unavailableReason();
    }

    /**
     * Starts recording this JVM: JFR always, async-profiler too in its modes.
     *
     * @throws IllegalStateException when async-profiler cannot run here, with its reason
     */
    public static ProfileRecorder start(ProfileSettings settings) {
        Objects.requireNonNull(settings, "settings");
        Path directory = temporaryDirectory();
        // Before the recording: once JFR runs in this JVM its stack depth is fixed.
        Optional<String> shallowStacks = JfrStackDepth.atLeast(settings.stackDepth());
        AsyncProfilerSession async = null;
        try {
            async = settings.mode().async()
                    ? AsyncProfilerSession.start(settings, directory.resolve(ProfileFiles.ASYNC_RECORDING))
                    : null;
            var recorder = new ProfileRecorder(settings, directory, new JfrRecording.InThisJvm(settings), async);
            shallowStacks.ifPresent(recorder.notes::add);
            if (async != null) {
                async.warning().ifPresent(warning -> recorder.notes.add("async-profiler: " + warning));
            }
            return recorder;
        } catch (RuntimeException e) {
            if (async != null) {
                async.close();
            }
            deleteQuietly(directory);
            throw e;
        }
    }

    /**
     * Starts recording another JVM of this machine, {@code pid} (an application in a process of its own), with JFR: all
     * its Java threads are the server's but those the recording brings ({@link ProcessRecording}), so
     * {@link #finish}'s scope needs no generator's threads left out. async-profiler is refused: it samples the JVM that
     * loads it.
     *
     * @throws IllegalArgumentException for an async-profiler mode, naming why
     * @throws IllegalStateException    when JFR does not start there, naming why
     */
    private static ProfileRecorder startInProcess(ProfileSettings settings, long pid) {
        Objects.requireNonNull(settings, "settings");
        if (settings.mode().async()) {
            throw new IllegalArgumentException(OTHER_PROCESS_ASYNC);
        }
        Path directory = temporaryDirectory();
        try {
            var recording = new ProcessRecording(pid, settings, directory);
            var recorder = new ProfileRecorder(settings, directory, recording, null);
            recorder.notes.addAll(recording.notes());
            return recorder;
        } catch (RuntimeException e) {
            deleteQuietly(directory);
            throw e;
        }
    }

    /** A recorder of the server: in {@code process} when it runs in one of its own, else in this JVM. */
    public static ProfileRecorder start(ProfileSettings settings, OptionalLong process) {
        return process.isPresent() ? startInProcess(settings, process.getAsLong()) : start(settings);
    }

    /** Why another process cannot be recorded from this JVM (no jcmd beside its java); empty when it can. */
    public static Optional<String> otherProcessUnavailableReason() {
        return ProcessRecording.jcmd().isPresent() ? Optional.empty() : Optional.of(ProcessRecording.NO_JCMD);
    }

    /** Why an async-profiler mode cannot profile an application in a process of its own. */
    public static final String OTHER_PROCESS_ASYNC = "--profile async and async-wall sample the JVM that loads"
            + " async-profiler, and an application in a process of its own is another: profile it with --profile jfr";

    private static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("stackbench-profile-");
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot make a temporary directory for the profile's recordings: " + e.getMessage(), e);
        }
    }

    public ProfileSettings settings() {
        return settings;
    }

    /** Keeps the events that start within {@code window}; windows may be given in any order, once each. */
    public void include(ProfileWindow window) {
        requireRecording();
        windows.add(Objects.requireNonNull(window, "window"));
    }

    /** The windows included so far. */
    public List<ProfileWindow> windows() {
        return List.copyOf(windows);
    }

    /**
     * Stops recording and reads the included windows' events of the server's threads into a profile. Once; the
     * recordings stay in a temporary directory until {@link #close}, for {@link ProfileFiles#write} to keep them.
     *
     * @param threads      which threads are not the server's
     * @param codePackages the server's own package prefixes (e.g. {@code dev.stackbench.servers.}), told apart in its stacks
     */
    public Profile finish(ThreadScope threads, List<String> codePackages) {
        requireRecording();
        finished = true;
        Path jfrFile = directory.resolve(ProfileFiles.JFR_RECORDING);
        Path asyncFile = directory.resolve(ProfileFiles.ASYNC_RECORDING);
        try {
            if (async != null) {
                async.stop();
            }
            String unread = stop(jfrFile);
            var profile = new Profile(settings, codePackages, carriers());
            profile.notes.addAll(notes);
            if (unread != null) {
                profile.notes.add(unread);
                return profile;
            }
            profile.windows = windows.size();
            profile.windowNanos = windows.stream()
                    .mapToLong(window -> window.length().toNanos())
                    .sum();
            if (windows.isEmpty()) {
                profile.notes.add("no window was included: the profile is empty");
            }
            var reader = new RecordingReader(profile, windows, otherProcess() ? inOtherProcess(threads) : threads);
            reader.read(jfrFile);
            profile.recordings.add(jfrFile);
            if (async != null) {
                reader.read(asyncFile);
                profile.recordings.add(asyncFile);
            }
            return profile;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read the profile's recording in " + directory + ": " + e.getMessage(), e);
        } finally {
            jfr.close();
        }
    }

    /**
     * Stops the JFR recording into {@code file}; null when it is there to read. Another process may have exited (an
     * application that stopped serving mid-run): then why it is not, for the profile's notes, so that what was measured
     * is kept without a profile. This JVM's recording failing is thrown.
     */
    private String stop(Path file) throws IOException {
        try {
            jfr.stopInto(file);
            return null;
        } catch (IOException | RuntimeException e) {
            if (!otherProcess()) {
                throw e;
            }
            return "the application's recording could not be read, so the profile is empty: " + e.getMessage();
        }
    }

    /**
     * {@code threads} as another process's recording reads them: by name only (this JVM's thread ids would match other
     * threads there), and without the threads the recording brings.
     */
    private static ThreadScope inOtherProcess(ThreadScope threads) {
        return new ThreadScope(
                Set.of(),
                Stream.concat(
                                threads.excludedNamePrefixes().stream(),
                                ProcessRecording.THREADS_NOT_THE_SERVERS.stream())
                        .toList());
    }

    /** Stops whatever still records and deletes the recordings (kept copies stay where {@link ProfileFiles} wrote them). */
    @Override
    public void close() {
        if (async != null) {
            async.close();
        }
        jfr.close();
        deleteQuietly(directory);
    }

    private void requireRecording() {
        if (finished) {
            throw new IllegalStateException("the profile is finished: start another recorder for more windows");
        }
    }

    /** How many virtual threads run at once in this JVM: the scheduler's parallelism (its default: the cores). */
    static int carriers() {
        return Integer.getInteger(
                "jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
