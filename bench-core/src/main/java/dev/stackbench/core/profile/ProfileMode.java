package dev.stackbench.core.profile;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.stackbench.core.result.ServerProfile;
import java.util.Arrays;
import java.util.stream.Collectors;

/** How the server's CPU is sampled; every mode records allocation, locks, pinning and GC with JFR. */
public enum ProfileMode {

    /** JDK Flight Recorder's execution samples: Java frames of threads running Java code. */
    JFR("jfr"),
    /** async-profiler's CPU samples (perf events, or a timer where they are not allowed): Java, native and VM frames. */
    ASYNC("async"),
    /** async-profiler's wall-clock samples: every thread, running or not, so waits show too. */
    ASYNC_WALL("async-wall");

    private final String id;

    ProfileMode(String id) {
        this.id = id;
    }

    /** As on the command line and in result.json. */
    @JsonValue
    public String id() {
        return id;
    }

    /** Whether async-profiler takes the CPU (or wall-clock) samples. */
    public boolean async() {
        return this != JFR;
    }

    /** What its CPU samples are of: wall-clock samples in {@link #ASYNC_WALL}, CPU samples in the others. */
    public ServerProfile.CpuEvent cpuEvent() {
        return this == ASYNC_WALL ? ServerProfile.CpuEvent.WALL : ServerProfile.CpuEvent.CPU;
    }

    /** @throws IllegalArgumentException naming the value and the modes */
    @JsonCreator
    public static ProfileMode fromId(String id) {
        for (ProfileMode mode : values()) {
            if (mode.id.equals(id)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("profile mode '" + id + "' is not one of "
                + Arrays.stream(values()).map(ProfileMode::id).collect(Collectors.joining(", ")));
    }
}
