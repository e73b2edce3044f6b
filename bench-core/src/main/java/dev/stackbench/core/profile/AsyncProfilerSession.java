package dev.stackbench.core.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import one.profiler.AsyncProfiler;

/**
 * async-profiler in this JVM (its native library comes inside its jar and is loaded on first use), sampling the CPU
 * (perf events where the kernel allows them, else a CPU timer) or the wall clock, Java, native and VM frames alike,
 * into a JFR-format file that {@link RecordingReader} reads as it reads JFR's own. One per JVM at a time.
 */
final class AsyncProfilerSession implements AutoCloseable {

    private final AsyncProfiler profiler;
    private final String startReply;
    private boolean stopped;

    private AsyncProfilerSession(AsyncProfiler profiler, String startReply) {
        this.profiler = profiler;
        this.startReply = startReply;
    }

    /**
     * Why async-profiler cannot run in this JVM (its library does not load on this platform or kernel); empty when it can.
     */
    static Optional<String> unavailableReason() {
        try {
            AsyncProfiler.getInstance().getVersion();
            return Optional.empty();
        } catch (UnsatisfiedLinkError | IllegalStateException | SecurityException e) {
            return Optional.of("async-profiler does not load here (" + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch") + "): " + e.getMessage());
        }
    }

    /** @throws IllegalStateException with async-profiler's own message when it cannot start (another session runs, say) */
    static AsyncProfilerSession start(ProfileSettings settings, Path file) {
        unavailableReason().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        String event = settings.mode().cpuEvent().id();
        try {
            String reply = profiler.execute("start,event=" + event + ",interval="
                    + settings.cpuInterval().toNanos() + "ns,jfr,file=" + file);
            return new AsyncProfilerSession(profiler, reply.strip());
        } catch (IOException | IllegalStateException e) {
            throw new IllegalStateException("async-profiler did not start (" + event + "): " + e.getMessage(), e);
        }
    }

    /** What async-profiler said when it started, if it warned (e.g. that it fell back from perf events to a timer). */
    Optional<String> warning() {
        return startReply.contains("WARN")
                        || startReply.toLowerCase(Locale.ROOT).contains("fall")
                ? Optional.of(startReply)
                : Optional.empty();
    }

    /** Stops sampling; the file is complete afterwards. */
    void stop() throws IOException {
        if (!stopped) {
            stopped = true;
            profiler.execute("stop");
        }
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (IOException | IllegalStateException e) {
            // already stopped, or never started: nothing left running
        }
    }
}
