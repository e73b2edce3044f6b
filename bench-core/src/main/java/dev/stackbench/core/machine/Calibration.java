package dev.stackbench.core.machine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Optional;

/**
 * How fast a machine ran a fixed piece of CPU-bound work, the same every time ({@link #WORK}): string keys hashed into
 * a {@code HashMap} and looked up, an int array sorted, a little allocation; what a Java server does per request, not
 * an intrinsic one processor has and another lacks. It runs in batches after a warm-up and keeps the fastest batch's
 * rate, because the question is what the machine can do, and on a shared machine a slow batch measures the neighbours.
 * Calibrations are compared only when their {@code work} is the same.
 *
 * <pre>{@code
 * Calibration here = Calibration.measure(Calibration.LENGTH);
 * double times = here.speedAgainst(baseline.calibration()); // 0.4: this machine is 2.5x slower
 * }</pre>
 *
 * @param work           names the work and its version; rates of different work are never compared
 * @param unitsPerSecond the fastest batch's rate, in units of the work per second
 * @param spreadPercent  how much slower the median batch was than the fastest (the machine's noise meanwhile)
 * @param measuredAt     when (ISO-8601)
 * @param seconds        how long it took, warm-up included
 * @param corePercent    how much of a core its thread had while it measured the batches: the thread's CPU time over
 *                       their wall time; null where the JVM does not measure a thread's CPU, and in calibrations kept
 *                       before it was measured
 */
