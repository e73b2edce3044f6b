package dev.stackbench.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a profile of the server saw over the measured window (several windows, merged, in a comparison), written as
 * result.json's {@code serverProfile}: only the server's threads, the load generator's and the measurement's left out,
 * and never the warm-up. Null when the run was not profiled, and in results written before profiles existed.
 * Percentages are of the server's samples; a value that could not be measured is null, never 0 (rates and shares of
 * time are null when no window was included).
 *
 * @param mode          how it was recorded: {@code jfr} (JDK Flight Recorder in-process), {@code async}
 *                      (async-profiler's CPU samples, native frames included) or {@code async-wall} (its wall-clock samples)
 * @param windowSeconds the time the profile covers: the measured window, or the sum of the windows merged into it
 * @param windows       how many windows were merged into it (one per run; one per trial in a comparison)
 * @param carriers      the virtual-thread scheduler's parallelism in that JVM: how many virtual threads run at once
 * @param codePackages  the package prefixes counted as the server's own code (its frames are told apart from the
 *                      framework's and the JDK's); empty when unknown
 * @param cpu           CPU (or wall-clock) samples
 * @param allocation    allocation samples (jdk.ObjectAllocationSample)
 * @param locks         time blocked entering monitors and parked on locks, above a threshold
 * @param pinning       virtual threads blocked while pinned to their carrier, and failed submits to the scheduler
 * @param gc            garbage collections in the window and their pauses
 * @param files         the files written beside result.json, relative to its directory
 * @param notes         what could not be measured, or makes the numbers suspect, in words
 */
