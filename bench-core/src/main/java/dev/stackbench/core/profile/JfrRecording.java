package dev.stackbench.core.profile;

import java.io.IOException;
import java.nio.file.Path;
import jdk.jfr.Recording;

/**
 * The JDK Flight Recorder recording behind a profile: in this JVM, or in another JVM of this machine
 * ({@link ProcessRecording}, an application started in a process of its own). Both record the same events with the same
 * settings ({@link JfrEvents}).
 */
sealed interface JfrRecording extends AutoCloseable permits JfrRecording.InThisJvm, ProcessRecording {

    /** Stops the recording and writes it to {@code file}. */
    void stopInto(Path file) throws IOException;

    /** Stops recording, if it still does, and lets go of what it holds. */
    @Override
    void close();

    /** A recording of this JVM through JFR's own API. */
    final class InThisJvm implements JfrRecording {

        private final Recording recording = new Recording();

        InThisJvm(ProfileSettings settings) {
            recording.setName(JfrEvents.RECORDING_NAME);
            recording.setToDisk(true);
            recording.setSettings(JfrEvents.of(settings));
            recording.start();
        }

        @Override
        public void stopInto(Path file) throws IOException {
            recording.stop();
            recording.dump(file);
        }

        @Override
        public void close() {
            recording.close();
        }
    }
}
