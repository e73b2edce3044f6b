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
                new Costs(Duration.ofSeconds(48), Duration.ofSeconds(3)));
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
