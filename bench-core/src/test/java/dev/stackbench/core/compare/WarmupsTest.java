package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A rehearsal is a run's end more than a measurement: its window is the trials' own, up to a short cap. */
@ChecksBehaviour
class WarmupsTest {

    @Test
    void aRehearsalsWindowIsTheTrialsUpToTheCap() {
        assertThat(Warmups.rehearsalWindow(Duration.ofSeconds(5))).isEqualTo(Warmups.REHEARSAL_WINDOW);
        assertThat(Warmups.rehearsalWindow(Duration.ofMillis(300))).isEqualTo(Duration.ofMillis(300));
        assertThat(Warmups.rehearsalWindow(null)).isEqualTo(Warmups.REHEARSAL_WINDOW);
        assertThat(Warmups.REHEARSAL_WINDOW).isLessThan(Design.WINDOW);
    }
}
