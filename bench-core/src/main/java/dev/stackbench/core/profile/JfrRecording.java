package dev.stackbench.core.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;

/**
 * The JDK Flight Recorder recording behind a profile, in this JVM: only the events the analysis reads, each with the
 * coarsest setting that serves it ({@link ProfileSettings}). Execution samples only when JFR takes the CPU samples.
 */
final class JfrRecording implements AutoCloseable {

    private final Recording recording = new Recording();

    JfrRecording(ProfileSettings settings) {
        recording.setName("stackbench profile");
        recording.setToDisk(true);
        if (!settings.mode().async()) {
            recording
                    .enable(RecordingReader.EXECUTION_SAMPLE)
                    .withPeriod(settings.cpuInterval())
                    .withStackTrace();
        }
        recording
                .enable(RecordingReader.ALLOCATION_SAMPLE)
                .with("throttle", settings.allocationSamplesPerSecond() + "/s")
                .withStackTrace();
        recording
                .enable(RecordingReader.MONITOR_ENTER)
                .withThreshold(settings.lockThreshold())
                .withStackTrace();
        recording
                .enable(RecordingReader.THREAD_PARK)
                .withThreshold(settings.lockThreshold())
                .withStackTrace();
        // At any duration, as JvmMetrics counts them: one blocking call pinned to its carrier is worth knowing about.
        recording
                .enable(RecordingReader.VIRTUAL_THREAD_PINNED)
                .withThreshold(Duration.ZERO)
                .withStackTrace();
        recording.enable(RecordingReader.VIRTUAL_THREAD_SUBMIT_FAILED).withStackTrace();
        recording.enable(RecordingReader.GARBAGE_COLLECTION).withoutStackTrace();
        recording.start();
    }

    /** Stops the recording and writes it to {@code file}. */
    void stopInto(Path file) throws IOException {
        recording.stop();
        recording.dump(file);
    }

    @Override
    public void close() {
        recording.close();
    }
}
