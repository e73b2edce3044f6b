package dev.stackbench.core.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * result.json's serverProfile: written and read back whole, absent (null) in results written before it, and what it
 * explains: pinned carriers give a bound of their own, which binds when it is the lowest.
 */
@ChecksBehaviour
class ServerProfileTest {

    @Test
    void aProfileIsWrittenAndReadBackAndOlderResultsReadWithoutOne() throws Exception {
        var profiled = TestResults.closed("loom-tomcat", TestResults.virtualThreads(), Map.of(), 8, null, 47)
                .withServerProfile(pinned(40.0));

        String json = ResultFiles.json().writeValueAsString(profiled);
        RunResult read = ResultFiles.json().readValue(json, RunResult.class);
        RunResult older = ResultFiles.json()
                .readValue(
                        Path.of("..", "results", "seed-002", "loom-tomcat", "result.json")
                                .toFile(),
                        RunResult.class);

        assertThat(read.serverProfile()).isEqualTo(profiled.serverProfile());
        assertThat(json).contains("\"serverProfile\"").contains("\"schema\" : \"" + RunResult.SCHEMA + "\"");
        assertThat(older.serverProfile()).isNull();
        assertThat(ProfileExplanation.of(older)).isEmpty();
    }

    @Test
    void pinnedCarriersBoundTheThroughputAndTheProfileSaysWhere() {
        // 8 users with no delay: no pool or closed-model bound; 2 carriers, each request holding one for 40 ms while
        // pinned.
        var result = TestResults.closed("loom-tomcat", TestResults.virtualThreads(), Map.of(), 8, null, 47)
                .withServerProfile(pinned(40.0));

        assertThat(ThroughputBound.binding(result))
                .get()
                .extracting(ThroughputBound::describe)
                .isEqualTo("2 carriers / 40 ms pinned = 50 req/s");
        assertThat(ProfileExplanation.of(result))
                .anySatisfy(
                        line -> assertThat(line)
                                .isEqualTo(
                                        "pinning: 94 events/s, 40.0 ms pinned per request in app.Pinning.block; carriers 2, so pinned threads held 94% of the carriers' time, blocked"));
        assertThat(Summary.of(result))
                .contains("Bound:        2 carriers / 40 ms pinned = 50 req/s; measured 47 (94%)")
                .contains(
                        "Profile:      CPU: on top most often app.Burn.burn (own) 51% of the server's 800 samples; of its own code most in app.Burn.burn");
    }

    @Test
    void noPinningNoPinningBound() {
        var result = TestResults.closed("loom-tomcat", TestResults.virtualThreads(), Map.of(), 8, null, 47)
                .withServerProfile(pinned(null));

        assertThat(ThroughputBound.all(result)).isEmpty();
        assertThat(ProfileExplanation.of(result))
                .contains("pinning: none (no virtual thread blocked while pinned to its carrier)");
    }

    /** A 10 s window, 470 requests; pinned {@code millisPerRequest} each, or not at all. */
    private static ServerProfile pinned(Double millisPerRequest) {
        long events = millisPerRequest == null ? 0 : 940;
        double millis = millisPerRequest == null ? 0 : millisPerRequest * 470;
        var pinning = new ServerProfile.Pinning(
                events,
                events / 10.0,
                millis,
                millisPerRequest,
                100 * millis / (10_000 * 2.0),
                millisPerRequest == null
                        ? List.of()
                        : List.of(new ServerProfile.StackShare(
                                List.of("app.Pinning.block", "app.Handler.handle"), events, millis)),
                0);
        var cpu = new ServerProfile.Cpu(
                ServerProfile.CpuEvent.CPU,
                10,
                900,
                800,
                0,
                List.of(new ServerProfile.FrameShare("app.Burn.burn", "own", 51.0, 60.0)),
                List.of(new ServerProfile.FrameShare("app.Burn.burn", "own", 51.0, 60.0)));
        var allocation = new ServerProfile.Allocation(300, 4_700_000, 470_000.0, 10_000.0, List.of(), List.of());
        var locks = new ServerProfile.Locks(1, 0, 0, 0, 0, 0.0, List.of());
        var gc = new ServerProfile.Gc(2, 20, 15, 0.2);
        return new ServerProfile(
                "jfr",
                10,
                1,
                2,
                List.of("app."),
                cpu,
                allocation,
                locks,
                pinning,
                gc,
                new ServerProfile.Files(
                        "profile-cpu.collapsed",
                        "profile-alloc.collapsed",
                        "profile-locks.collapsed",
                        "profile-pinning.collapsed",
                        List.of()),
                List.of());
    }
}
