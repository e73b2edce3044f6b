package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.plan.Costs;
import dev.stackbench.core.plan.VarianceComponents;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pilots kept between comparisons: found again only on their machine and of their kind, the newest one. */
@ChecksBehaviour
class PilotMemoryTest {

    @TempDir
    Path home;

    private static final String KIND =
            "cpuPerRequest, together, 2 variants of webflux-netty serving date, closed: 50" + " users, 5s";

    private static PilotMemory.Remembered pilot(String machine, String kind, Instant at, double between) {
        return PilotMemory.Remembered.of(
                machine,
                kind,
                at,
                new VarianceComponents(between, 0.006 * 0.006, 3, 3),
                new Costs(Duration.ofSeconds(48), Duration.ofSeconds(3)),
                java.util.Map.of("base", -0.01, "head", 0.01));
    }

    @Test
    void aPilotIsFoundAgainOnItsMachineAndOfItsKindOnly() {
        var memory = new PilotMemory(home.resolve(PilotMemory.FILE));
        Instant at = Instant.parse("2026-11-28T10:55:00Z");
        memory.remember(pilot("m-1", KIND, at, 0.0002));

        var found = new PilotMemory(home.resolve(PilotMemory.FILE)).recent("m-1", KIND);
        assertThat(found).hasSize(1);
        assertThat(found.getFirst().components()).isEqualTo(new VarianceComponents(0.0002, 0.006 * 0.006, 3, 3));
        assertThat(found.getFirst().costs()).isEqualTo(new Costs(Duration.ofSeconds(48), Duration.ofSeconds(3)));
        assertThat(found.getFirst().measuredAt()).isEqualTo("2026-11-28T10:55:00Z");
        assertThat(memory.recent("m-2", KIND)).as("another machine").isEmpty();
        assertThat(memory.recent("m-1", KIND.replace("together", "turns")))
                .as("another kind")
                .isEmpty();
    }

    @Test
    void theLastFewPilotsOfAKindAreKeptNewestFirstAndTheOldestGoBeyondTheLimits() {
        var memory = new PilotMemory(home.resolve(PilotMemory.FILE));
        Instant at = Instant.parse("2026-11-28T10:00:00Z");
        for (int i = 0; i < PilotMemory.PER_KIND + 2; i++) {
            memory.remember(pilot("m-1", KIND, at.plusSeconds(60 * i), (i + 1) / 10_000.0));
        }
        assertThat(memory.recent("m-1", KIND))
                .extracting(PilotMemory.Remembered::betweenJvm)
                .as("the newest %d, newest first", PilotMemory.PER_KIND)
                .containsExactly(7 / 10_000.0, 6 / 10_000.0, 5 / 10_000.0, 4 / 10_000.0, 3 / 10_000.0);

        for (int i = 0; i < PilotMemory.KEPT; i++) {
            memory.remember(pilot("m-1", "kind " + i, at.plusSeconds(3600 + i), 0.0001));
        }
        assertThat(memory.recent("m-1", "kind " + (PilotMemory.KEPT - 1))).isNotEmpty();
        assertThat(memory.recent("m-1", KIND))
                .as("the oldest, beyond " + PilotMemory.KEPT)
                .isEmpty();
    }