public record Calibration(
        String work,
        double unitsPerSecond,
        double spreadPercent,
        String measuredAt,
        double seconds,
        Double corePercent) {

    /** The work's name; a change to {@link #unit} changes its version. */
    public static final String WORK = "stackbench.calibration/1: 4096 string keys hashed, looked up and sorted";

    /** A few seconds: long enough for the JIT to finish and for several batches, short beside any run. */
    public static final Duration LENGTH = Duration.ofSeconds(2);

    /**
     * A calibration whose median batch was more than this much slower than its best ran on a busy machine: every batch
     * shared the cores, so its best is what the machine did at least, not what it can do. Measured (2026-11-29): 6-45%
     * with nothing of ours running beside it (7% on one machine of this kind, up to 45% on another, whose neighbours
     * are noisier), 60-84% beside a build or two loaded JVMs, whose best batches were 2-6x slower than a quiet one's.
     */
    public static final double BUSY_SPREAD_PERCENT = 50;

    /**
     * A calibration whose thread had less than this share of a core waited for one: every core had other work, and
     * all its batches slowed alike, which the spread does not see. Measured (2026-11-29, m-3a9b66aa, 2 cores): one kept
     * for a whole boot read 998 units/s with its median batch only 24.7% slower than its best, where quiet ones read
     * 2,061-3,233; beside a JVM keeping both cores busy, 36-44% of a core; in {@code load}'s JVM just after its server
     * started, its JIT still compiling, 91-96% on a quiet machine (seven runs), 89.6% beside another JVM starting. Two other
     * busy threads on two cores leave it two thirds.
     */
    public static final double BUSY_CORE_PERCENT = 75;

    private static final Duration BATCH = Duration.ofMillis(50);
    private static final int KEYS = 4096;

    /** Runs the work for {@code length}, the first third as a warm-up. */
    public static Calibration measure(Duration length) {
        long start = System.nanoTime();
        long warmupEnd = start + length.toNanos() / 3;
        long end = start + length.toNanos();
        long sink = 0;
        while (System.nanoTime() < warmupEnd) {
            sink += unit(sink);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean timed = threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        long measuredFrom = System.nanoTime();
        long cpuFrom = timed ? threads.getCurrentThreadCpuTime() : 0;
        var rates = new ArrayList<Double>();
        while (System.nanoTime() < end) {
            long batchStart = System.nanoTime();
            long batchEnd = batchStart + BATCH.toNanos();
            int units = 0;
            long now;
            do {
                sink += unit(sink);
                units++;
                now = System.nanoTime();
            } while (now < batchEnd);
            rates.add(units / ((now - batchStart) / 1e9));
        }
        // Clamped: the thread's CPU clock and the wall clock tick apart, and a quiet thread reads a hair over 100%.
        Double corePercent = timed
                ? Math.min(
                        100, 100.0 * (threads.getCurrentThreadCpuTime() - cpuFrom) / (System.nanoTime() - measuredFrom))
                : null;
        if (sink == 42) {
            // Never true in practice; keeps the work from being optimised away.
            rates.add(0.0);
        }
        double[] sorted =
                rates.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double best = sorted[sorted.length - 1];
        double median = sorted[sorted.length / 2];
        return new Calibration(
                WORK,
                best,
                100 * (best - median) / best,
                Instant.now().toString(),
                (System.nanoTime() - start) / 1e9,
                corePercent);
    }

    /** One unit of the work; its result depends on every step, so none of it can be skipped. */
    static long unit(long seed) {
        var map = new HashMap<String, Integer>(KEYS * 2);
        int[] values = new int[KEYS];
        int x = (int) (seed & 0xff) | 1;
        for (int i = 0; i < KEYS; i++) {
            x = x * 1_103_515_245 + 12_345;
            values[i] = x;
            map.put("key-" + (x >>> 8), i);
        }
        long sum = 0;
        for (int i = 0; i < KEYS; i++) {
            Integer found = map.get("key-" + (values[i] >>> 8));
            sum += found == null ? 0 : found;
        }
        Arrays.sort(values);
        return sum + values[KEYS / 2];
    }

    /**
     * Whether it ran on a busy machine ({@link #BUSY_SPREAD_PERCENT}, {@link #BUSY_CORE_PERCENT}): then its rate is a
     * lower bound of the machine's.
     */
    public boolean busy() {
        return busyBecause().isPresent();
    }

    /**
     * Why it ran on a busy machine, in words: "median batch 60.1% slower than its best", "its thread had 52.0% of a
     * core"; empty when neither says so.
     */
    public Optional<String> busyBecause() {
        if (spreadPercent > BUSY_SPREAD_PERCENT) {
            return Optional.of(String.format(Locale.ROOT, "median batch %.1f%% slower than its best", spreadPercent));
        }
        if (corePercent != null && corePercent < BUSY_CORE_PERCENT) {
            return Optional.of(String.format(Locale.ROOT, "its thread had %.1f%% of a core", corePercent));
        }
        return Optional.empty();
    }

    /**
     * Whether the slower of this and {@code other} ran busy: then their ratio is only a bound (the slower may be as fast),
     * and says neither that they are two machines nor how much slower one is.
     */
    public boolean slowerBusy(Calibration other) {
        double speed = speedAgainst(other);
        return speed < 1 ? busy() : speed > 1 && other.busy();
    }

    /** Of two calibrations of one machine, the faster: each best batch is what the machine did at least. */
    public static Calibration faster(Calibration one, Calibration other) {
        return other.unitsPerSecond > one.unitsPerSecond ? other : one;
    }

    /**
     * This machine's speed as a multiple of {@code other}'s: 0.4 when it ran 2.5 times fewer units per second; NaN
     * when either is missing or their work differs.
     */
    public double speedAgainst(Calibration other) {
        if (other == null || !work.equals(other.work) || other.unitsPerSecond <= 0) {
            return Double.NaN;
        }
        return unitsPerSecond / other.unitsPerSecond;
    }

    /** {@code 2.5x slower than}, {@code 1.3x faster than}, {@code as fast as} (within 10%). */
    public static String speedWords(double speed) {
        if (Double.isNaN(speed)) {
            return "of unknown speed against";
        }
        if (Math.abs(speed - 1) < 0.1) {
            return "as fast as";
        }
        return speed < 1
                ? String.format(Locale.ROOT, "%.1fx slower than", 1 / speed)
                : String.format(Locale.ROOT, "%.1fx faster than", speed);
    }

    /**
     * {@link #speedWords} of this against {@code other}, said as a bound ({@code at most 5.0x slower than}) when the
     * slower ran busy ({@link #slowerBusy}).
     */
    public String speedWordsAgainst(Calibration other) {
        String words = speedWords(speedAgainst(other));
        return slowerBusy(other) && !words.equals("as fast as") ? "at most " + words : words;
    }

    /**
     * {@code 1,234 units/s, median batch 3.1% slower, 98.6% of a core}, and {@code (busy: at least this fast)} when
     * {@link #busy()}.
     */
    public String words() {
        return String.format(Locale.ROOT, "%,.0f units/s, median batch %.1f%% slower", unitsPerSecond, spreadPercent)
                + (corePercent == null ? "" : String.format(Locale.ROOT, ", %.1f%% of a core", corePercent))
                + (busy() ? " (busy: at least this fast)" : "");
    }
}
