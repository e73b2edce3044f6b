package dev.stackbench.core.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.MeasuresSpeed;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A calibration knows when it waited for a core: measured while twice as many threads as there are cores spin, its thread
 * has at most about a third of one (n cores among 2n + 1 runnable threads), whatever the machine's speed, and it says it
 * ran busy. (Such neighbours also spread its batches; what it does with a share alone is MachineStoreTest's.) Alone,
 * because it takes every core for a second on purpose, which would move what its neighbours measure.
 */
@MeasuresSpeed
class CalibrationTest {

    @Test
    void aCalibrationBesideThreadsThatTakeEveryCoreSaysItRanBusy() throws InterruptedException {
        var spin = new AtomicBoolean(true);
        var spinners = new ArrayList<Thread>();
        for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
            spinners.add(Thread.ofPlatform().daemon().start(() -> {
                long sink = 0;
                while (spin.get()) {
                    sink += Calibration.unit(sink);
                }
                if (sink == 42) {
                    System.out.print("");
                }
            }));
        }
        Calibration busy;
        try {
            busy = Calibration.measure(Duration.ofMillis(900));
        } finally {
            spin.set(false);
            for (Thread spinner : spinners) {
                spinner.join(TimeUnit.SECONDS.toMillis(5));
            }
        }

        assertThat(busy.corePercent())
                .as("its thread's share of a core")
                .isNotNull()
                .isLessThan(70.0);
        assertThat(busy.busy()).isTrue();
        assertThat(busy.words()).containsPattern(", [\\d.]+% of a core \\(busy: at least this fast\\)$");
    }
}