    /**
     * A pilot its time limit held smaller comes back with what says up front what another time limit holds: its JVMs'
     * start and warm-up, the JVMs per variant it kept, the variants' levels; a file written before those were kept
     * reads as whole pilots without levels.
     */
    @Test
    void aHeldPilotKeepsItsStartWarmupAndLevelsAndAnOlderFileStillReads() throws Exception {
        Path file = home.resolve(PilotMemory.FILE);
        var memory = new PilotMemory(file);
        memory.remember(PilotMemory.Remembered.held(
                "m-1",
                KIND,
                Instant.parse("2026-11-28T10:55:00Z"),
                new VarianceComponents(0, 0.02 * 0.02, 8, 3),
                new Costs(Duration.ofSeconds(46), Duration.ofSeconds(6)),
                java.util.Map.of("a", 0.1, "b", -0.1),
                1,
                3.0,
                38.0));

        var found = new PilotMemory(file).recent("m-1", KIND).getFirst();
        assertThat(found.held()).isTrue();
        assertThat(found.heldJvms()).isEqualTo(1);
        assertThat(found.startSeconds()).isEqualTo(3.0);
        assertThat(found.warmupSeconds()).isEqualTo(38.0);
        assertThat(found.levels()).containsEntry("a", 0.1).containsEntry("b", -0.1);
        assertThat(Files.readString(file)).doesNotContain("\"held\"");

        Files.writeString(
                file,
                "[{\"machine\":\"m-1\",\"kind\":\"k\",\"measuredAt\":\"2026-11-28T10:55:00Z\",\"betweenJvm\":0.0002,"
                        + "\"withinJvm\":0.0001,\"jvms\":6,\"trialsPerJvm\":3,\"jvmSeconds\":48.0,\"trialSeconds\":3.0}]");
        var older = new PilotMemory(file).recent("m-1", "k");
        assertThat(older).hasSize(1);
        assertThat(older.getFirst().held()).isFalse();
        assertThat(older.getFirst().levels()).isNull();
    }

    /** Held pilots (of a shorter time limit) keep only their newest, and never push out the whole ones that plan. */
    @Test
    void heldPilotsDoNotCrowdOutTheWholeOnes() {
        var memory = new PilotMemory(home.resolve(PilotMemory.FILE));
        Instant at = Instant.parse("2026-11-28T10:00:00Z");
        for (int i = 0; i < PilotMemory.PER_KIND; i++) {
            memory.remember(pilot("m-1", KIND, at.plusSeconds(60 * i), (i + 1) / 10_000.0));
        }
        for (int i = 0; i < 3; i++) {
            memory.remember(held(at.plusSeconds(3600 + 60 * i), 40.0 + i));
        }

        var recent = memory.recent("m-1", KIND);
        assertThat(recent.getFirst().warmupSeconds())
                .as("the newest held one, first")
                .isEqualTo(42.0);
        assertThat(recent.stream().filter(PilotMemory.Remembered::held)).hasSize(1);
        assertThat(recent.stream().filter(pilot -> !pilot.held())).hasSize(PilotMemory.PER_KIND);
    }

    private static PilotMemory.Remembered held(Instant at, double warmupSeconds) {
        return PilotMemory.Remembered.held(
                "m-1",
                KIND,
                at,
                new VarianceComponents(0, 0.02 * 0.02, 8, 3),
                new Costs(Duration.ofSeconds(46), Duration.ofSeconds(6)),
                java.util.Map.of("a", 0.1, "b", -0.1),
                1,
                3.0,
                warmupSeconds);
    }

    @Test
    void aFileThatCannotBeReadIsNoMemoryAndIsReplaced() throws Exception {
        Path file = home.resolve(PilotMemory.FILE);
        Files.writeString(file, "{ not json");
        var memory = new PilotMemory(file);

        assertThat(memory.recent("m-1", KIND)).isEmpty();
        memory.remember(pilot("m-1", KIND, Instant.parse("2026-11-28T10:55:00Z"), 0.0002));
        assertThat(memory.recent("m-1", KIND)).hasSize(1);
    }

    @Test
    void aHomeThatCannotBeWrittenCostsTheMemoryNothingElse() throws Exception {
        Path notADirectory = home.resolve("file");
        Files.writeString(notADirectory, "");
        var memory = new PilotMemory(notADirectory.resolve(PilotMemory.FILE));

        memory.remember(pilot("m-1", KIND, Instant.parse("2026-11-28T10:55:00Z"), 0.0002));
        assertThat(memory.recent("m-1", KIND)).isEmpty();
    }
}
