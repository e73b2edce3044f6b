package dev.stackbench.testapp;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * A known extra cost, for the pull-request check's own test: {@code testapp.hello.extra-cost-micros} microseconds of
 * this thread's CPU spent on every {@code /hello}, 0 (none) unless a build says otherwise. The build
 * {@code testapp-boot3-costlier} (src-test/apps/boot3-costlier) says 1500 in its {@code config/application.properties}:
 * the same code, a build with one endpoint made slower, as a pull request might.
 */
@Component
class ExtraCost {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long nanos;
    private long sink;

    ExtraCost(@Value("${testapp.hello.extra-cost-micros:0}") long micros) {
        if (micros < 0) {
            throw new IllegalArgumentException("testapp.hello.extra-cost-micros must be 0 or more, got " + micros);
        }
        this.nanos = micros * 1_000;
    }

    /** Spends the cost on this thread's CPU: work, not a wait, so that it shows as CPU per request and in a CPU profile. */
    void spend() {
        if (nanos == 0) {
            return;
        }
        long until = cpuNanos() + nanos;
        long x = sink | 1;
        do {
            // Batches of about 30 µs between reads of the clock, so that this method, not the clock, has the samples: a
            // xorshift, which C2 cannot fold (the multiply-add generator before took about 50 ns for 2,000 steps).
            for (int i = 0; i < 20_000; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
        } while (cpuNanos() < until);
        sink = x;
    }

    /** This thread's CPU time; on a virtual thread (where the JVM says -1) the clock, which a busy loop spends alike. */
    private static long cpuNanos() {
        long cpu = THREADS.getCurrentThreadCpuTime();
        return cpu >= 0 ? cpu : System.nanoTime();
    }
}
