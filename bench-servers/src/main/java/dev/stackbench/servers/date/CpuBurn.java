package dev.stackbench.servers.date;

/**
 * A known extra CPU cost per request ({@code stackbench.date.burn-micros}): the thread that answers spins for that
 * many microseconds of wall time before it replies. Used to give one variant of a comparison a cost of a known size
 * (can a 3% difference be found?) and to put a method of a known name at the top of a CPU profile.
 *
 * <p>Wall time, not CPU time: reading the thread's CPU clock costs a system call per check. On a thread that is
 * not preempted meanwhile (spins of a few microseconds rarely are) the two are the same.
 */
public final class CpuBurn {

    /** Written so that the JIT cannot drop the loop; never read. */
    private static volatile long sink;
    /**
     * LCG steps between two readings of the clock: about a microsecond of work, the spin's resolution. Reading the clock
     * (System.nanoTime, a vDSO call) costs as much as a few dozen steps; with 16 steps a sample it took half the spin's
     * time, and a sampling profiler that catches a thread outside Java code charges that time to whichever Java frame it
     * finds (JFR gave burn's caller a third of burn's samples). With 256, the spin's time is burn's own.
     */
    private static final int STEPS_PER_CLOCK_READING = 256;

    private CpuBurn() {}

    /** Spins for {@code micros} microseconds; returns at once for 0. */
    public static void burn(int micros) {
        if (micros <= 0) {
            return;
        }
        long end = System.nanoTime() + micros * 1_000L;
        long x = sink;
        while (System.nanoTime() < end) {
            for (int i = 0; i < STEPS_PER_CLOCK_READING; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L; // an LCG step: cheap, not foldable
            }
        }
        sink = x;
    }
}
