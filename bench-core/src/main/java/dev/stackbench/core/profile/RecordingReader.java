package dev.stackbench.core.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads recordings into a {@link Profile}: every event that started in one of the windows, from a server thread
 * ({@link ThreadScope}), goes into its stacks and counts; everything else is skipped. JFR's own recordings and
 * async-profiler's (which writes JFR's format, its CPU samples as jdk.ExecutionSample, its wall-clock ones as
 * profiler.WallClockSample) are read alike.
 */
final class RecordingReader {

    static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    static final String WALL_CLOCK_SAMPLE = "profiler.WallClockSample";
    static final String ALLOCATION_SAMPLE = "jdk.ObjectAllocationSample";
    static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";
    static final String THREAD_PARK = "jdk.ThreadPark";
    static final String VIRTUAL_THREAD_PINNED = "jdk.VirtualThreadPinned";
    static final String VIRTUAL_THREAD_SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";
    static final String GARBAGE_COLLECTION = "jdk.GarbageCollection";

    /** Parks on these are waits for a lock; parks on anything else (queues, conditions, futures) wait for work or a result. */
    private static final List<String> LOCK_CLASSES = List.of(
            "java.util.concurrent.locks.ReentrantLock",
            "java.util.concurrent.locks.ReentrantReadWriteLock",
            "java.util.concurrent.locks.StampedLock",
            "java.util.concurrent.Semaphore");
    /** Frames kept to say where a thread blocked: enough to name the caller of the lock and its caller. */
    private static final int WHERE_FRAMES = 3;

    private final Profile profile;
    private final List<ProfileWindow> windows;
    private final ThreadScope threads;

    RecordingReader(Profile profile, List<ProfileWindow> windows, ThreadScope threads) {
        this.profile = profile;
        this.windows = List.copyOf(windows);
        this.threads = threads;
    }

    void read(Path recording) throws IOException {
        try (var file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (inWindow(event.getStartTime())) {
                    add(event);
                }
            }
        }
    }

    private boolean inWindow(Instant time) {
        for (ProfileWindow window : windows) {
            if (window.contains(time)) {
                return true;
            }
        }
        return false;
    }

    private void add(RecordedEvent event) {
        switch (event.getEventType().getName()) {
            case EXECUTION_SAMPLE, WALL_CLOCK_SAMPLE -> cpuSample(event);
            case ALLOCATION_SAMPLE -> allocation(event);
            case MONITOR_ENTER -> blocked(event, true);
            case THREAD_PARK -> blocked(event, false);
            case VIRTUAL_THREAD_PINNED -> pinned(event);
            case VIRTUAL_THREAD_SUBMIT_FAILED -> profile.submitFailures++;
            case GARBAGE_COLLECTION -> collection(event);
            default -> {} // settings, metadata, and the other recording's events
        }
    }

    private void cpuSample(RecordedEvent event) {
        // async-profiler batches wall-clock samples of an idle thread: one event may stand for several.
        long samples = event.hasField("samples") ? Math.max(1, event.getLong("samples")) : 1;
        profile.cpuSamples += samples;
        RecordedThread thread = event.getThread("sampledThread");
        RecordedStackTrace stack = event.getStackTrace();
        if (threads.owner(thread) != ThreadScope.Owner.SERVER || stack == null) {
            return;
        }
        profile.serverCpuSamples += samples;
        if (stack.isTruncated()) {
            profile.truncatedServerStacks += samples;
        }
        profile.stacks(ProfileKind.CPU).add(FrameNames.rootFirst(stack), samples);
    }

    private void allocation(RecordedEvent event) {
        if (threads.owner(event.getThread()) != ThreadScope.Owner.SERVER || event.getStackTrace() == null) {
            return;
        }
        long bytes = event.getLong("weight");
        RecordedClass type = event.getClass("objectClass");
        var frames = new ArrayList<>(FrameNames.rootFirst(event.getStackTrace()));
        frames.add(FrameNames.allocated(type == null ? "unknown" : type.getName()));
        profile.allocationSamples++;
        profile.stacks(ProfileKind.ALLOCATION).add(frames, bytes);
    }

    private void blocked(RecordedEvent event, boolean monitor) {
        if (threads.owner(event.getThread()) != ThreadScope.Owner.SERVER) {
            return;
        }
        if (!monitor) {
            RecordedClass parkedOn = event.getClass("parkedClass");
            if (parkedOn == null || LOCK_CLASSES.stream().noneMatch(parkedOn.getName()::startsWith)) {
                return;
            }
        }
        long nanos = event.getDuration().toNanos();
        if (monitor) {
            profile.monitorEvents++;
            profile.monitorNanos += nanos;
        } else {
            profile.parkEvents++;
            profile.parkNanos += nanos;
        }
        addWhere(event, ProfileKind.LOCKS, profile.blockedAt, nanos);
    }

    /** Pinned virtual threads are the server's whatever their (empty) name; the generator runs none. */
    private void pinned(RecordedEvent event) {
        if (threads.owner(event.getThread()) == ThreadScope.Owner.OTHER) {
            return;
        }
        long nanos = event.getDuration().toNanos();
        profile.pinnedEvents++;
        profile.pinnedNanos += nanos;
        addWhere(event, ProfileKind.PINNING, profile.pinnedAt, nanos);
    }

    private void addWhere(RecordedEvent event, ProfileKind kind, Map<List<String>, Profile.Where> at, long nanos) {
        RecordedStackTrace stack = event.getStackTrace();
        if (stack == null) {
            return;
        }
        profile.stacks(kind).add(FrameNames.rootFirst(stack), nanos / 1_000);
        at.merge(where(stack), new Profile.Where(1, nanos), (a, b) -> a.plus(1, b.nanos()));
    }

    /** The innermost frames outside the JDK, innermost first; the innermost frames of all if the stack is the JDK's only. */
    private List<String> where(RecordedStackTrace stack) {
        var frames = new ArrayList<String>(WHERE_FRAMES);
        for (RecordedFrame frame : stack.getFrames()) {
            String name = FrameNames.of(frame);
            if (FrameCategory.of(name, profile.codePackages) != FrameCategory.JDK) {
                frames.add(name);
                if (frames.size() == WHERE_FRAMES) {
                    break;
                }
            }
        }
        if (frames.isEmpty()) {
            stack.getFrames().stream().limit(WHERE_FRAMES).map(FrameNames::of).forEach(frames::add);
        }
        return List.copyOf(frames);
    }

    private void collection(RecordedEvent event) {
        profile.gcCount++;
        long pauses = event.getDuration("sumOfPauses").toNanos();
        profile.gcPauseNanos += pauses;
        profile.gcLongestPauseNanos = Math.max(
                profile.gcLongestPauseNanos, event.getDuration("longestPause").toNanos());
    }
}