public record ServerProfile(
        String mode,
        double windowSeconds,
        int windows,
        int carriers,
        List<String> codePackages,
        Cpu cpu,
        Allocation allocation,
        Locks locks,
        Pinning pinning,
        Gc gc,
        Files files,
        List<String> notes) {

    /** What a CPU sample is of, as {@code serverProfile.cpu.event} writes it (and async-profiler's {@code event=} takes it). */
    public enum CpuEvent {
        /** A sample of a thread running Java code, or with async-profiler any code. */
        CPU("cpu"),
        /** A sample of a thread whatever its state: running, blocked or waiting. */
        WALL("wall");

        private final String id;

        CpuEvent(String id) {
            this.id = id;
        }

        /** As written: {@code cpu} or {@code wall}. */
        @JsonValue
        public String id() {
            return id;
        }

        /** @throws IllegalArgumentException naming the bad value and the valid ones */
        @JsonCreator
        public static CpuEvent fromId(String id) {
            return Arrays.stream(values())
                    .filter(event -> event.id.equals(id))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("CPU event must be "
                            + Arrays.stream(values()).map(CpuEvent::id).collect(Collectors.joining(" or ")) + ", got '"
                            + id + "'"));
        }

        @Override
        public String toString() {
            return id;
        }
    }

    /**
     * @param event           what the samples are of: {@code cpu} (a thread running Java code, or with async-profiler any
     *                        code) or {@code wall} (a thread whatever its state)
     * @param intervalMillis  the sampling period asked for
     * @param samples         samples of every thread in the window(s)
     * @param serverSamples   of those, samples of the server's threads: the flame graph's and the shares' 100%
     * @param truncatedStacks server samples whose stack was cut at the recorder's depth (their roots are missing)
     * @param topSelf         the frames that were on top of the stack most often (self time), the busiest first
     * @param topCode         the server's own methods, each sample charged to the innermost of them in its stack (so with the
     *                        framework and JDK code it calls), the busiest first; their {@code selfPercent} is that charge
     */
    public record Cpu(
            CpuEvent event,
            double intervalMillis,
            long samples,
            long serverSamples,
            long truncatedStacks,
            List<FrameShare> topSelf,
            List<FrameShare> topCode) {}

    /**
     * A frame's share of a profile's weight.
     *
     * @param frame        {@code package.Class.method}, or a native symbol
     * @param category     {@code own}, {@code framework}, {@code jdk}, {@code native} or {@code allocated-type}
     * @param selfPercent  share of the weight with this frame on top of the stack
     * @param totalPercent share of the weight with this frame anywhere in the stack
     */
    public record FrameShare(String frame, String category, double selfPercent, double totalPercent) {}

    /**
     * @param samples          allocation samples on the server's threads
     * @param bytes            the bytes they stand for (each sample's weight: what its thread allocated since the one before)
     * @param bytesPerSecond   {@code bytes} over the window(s)
     * @param bytesPerRequest  {@code bytes} per finished request; null when no request finished or the count is not known
     * @param topSites         the frames that allocated most (the frame below the allocated type)
     * @param topTypes         the allocated types, by bytes
     */
    public record Allocation(
            long samples,
            long bytes,
            Double bytesPerSecond,
            Double bytesPerRequest,
            List<FrameShare> topSites,
            List<FrameShare> topTypes) {}

    /**
     * @param thresholdMillis         events shorter than this were not recorded (JFR's threshold), so the times are a floor
     * @param monitorEvents           contended {@code synchronized} entries (jdk.JavaMonitorEnter)
     * @param monitorMillis           their time blocked
     * @param parkEvents              parks on a lock (jdk.ThreadPark on a ReentrantLock, ReentrantReadWriteLock, StampedLock or
     *                                Semaphore); parks waiting for work (queues, conditions, futures) are not contention
     * @param parkMillis              their time parked
     * @param blockedMillisPerRequest both times per finished request; null when that count is not known
     * @param top                     where the server's threads blocked longest
     */
    public record Locks(
            double thresholdMillis,
            long monitorEvents,
            double monitorMillis,
            long parkEvents,
            double parkMillis,
            Double blockedMillisPerRequest,
            List<StackShare> top) {}

    /**
     * @param events                jdk.VirtualThreadPinned: a virtual thread blocked while pinned to its carrier, at any duration
     * @param perSecond             events per second of the window(s)
     * @param millis                the time they blocked, pinned
     * @param millisPerRequest      that time per finished request; null when that count is not known
     * @param carrierBusyPercent    {@code millis} over the carriers' time in the window(s) (window × carriers): the share of
     *                              the carriers that pinned threads held while blocked
     * @param top                   where they blocked, the most pinned time first
     * @param submitFailures        jdk.VirtualThreadSubmitFailed: a virtual thread that could not be started or continued
     */
    public record Pinning(
            long events,
            Double perSecond,
            double millis,
            Double millisPerRequest,
            Double carrierBusyPercent,
            List<StackShare> top,
            long submitFailures) {}

    /**
     * A stack's share of a kind of event.
     *
     * @param frames  its innermost frames outside the JDK, innermost first (where the code blocked or was pinned)
     * @param events  how many events had this stack
     * @param millis  their duration
     */
    public record StackShare(List<String> frames, long events, double millis) {}

    /**
     * @param collections        garbage collections that started in the window(s)
     * @param pauseMillis        the sum of their pauses (the application stopped)
     * @param longestPauseMillis the longest pause
     * @param pausePercent       {@code pauseMillis} over the window(s)' wall time
     */
    public record Gc(long collections, double pauseMillis, double longestPauseMillis, Double pausePercent) {}

    /**
     * The files beside result.json: collapsed stacks (one line per stack, {@code frame;frame;...;frame weight}, root first,
     * the text format flame graph tools share), and the recordings when kept.
     *
     * @param cpu        CPU samples per stack
     * @param allocation sampled bytes per stack, the allocated type as the last frame ({@code new TYPE})
     * @param locks      microseconds blocked per stack
     * @param pinning    microseconds pinned per stack
     * @param recordings the .jfr files (only with {@code --profile-keep-jfr}); empty if not kept
     */
    public record Files(String cpu, String allocation, String locks, String pinning, List<String> recordings) {}
}
