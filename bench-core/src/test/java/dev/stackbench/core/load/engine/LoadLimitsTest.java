package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.vocabulary.Segment;
import dev.stackbench.testing.ChecksBehaviour;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A host's limits are checked against what that host opens: the whole run alone, its segment's share as one of several agents. */
@ChecksBehaviour
class LoadLimitsTest {

    @Test
    void aRunTooBigForOneHostPassesOnASegmentWhoseShareFits() {
        assumeTrue(
                ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean,
                "no open-files limit to check");
        var unix = (UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long free = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount();
        assumeTrue(free > 100 && free * 2 < Integer.MAX_VALUE, "ulimit -n of " + unix.getMaxFileDescriptorCount());
        int users = (int) (free * 2); // twice what this host may open; a quarter of it, half of what it may
        var run = LoadRun.of(
                URI.create("http://127.0.0.1:8080/"),
                LoadGeneratorTest.closed(users, Duration.ofSeconds(1)),
                Duration.ZERO);

        assertThatThrownBy(() -> LoadLimits.check(run, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("concurrency of " + users + " users cannot run here");
        assertThat(LoadLimits.check(run, new Segment(1, 4), false)).isEmpty();
        assertThatThrownBy(() -> LoadLimits.check(run, new Segment(0, 1), false))
                .as("one segment of one is the whole")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void inputNoGeneratorCanRunIsRefusedWithoutLookingAtTheHost() {
        var run = LoadRun.of(
                        URI.create("http://127.0.0.1:8080/"),
                        LoadGeneratorTest.closed(1, Duration.ofSeconds(1)),
                        Duration.ZERO)
                .withThreads(LoadLimits.MAX_THREADS + 1);

        assertThatThrownBy(() -> LoadGenerator.checkInput(run))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "threads of " + (LoadLimits.MAX_THREADS + 1) + " is more than the " + LoadLimits.MAX_THREADS);
    }
}
