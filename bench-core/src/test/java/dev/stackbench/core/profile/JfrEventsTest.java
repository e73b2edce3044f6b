package dev.stackbench.core.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.io.StringReader;
import java.time.Duration;
import jdk.jfr.Configuration;
import org.junit.jupiter.api.Test;

/**
 * This JVM's recording and another process's record the same: the {@code .jfc} file that {@code jcmd JFR.start} is given
 * reads back, through JFR's own parser, as exactly the settings this JVM's recording takes.
 */
@ChecksBehaviour
class JfrEventsTest {

    @Test
    void theJfcFileReadsBackAsTheSettingsOfThisJvmsRecording() throws Exception {
        ProfileSettings settings = ProfileSettings.of(ProfileMode.JFR).withCpuInterval(Duration.ofMillis(20));

        Configuration parsed = Configuration.create(new StringReader(JfrEvents.jfc(settings)));

        assertThat(parsed.getSettings()).isEqualTo(JfrEvents.of(settings));
        assertThat(parsed.getSettings())
                .containsEntry("jdk.ExecutionSample#enabled", "true")
                .containsEntry("jdk.ExecutionSample#period", "20 ms")
                .containsEntry("jdk.ObjectAllocationSample#throttle", "300/s")
                .containsEntry("jdk.JavaMonitorEnter#threshold", "1 ms")
                .containsEntry("jdk.VirtualThreadPinned#threshold", "0 ms")
                .containsEntry("jdk.GarbageCollection#stackTrace", "false");
    }

    @Test
    void asyncProfilerTakesTheCpuSamplesInItsModes() {
        assertThat(JfrEvents.of(ProfileSettings.of(ProfileMode.ASYNC)).keySet())
                .noneMatch(key -> key.startsWith("jdk.ExecutionSample#"))
                .contains("jdk.ObjectAllocationSample#enabled");
    }
}
