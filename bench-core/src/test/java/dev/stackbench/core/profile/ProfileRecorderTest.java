package dev.stackbench.core.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.result.ServerProfile;
import dev.stackbench.testing.ObservesTheWholeJvm;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A recording keeps only the windows it is told to, and only the server's threads: a method that burns CPU before the
 * window, and one that burns on a thread named like the load generator's, never show; the method burning in the window
 * is on top. Two windows merge; allocation in the window is counted per request.
 */
@ObservesTheWholeJvm
class ProfileRecorderTest {

    /** Long enough for a hundred samples at JFR's 10 ms period, short enough for CI. */
    private static final long BURN_MILLIS = 700;

    private static final String GENERATOR_PREFIX = "test-generator-";

    private static volatile long sink;
    private static volatile Object kept;

    @Test
    void keepsTheWindowsAndTheServerThreadsOnly() throws Exception {
        ProfileSettings settings = ProfileSettings.of(ProfileMode.JFR);
        try (ProfileRecorder recorder = ProfileRecorder.start(settings)) {
            runOn("server-before", () -> burnBeforeTheWindow(BURN_MILLIS / 2));
            var windows = new ArrayList<ProfileWindow>();
            for (int i = 0; i < 2; i++) {
                Instant start = Instant.now();
                Thread generator = start(GENERATOR_PREFIX + i, () -> burnOnTheGenerator(BURN_MILLIS));
                runOn("server-" + i, () -> burnInTheWindow(BURN_MILLIS));
                generator.join();
                windows.add(new ProfileWindow(start, Instant.now()));
                runOn("server-between", () -> burnBeforeTheWindow(BURN_MILLIS / 4));
            }
            windows.forEach(recorder::include);

            Profile profile = recorder.finish(
                    ThreadScope.serverThreads().excludingNamePrefix(GENERATOR_PREFIX),
                    List.of("dev.stackbench.core.profile."));
            ServerProfile facts = profile.facts(1000L, null);

            var cpuFrames = profile.stacks(ProfileKind.CPU).totalByFrame().keySet();
            assertThat(cpuFrames)
                    .as("the window's burner")
                    .contains(frame("burnInTheWindow"))
                    .as("outside the windows, or the generator's")
                    .doesNotContain(frame("burnBeforeTheWindow"), frame("burnOnTheGenerator"));
            assertThat(facts.cpu().topSelf().getFirst().frame()).isEqualTo(frame("burnInTheWindow"));
            assertThat(facts.cpu().topSelf().getFirst().category()).isEqualTo("own");
            assertThat(facts.cpu().topCode())
                    .extracting(ServerProfile.FrameShare::frame)
                    .contains(frame("burnInTheWindow"));
            assertThat(facts.windows()).isEqualTo(2);
            assertThat(facts.cpu().samples())
                    .as("every thread's samples")
                    .isGreaterThan(facts.cpu().serverSamples());
            assertThat(profile.stacks(ProfileKind.ALLOCATION).totalByFrame().keySet())
                    .contains(frame("burnInTheWindow"))
                    .doesNotContain(frame("burnBeforeTheWindow"));
            assertThat(facts.allocation().bytesPerRequest()).isPositive();
        }
    }

    private static String frame(String method) {
        return ProfileRecorderTest.class.getName() + "." + method;
    }

    private static void runOn(String name, Runnable work) throws InterruptedException {
        start(name, work).join();
    }

    private static Thread start(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.start();
        return thread;
    }

    private static void burnBeforeTheWindow(long millis) {
        spin(millis);
    }

    private static void burnOnTheGenerator(long millis) {
        spin(millis);
    }

    private static void burnInTheWindow(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            kept = new long[64]; // allocation, sampled in the window
            for (int i = 0; i < 1000; i++) {
                sink = sink * 31 + i;
            }
        }
    }

    private static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            kept = new long[64];
            for (int i = 0; i < 1000; i++) {
                sink = sink * 31 + i;
            }
        }
    }
}
